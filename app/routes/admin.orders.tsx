import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/features/admin-orders/admin-frame";
import { OrderQueueScreen } from "~/features/admin-orders/order-queue";

export default function AdminOrders() {
  const { t } = useTranslation("admin-orders");
  return (
    <AdminFrame title={t("title.queue")}>
      <OrderQueueScreen />
    </AdminFrame>
  );
}
