import type { Localized } from "../../contract/localized";
import { DEFAULT_BALANCE_POLICY, type BalancePolicySettings } from "../../contract/wallet";

export { DEFAULT_BALANCE_POLICY, type BalancePolicySettings };

type Locale = keyof Localized;

/**
 * Issue 25, point 1: the one statement of what happens to unused balance. The terms, the FAQ, the balance page, the
 * account-closing flow and the withdrawal mail all render this text (never a copy of their own).
 */
const POLICY: Localized = {
  en: "Money on your balance that you have not spent is yours to take back at any time. Withdraw it from the Balance page of your account (we also offer it before you close your account): it is refunded through our payment provider to the payments it came from, newest top-ups first, without fees on our side, and usually reaches you within {{refundDays}} days. Goodwill credits we add ourselves can be spent but are not paid out.",
  es: "El saldo que no hayas gastado es tuyo y puedes recuperarlo cuando quieras. Retíralo desde la página Saldo de tu cuenta (también te lo ofrecemos antes de cerrar la cuenta): te lo devolvemos a través de nuestro proveedor de pagos a los mismos pagos de los que procede, empezando por las recargas más recientes, sin comisiones por nuestra parte, y suele llegarte en un plazo de {{refundDays}} días. Los abonos de cortesía que añadimos nosotros se pueden gastar, pero no se reembolsan.",
};

/** The question the FAQ asks before the policy. */
export const BALANCE_POLICY_QUESTION: Localized = {
  en: "Can I get unused balance back?",
  es: "¿Puedo recuperar el saldo que no he usado?",
};

// Made once: an Intl formatter costs far more to make than to use, and every page states the policy.
const numbers: Record<Locale, Intl.NumberFormat> = { en: new Intl.NumberFormat("en-GB"), es: new Intl.NumberFormat("es-ES") };

/** The balance policy in one language, with its settings filled in. */
export function balancePolicyText(locale: Locale, settings: BalancePolicySettings = DEFAULT_BALANCE_POLICY): string {
  const days = numbers[locale].format(settings.refundDays);
  return POLICY[locale].replace("{{refundDays}}", days);
}
