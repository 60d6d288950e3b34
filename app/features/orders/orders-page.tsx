import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { useLocale } from "~/i18n/use-locale";
import { errorText } from "~/lib/error-text";
import { useProductName } from "~/lib/product-name";
import { OrderCard } from "./order-card";
import { useOrders } from "./use-orders";

/** /profile/orders: the customer's orders, those that need them first (a question to answer, a delivery to review), then newest first. */
export function OrdersPage() {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const { locale, to } = useLocale();
  const productName = useProductName();
  const { orders, failure, hasMore, loadingMore, loadMore } = useOrders();
  return (
    <div className="space-y-6">
      {failure ? <FormAlert tone="error" title={errorText(failure, te)} /> : null}
      {orders === null && !failure ? <p role="status">{t("loading")}</p> : null}
      {orders?.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          {t("none")}{" "}
          <Link to={to("/services")} className="font-medium text-indigo-700 dark:text-indigo-300 underline">
            {t("browse")}
          </Link>
        </p>
      ) : null}
      {orders && orders.length > 0 ? (
        <ol className="space-y-6">
          {[...orders.filter((order) => order.needsAttention), ...orders.filter((order) => !order.needsAttention)].map((order) => (
            <OrderCard key={order.id} order={order} locale={locale} productName={productName} href={to(`/profile/orders/${order.number}`)} />
          ))}
        </ol>
      ) : null}
      {hasMore ? (
        <SubmitButton type="button" busy={loadingMore} onClick={loadMore}>
          {t("loadMore")}
        </SubmitButton>
      ) : null}
    </div>
  );
}
