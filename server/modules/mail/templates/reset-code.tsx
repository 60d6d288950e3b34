import { defineMail } from "./mail-template";
import { Action, Code, Greeting, Paragraph } from "./parts";

/** A password reset code. The code is in the body only (never the subject) and sent as a secret, redacted once delivered. */
export const resetCode = defineMail<{ firstName: string; email: string; code: string; minutes: number }>({
  subject: (_data, { t }) => t("email.resetCode.subject"),
  preview: (data, { t }) => t("email.resetCode.validity", { minutes: data.minutes }),
  body: (data, { t, page }) => (
    <>
      <Greeting name={data.firstName} t={t} />
      <Paragraph>{t("email.resetCode.intro")}</Paragraph>
      <Code>{data.code}</Code>
      <Paragraph>{t("email.resetCode.validity", { minutes: data.minutes })}</Paragraph>
      <Action href={`${page("/auth/reset-password")}?email=${encodeURIComponent(data.email)}`}>{t("email.resetCode.button")}</Action>
      <Paragraph>{t("email.resetCode.ignore")}</Paragraph>
    </>
  ),
  examples: [{ firstName: "Ann", email: "ann@example.test", code: "4815162342", minutes: 10 }],
});
