import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCart } from "~/lib/cart/cart-store";
import { useLocale } from "~/i18n/use-locale";
import { useSession } from "~/lib/auth/session";

/** Cart link with its item count and the sign-in or account link; both keep their width so nothing jumps. */
export function AccountLinks() {
  const { t } = useTranslation("common");
  const { to } = useLocale();
  const count = useCart().length;
  const signedIn = useSession() === "signedIn";
  return (
    <ul className="flex items-center gap-2">
      <li>
        <Link to={to("/cart")} className="header-link inline-flex items-center gap-1" data-testid="cart-link">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L22 7H6" />
          </svg>
          {/* On a phone the icon and the count say it; the word stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">{t("account.cart")}</span>
          <span
            className="inline-block min-w-6 rounded-full bg-indigo-700 px-1.5 text-center text-xs font-bold text-white"
            data-testid="cart-count"
          >
            {count}
          </span>
          <span className="sr-only">{t("account.items", { count })}</span>
        </Link>
      </li>
      <li>
        <Link
          to={to(signedIn ? "/profile/account-information" : "/auth/sign-in")}
          className="header-link inline-block min-w-24 text-center"
          data-testid={signedIn ? "account-link" : "sign-in-link"}
        >
          {signedIn ? t("account.myAccount") : t("account.signIn")}
        </Link>
      </li>
    </ul>
  );
}
