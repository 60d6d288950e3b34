import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "~/lib/auth/guards";
import { CartPage } from "~/features/cart/cart-page";

export default function Cart() {
  const { t } = useTranslation("cart");
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-12">
      <title>{t("title")}</title>
      <RequireAuth>
        <CartPage />
      </RequireAuth>
    </main>
  );
}
