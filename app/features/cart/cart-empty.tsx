import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "~/i18n/use-locale";

/** /cart with nothing in it: a word and a way to the services. */
export function CartEmpty() {
  const { t } = useTranslation("cart");
  const { to } = useLocale();
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-semibold">{t("heading")}</h1>
      <p className="text-slate-700 dark:text-slate-300" data-testid="cart-empty">
        {t("empty")}
      </p>
      <Link to={to("/services")} className="font-medium text-indigo-700 dark:text-indigo-300 underline">
        {t("browse")}
      </Link>
    </div>
  );
}
