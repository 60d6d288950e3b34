import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After a password was reset with a mailed code. */
export const passwordReset = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("email.passwordReset.subject"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.passwordReset.intro")}</Paragraph>
      <Action href={page("/auth/sign-in")}>{t("email.passwordReset.button")}</Action>
      <Paragraph>{t("email.passwordReset.notYou")}</Paragraph>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
