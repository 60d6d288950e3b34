import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "~/i18n/use-locale";
import { useSession } from "~/lib/auth/session";
import { CartMenu } from "./cart-menu";

/** The cart (its panel: cart-menu.tsx) and the sign-in or account link; both keep their width so nothing jumps. */
export function AccountLinks() {
  const { t } = useTranslation("common");
  const { to } = useLocale();
  const signedIn = useSession() === "signedIn";
  return (
    <ul className="flex items-center gap-2">
      <li>
        <CartMenu />
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
