import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CartPreview } from "~/components/cart-preview";
import { useLocale } from "~/i18n/use-locale";
import { useSession } from "~/lib/auth/session";
import { useCart } from "~/lib/cart/cart-store";
import { useHydrated } from "~/lib/forms/use-hydrated";
import { useDismiss } from "~/lib/use-dismiss";

/** The cart icon, the word (for screen readers only on a phone) and the item count. */
function CartLabel({ count }: { count: number }) {
  const { t } = useTranslation("common");
  return (
    <>
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L22 7H6" />
      </svg>
      <span className="sr-only sm:not-sr-only">{t("account.cart")}</span>
      <span className="inline-block min-w-6 rounded-full bg-indigo-700 px-1.5 text-center text-xs font-bold text-white" data-testid="cart-count">
        {count}
      </span>
      <span className="sr-only">{t("account.items", { count })}</span>
    </>
  );
}

const PANEL_LINK = "font-medium text-indigo-700 underline dark:text-indigo-300";

/** What the panel offers: the cart for a signed-in customer; sign-in, sign-up and why an account for a visitor. */
function CartPanel({ id, headingId }: { id: string; headingId: string }) {
  const { t } = useTranslation("cart-help");
  const { to } = useLocale();
  const items = useCart();
  const signedIn = useSession() === "signedIn";
  const back = `?redirect=${encodeURIComponent(to("/cart"))}`;
  return (
    <div
      id={id}
      data-testid="cart-panel"
      className="absolute inset-x-4 top-full z-30 mt-1 space-y-3 rounded-lg border border-slate-300 bg-white p-4 text-base shadow-lg md:left-auto md:w-96 dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t("preview.heading")}
      </h2>
      {items.length === 0 ? (
        <p>
          {t("preview.empty")}{" "}
          <Link to={to("/services")} className={PANEL_LINK}>
            {t("preview.browse")}
          </Link>
        </p>
      ) : (
        <CartPreview items={items} headingId={headingId} />
      )}
      {items.length > 0 && signedIn ? (
        <Link to={to("/cart")} className={`${PANEL_LINK} block`} data-testid="panel-go-to-cart">
          {t("preview.goToCart")}
        </Link>
      ) : null}
      {items.length > 0 && !signedIn ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="account-purpose">
            {t("preview.why")}
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to={to("/auth/sign-in") + back} className={PANEL_LINK} data-testid="panel-sign-in">
              {t("preview.signIn")}
            </Link>
            <Link to={to("/auth/sign-up") + back} className={PANEL_LINK} data-testid="panel-sign-up">
              {t("preview.signUp")}
            </Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The header's cart (issue 25, point 4): a link to /cart until the page's script runs, then a disclosure button whose
 * panel shows the items and total to anyone, a visitor included, who would otherwise meet only the sign-in page.
 * Escape closes it and returns the focus to the button; a click outside or another page closes it too.
 */
export function CartMenu() {
  const { to } = useLocale();
  const hydrated = useHydrated();
  const count = useCart().length;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another page is the trigger, not an input
  useEffect(() => setOpen(false), [pathname]);
  useDismiss(open, setOpen, button, box);
  const look = "header-link inline-flex items-center gap-1";
  if (!hydrated) {
    return (
      <Link to={to("/cart")} className={look} data-testid="cart-link">
        <CartLabel count={count} />
      </Link>
    );
  }
  return (
    <div ref={box}>
      <button ref={button} type="button" className={look} aria-expanded={open} aria-controls={panelId} data-testid="cart-link" onClick={() => setOpen((was) => !was)}>
        <CartLabel count={count} />
      </button>
      {open ? <CartPanel id={panelId} headingId={headingId} /> : null}
    </div>
  );
}
