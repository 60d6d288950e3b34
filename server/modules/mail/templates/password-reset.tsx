import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After a password was reset with a mailed code. */
export const passwordReset = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("mail.passwordReset.subject"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("mail.passwordReset.intro")}</Paragraph>
      <Action href={page("/auth/sign-in")}>{t("mail.passwordReset.button")}</Action>
      <Paragraph>{t("mail.passwordReset.notYou")}</Paragraph>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
