import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { RequireAuth } from "~/lib/auth/guards";
import { SandboxCheckout } from "~/features/checkout/sandbox-checkout";

export default function CheckoutSandbox() {
  const { t } = useTranslation("checkout");
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-12">
      <title>{t("sandbox.title")}</title>
      <meta name="robots" content="noindex" />
      <RequireAuth>
        <SandboxCheckout />
      </RequireAuth>
    </main>
  );
}
