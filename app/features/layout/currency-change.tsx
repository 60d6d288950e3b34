import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useCartSync } from "~/lib/cart/cart-sync";
import { cancelCurrencyChange, confirmCurrencyChange, dismissCurrencyNotice, useCurrencyChange } from "~/lib/currency/currency-change";

/**
 * Rendered once under the header: asks before a currency change empties the cart (naming how many items), says it
 * afterwards, and keeps a signed-in customer's cart with the account.
 */
export function CurrencyChange() {
  const { t } = useTranslation("money");
  const { pending, notice } = useCurrencyChange();
  useCartSync();

  return (
    <>
      {/* The safe choice (keeping the cart) is focused first: Enter or Space keeps it; Escape does too. */}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t("change.title", { to: pending.to }) : ""}
        confirmLabel={pending ? t("change.confirm", { to: pending.to }) : ""}
        cancelLabel={pending ? t("change.cancel", { from: pending.from }) : ""}
        onConfirm={() => confirmCurrencyChange()}
        onCancel={() => cancelCurrencyChange()}
        testId="currency-change-dialog"
      >
        {pending ? <p>{t("change.text", { count: pending.items, from: pending.from, to: pending.to })}</p> : null}
      </ConfirmDialog>
      <div role="status" className="mx-auto max-w-6xl px-4">
        {notice ? (
          <p
            data-testid="currency-change-notice"
            className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-indigo-500 bg-indigo-50 px-4 py-2 text-indigo-950 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100"
          >
            <span>{t("change.done", { count: notice.items, currency: notice.currency })}</span>
            <button type="button" className="text-sm font-medium underline" onClick={() => dismissCurrencyNotice()}>
              {t("change.dismiss")}
            </button>
          </p>
        ) : null}
      </div>
    </>
  );
}
