import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { tokens } from "~/lib/api/tokens";
import { clearBriefDrafts } from "~/lib/briefs/brief-drafts";
import { clearCart } from "~/lib/cart/cart-store";

/**
 * Sign-out: home first, then the sign-in ends on the server (its tokens stop working there too) and both tokens
 * leave both storages. In that order a guarded page is gone before the session ends, so its guard does not send
 * the visitor to sign-in instead. A server that cannot be reached does not keep anyone signed in here. The cart and
 * its briefs are kept with the account (docs/decisions/0027-cart-kept-with-the-account.md), so the browser's copy
 * goes too: the next person to sign in on this browser does not get them merged into their own cart.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const { to } = useLocale();
  return useCallback(async () => {
    const refreshToken = tokens.refresh();
    await navigate(to("/"));
    tokens.clear();
    clearCart();
    clearBriefDrafts();
    if (refreshToken) {
      await api("/api/Accounts/logout", { method: "POST", body: { refreshToken }, auth: false }).catch(() => undefined);
    }
  }, [navigate, to]);
}
