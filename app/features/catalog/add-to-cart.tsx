import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProductId } from "../../../contract/product-ids";
import { NoScriptNote } from "~/components/ui/no-script-note";
import { addToCart, useCart } from "~/lib/cart/cart-store";
import { useLocale } from "~/i18n/use-locale";

/**
 * "Add to cart" for anyone (enabled once the app runs); the confirmation is announced and links to the cart. Without
 * JavaScript the cart cannot work: the button is not shown, a note says why and offers the contact form instead.
 */
export function AddToCart({ productId, name }: { productId: ProductId; name: string }) {
  const { t } = useTranslation("catalog");
  const { to } = useLocale();
  // The line just added: the notice stays only while it is still in the cart (a currency change empties it).
  const [added, setAdded] = useState<string | null>(null);
  const inCart = useCart().some((item) => item.id === added);
  // The server-rendered button waits for the app: a click before it runs would be lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div>
      <NoScriptNote
        text={t("noScript.addToCart")}
        href={to("/contact-us")}
        linkText={t("noScript.contact")}
        className="rounded-md border border-amber-500 px-3 py-2 text-sm"
        testId="add-to-cart-no-script"
      />
      <button
        type="button"
        className="primary-button needs-js"
        disabled={!ready}
        onClick={() => {
          setAdded(addToCart(productId).id);
        }}
        data-testid="add-to-cart"
      >
        {t("addToCart")}
      </button>
      <p role="status" className="mt-3 min-h-6 text-sm" data-testid="add-to-cart-status">
        {inCart ? (
          <>
            {t("added", { name })}{" "}
            <Link to={to("/cart")} className="font-medium underline">
              {t("viewCart")}
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
