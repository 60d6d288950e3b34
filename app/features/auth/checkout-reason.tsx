import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { pathInLocale } from "../../../common/locales";
import { useCart } from "~/lib/cart/cart-store";
import { useLocale } from "~/i18n/use-locale";

/**
 * A visitor sent here from the cart (`?redirect=/cart`) reads why: "Sign in to check out your 2 items". Counted from
 * the browser's cart, so it shows once the app runs; nothing for any other redirect or an empty cart.
 */
export function CheckoutReason({ kind }: { kind: "signIn" | "signUp" }) {
  const { t } = useTranslation("cart-help");
  const { locale } = useLocale();
  const [search] = useSearchParams();
  const items = useCart().length;
  const fromCart = search.get("redirect")?.split(/[?#]/)[0] === pathInLocale("/cart", locale);
  if (!fromCart || items === 0) return null;
  return (
    <p className="mb-6 rounded-md border border-indigo-500 bg-indigo-50 px-4 py-3 text-indigo-950 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100" data-testid="checkout-reason">
      {kind === "signIn" ? t("visitor.signIn", { count: items }) : t("visitor.signUp", { count: items })}
    </p>
  );
}
