import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useCartSync } from "~/lib/cart/cart-sync";
import { cancelCurrencyChange, confirmCurrencyChange, dismissCurrencyNotice, useCurrencyChange } from "~/lib/currency/currency-change";

/**
 * Rendered once under the header: asks before a currency change empties the cart (naming how many items), says it
 * afterwards, and keeps a signed-in customer's cart with the account.
 */
export function CurrencyChange() {
  const { t } = useTranslation("money");
  const { pending, notice } = useCurrencyChange();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useCartSync();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (pending && !element.open) {
      element.showModal();
      // The safe choice first: Enter or Space keeps the cart.
      keep.current?.focus();
    }
    if (!pending && element.open) element.close();
  }, [pending]);

  return (
    <>
      <dialog
        ref={dialog}
        aria-labelledby="currency-change-title"
        aria-describedby="currency-change-text"
        data-testid="currency-change-dialog"
        onCancel={() => cancelCurrencyChange()}
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {pending ? (
          <>
            <h2 id="currency-change-title" className="text-xl font-semibold">
              {t("change.title", { to: pending.to })}
            </h2>
            <p id="currency-change-text" className="mt-2">
              {t("change.text", { count: pending.items, from: pending.from, to: pending.to })}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" className="primary-button" onClick={() => confirmCurrencyChange()}>
                {t("change.confirm", { to: pending.to })}
              </button>
              <button ref={keep} type="button" className="secondary-button" onClick={() => cancelCurrencyChange()}>
                {t("change.cancel", { from: pending.from })}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
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
