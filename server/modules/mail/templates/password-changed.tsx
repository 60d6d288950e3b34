import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After a signed-in customer changed their password. */
export const passwordChanged = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("mail.passwordChanged.subject"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("mail.passwordChanged.intro")}</Paragraph>
      <Paragraph>{t("mail.passwordChanged.notYou")}</Paragraph>
      <Action href={page("/auth/forgot-password")}>{t("mail.passwordChanged.button")}</Action>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
