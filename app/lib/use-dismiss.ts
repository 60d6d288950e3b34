import { useEffect, type RefObject } from "react";

/**
 * Closes an open disclosure the way people expect: Escape closes it and returns the focus to its button; a press
 * anywhere outside its panel and button closes it too. `setOpen` is a state setter (stable).
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  button: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, setOpen, button, panel]);
}
