import "~/i18n/back-office-ready";
import { useTranslation } from "react-i18next";
import { InvitationPage } from "~/features/admin/invitation-page";

export default function AdminInvitationRoute() {
  const { t } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  return (
    <>
      <title>{`${t("invitation.title")} — ${tCommon("brand")}`}</title>
      <meta name="robots" content="noindex" />
      <InvitationPage />
    </>
  );
}
