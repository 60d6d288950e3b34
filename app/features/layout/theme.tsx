import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const THEME_KEY = "theme";

/**
 * Runs in <head> before the body paints: marks the page as running scripts (`js`: controls that need JavaScript show
 * only then, see `.needs-js` in app.css) and applies a remembered light theme so the page never flashes dark first.
 * Dark is the default (the server renders `class="dark"`).
 */
export const THEME_SCRIPT = `document.documentElement.classList.add("js");try{if(localStorage.getItem("${THEME_KEY}")==="light")document.documentElement.classList.remove("dark")}catch(e){}`;

export function ThemeScript({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}

/** A button that switches between the dark (default) and light theme and remembers the choice. */
export function ThemeToggle() {
  const { t } = useTranslation("common");
  const [dark, setDark] = useState(true);
  useEffect(() => setDark(document.documentElement.classList.contains("dark")), []);
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle("dark", next);
    try {
      localStorage.setItem(THEME_KEY, next ? "dark" : "light");
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
    setDark(next);
  };
  const label = dark ? t("theme.toLight") : t("theme.toDark");
  return (
    <button type="button" onClick={toggle} aria-label={label} title={label} className="icon-button needs-js" data-testid="theme-toggle">
      {dark ? (
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}
