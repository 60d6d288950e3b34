import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, moneyFromApi } from "../../../contract/money";
import type { PlaceOrderResponse } from "../../../contract/orders";
import { FormAlert } from "~/components/ui/form-alert";
import type { Locale } from "../../../common/locales";

/** Shown once the order is placed: its number and total, and a link to its own page (`ordersPath`/{number}) to follow it. */
export function OrderPlaced({ order, locale, ordersPath }: { order: PlaceOrderResponse; locale: Locale; ordersPath: string }) {
  const { t } = useTranslation("cart");
  return (
    <div data-testid="order-placed">
      <FormAlert tone="success" title={t("placed.title", { number: order.number })}>
        <p className="mt-1">{t("placed.total", { total: formatMoney(moneyFromApi(order.total, order.currency), locale) })}</p>
        <p className="mt-2">
          <Link to={`${ordersPath}/${order.number}`} className="font-medium underline" data-testid="open-placed-order">
            {t("placed.seeOrders")}
          </Link>
        </p>
      </FormAlert>
    </div>
  );
}
