import "~/i18n/back-office-ready";
import { useTranslation } from "react-i18next";
import { StaffSignIn } from "~/features/admin/staff-sign-in";

export default function AdminSignInRoute() {
  const { t } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  return (
    <>
      <title>{`${t("signIn.title")} — ${tCommon("brand")}`}</title>
      <meta name="robots" content="noindex" />
      <StaffSignIn />
    </>
  );
}
