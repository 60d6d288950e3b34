import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After sign-up. */
export const welcome = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("mail.welcome.subject"),
  preview: (_data, { t }) => t("mail.welcome.preview"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("mail.welcome.intro")}</Paragraph>
      <Action href={page("/auth/sign-in")}>{t("mail.welcome.button")}</Action>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
