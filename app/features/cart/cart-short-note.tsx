import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "~/i18n/use-locale";

/** Why the place button waits: the balance is short of the total, and where to top it up. */
export function CartShortNote() {
  const { t: tForms } = useTranslation("forms");
  const { to } = useLocale();
  return (
    <p id="cart-short-note" className="text-sm text-slate-700 dark:text-slate-300" data-testid="cart-short-note">
      {tForms("checkout.short")}{" "}
      <Link to={to("/profile/balance")} className="font-medium text-indigo-700 underline dark:text-indigo-300">
        {tForms("checkout.topUp")}
      </Link>
    </p>
  );
}
