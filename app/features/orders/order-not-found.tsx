import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** An order number that is none of the customer's (the API answers 404): said as such, with the way back to the list. */
export function OrderNotFound({ number, ordersPath }: { number: string; ordersPath: string }) {
  const { t } = useTranslation("orders");
  return (
    <section aria-labelledby="order-not-found" className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-800" data-testid="order-not-found">
      <h2 id="order-not-found" className="text-xl font-semibold">
        {t("notFound.heading", { number })}
      </h2>
      <p className="text-slate-700 dark:text-slate-300">{t("notFound.text")}</p>
      <Link to={ordersPath} className="primary-button">
        {t("notFound.back")}
      </Link>
    </section>
  );
}
