import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { SandboxCompleteRequest, SandboxCompleteResponse, SandboxPayment } from "../../../contract/wallet";
import { formatMoney, moneyFromApi } from "../../../contract/money-units";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { api } from "~/lib/api/client";
import { ApiClientError } from "~/lib/api/api-error";
import { useLocale } from "~/i18n/use-locale";
import { errorText } from "~/lib/error-text";

type Outcome = SandboxCompleteRequest["outcome"];

/** The store's own test payment page (PAYMENT_PROVIDER=sandbox): Pay or Decline one pending deposit. */
export function SandboxCheckout() {
  const { t } = useTranslation("checkout");
  const { t: te } = useTranslation("errors");
  const [search] = useSearchParams();
  const depositId = search.get("deposit") ?? "";
  const navigate = useNavigate();
  const { locale, to } = useLocale();
  const [payment, setPayment] = useState<SandboxPayment | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!depositId) return;
    let live = true;
    api<SandboxPayment>(`/api/payments/sandbox/${encodeURIComponent(depositId)}`)
      .then((found) => live && setPayment(found))
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [depositId]);

  function messageOf(failure: unknown): string {
    return failure instanceof ApiClientError && failure.status === 404 ? t("sandbox.notFound") : errorText(failure, te);
  }

  async function complete(outcome: Outcome) {
    setBusy(outcome);
    setFailure(null);
    try {
      await api<SandboxCompleteResponse>(`/api/payments/sandbox/${encodeURIComponent(depositId)}/complete`, {
        method: "POST",
        body: { outcome } satisfies SandboxCompleteRequest,
      });
      // A deposit that pays an order's difference returns to the cart, which places the order (or says why not).
      const back = search.get("for") === "order" ? `${to("/cart")}?checkout=` : `${to("/profile/balance")}?deposit=`;
      await navigate(`${back}${encodeURIComponent(depositId)}`);
    } catch (error) {
      setFailure(error);
      setBusy(null);
    }
  }

  return (
    <section className="mx-auto max-w-md rounded-lg border-2 border-dashed border-amber-500 p-6" aria-labelledby="sandbox-heading" data-testid="sandbox-checkout">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-400">{t("sandbox.badge")}</p>
      <h1 id="sandbox-heading" className="mt-2 text-2xl font-semibold">
        {t("sandbox.heading")}
      </h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("sandbox.explanation")}</p>
      {!depositId ? <FormAlert tone="error" title={t("sandbox.notFound")} /> : null}
      {failure !== null ? <FormAlert tone="error" title={messageOf(failure)} /> : null}
      {payment ? (
        <>
          <dl className="my-6 grid grid-cols-2 gap-2">
            <dt className="text-slate-600 dark:text-slate-400">{t("sandbox.amount")}</dt>
            <dd className="text-right text-2xl font-semibold" data-testid="sandbox-amount">
              {formatMoney(moneyFromApi(payment.amount, payment.currency), locale)}
            </dd>
            <dt className="text-slate-600 dark:text-slate-400">{t("sandbox.currency")}</dt>
            <dd className="text-right">{payment.currency}</dd>
          </dl>
          {payment.status !== "pending" ? (
            // Settled: what became of it, and the way on; no Pay or Decline that could only be refused.
            <FormAlert tone={payment.status === "paid" ? "success" : "error"} title={t(`sandbox.settled.${payment.status}`)}>
              <Link to={`${to("/profile/balance")}?deposit=${encodeURIComponent(depositId)}`} className="mt-2 inline-block font-medium underline">
                {t("sandbox.toBalance")}
              </Link>
            </FormAlert>
          ) : (
            <div className="flex gap-3">
              <SubmitButton type="button" busy={busy === "paid"} disabled={busy !== null} onClick={() => void complete("paid")}>
                {t("sandbox.pay")}
              </SubmitButton>
              <button
                type="button"
                disabled={busy !== null}
                aria-busy={busy === "declined" || undefined}
                onClick={() => void complete("declined")}
                className="rounded-md border border-slate-400 dark:border-slate-500 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-70"
              >
                {t("sandbox.decline")}
              </button>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
