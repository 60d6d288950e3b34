import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After a signed-in customer changed their password. */
export const passwordChanged = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("email.passwordChanged.subject"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.passwordChanged.intro")}</Paragraph>
      <Paragraph>{t("email.passwordChanged.notYou")}</Paragraph>
      <Action href={page("/auth/forgot-password")}>{t("email.passwordChanged.button")}</Action>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
