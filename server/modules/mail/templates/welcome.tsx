import { defineMail } from "./mail-template";
import { Action, Greeting, Paragraph } from "./parts";

/** After sign-up. */
export const welcome = defineMail<{ firstName: string }>({
  subject: (_data, { t }) => t("email.welcome.subject"),
  preview: (_data, { t }) => t("email.welcome.preview"),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.welcome.intro")}</Paragraph>
      <Action href={page("/auth/sign-in")}>{t("email.welcome.button")}</Action>
    </>
  ),
  examples: [{ firstName: "Ann" }],
});
