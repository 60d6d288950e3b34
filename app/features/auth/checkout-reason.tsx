import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { pathInLocale } from "../../../common/locales";
import { CartPreview } from "~/components/cart-preview";
import { useCart } from "~/lib/cart/cart-store";
import { useLocale } from "~/i18n/use-locale";

/**
 * A visitor sent here from the cart (`?redirect=/cart`) reads why — "Sign in to check out your 2 items" — sees those
 * items with their prices and the total, and what an account is for (issue 25, point 4). Read from the browser's
 * cart, so it shows once the app runs; nothing for any other redirect or an empty cart.
 */
export function CheckoutReason({ kind }: { kind: "signIn" | "signUp" }) {
  const { t } = useTranslation("cart-help");
  const { locale } = useLocale();
  const [search] = useSearchParams();
  const headingId = useId();
  const items = useCart();
  const fromCart = search.get("redirect")?.split(/[?#]/)[0] === pathInLocale("/cart", locale);
  if (!fromCart || items.length === 0) return null;
  const count = items.length;
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 space-y-3 rounded-md border border-indigo-500 bg-indigo-50 px-4 py-3 text-indigo-950 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-100"
      data-testid="checkout-cart"
    >
      <p id={headingId} className="font-medium" data-testid="checkout-reason">
        {kind === "signIn" ? t("visitor.signIn", { count }) : t("visitor.signUp", { count })}
      </p>
      <CartPreview items={items} headingId={headingId} />
      <p className="text-sm" data-testid="account-purpose">
        {t("preview.why")}
      </p>
    </section>
  );
}
