import { useEffect, useState } from "react";
import type { Profile } from "../../../contract/accounts";
import type { BillingFields } from "../../../contract/wallet";
import { api } from "~/lib/api/client";

/** The billing part of a deposit or an order as the form holds it (no country chosen yet, the agreement unticked). */
export type BillingDraft = Omit<BillingFields, "agreedToPP_TOS" | "country" | "vatNumber"> & { country: string; agreedToPP_TOS: boolean; vatNumber?: string };

const EMPTY: BillingDraft = {
  firstName: "",
  lastName: "",
  email: "",
  businessName: "",
  country: "",
  city: "",
  address1: "",
  state: "",
  zipCode: "",
  vatNumber: "",
  agreedToPP_TOS: false,
};

/** The billing details last used or saved (remembered by the server), else what the profile knows. */
function fromProfile(profile: Profile): BillingDraft {
  if (profile.billing) return { ...EMPTY, ...profile.billing };
  return {
    ...EMPTY,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    businessName: profile.company,
    country: profile.country,
    city: profile.city,
    address1: profile.address,
    zipCode: profile.zipCode,
  };
}

/**
 * Billing details prefilled from GET /api/Accounts/profile once it answers; fields the customer already typed in
 * are kept. A failed profile call leaves the form empty to fill by hand.
 */
export function useBillingDraft() {
  const [billing, setBilling] = useState<BillingDraft>(EMPTY);
  useEffect(() => {
    let live = true;
    api<Profile>("/api/Accounts/profile")
      .then((profile) => {
        if (!live) return;
        const prefill = fromProfile(profile);
        setBilling((typed) => {
          const merged = { ...typed };
          for (const key of Object.keys(prefill) as (keyof BillingDraft)[]) {
            if (typed[key] === EMPTY[key]) (merged[key] as unknown) = prefill[key];
          }
          return merged;
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return [billing, setBilling] as const;
}
