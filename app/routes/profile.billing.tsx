import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/components/ui/form-alert";
import { GuardSkeleton } from "~/lib/auth/guards";
import { BillingDetailsForm } from "~/features/auth/billing-details-form";
import { ProfileLayout } from "~/features/profile/profile-layout";
import { useProfile } from "~/features/auth/use-profile";

function BillingDetails() {
  const { t } = useTranslation("errors");
  const { profile, setProfile, failure } = useProfile();
  if (failure) return <FormAlert tone="error" title={t(failure.messageKey)} />;
  if (!profile) return <GuardSkeleton />;
  return <BillingDetailsForm profile={profile} onSaved={setProfile} />;
}

/** /profile/billing: the billing details (with the VAT number) that prefill deposits and orders. */
export default function BillingDetailsPage() {
  const { t } = useTranslation("paperwork");
  return (
    <ProfileLayout title={t("billing.title")}>
      <BillingDetails />
    </ProfileLayout>
  );
}
