import { defineMail } from "./mail-template";
import { Greeting, Paragraph, Quote } from "./parts";

/**
 * To whoever wrote through the contact form: the ticket's number, and their words quoted when `message` is given.
 * The public form leaves it out: anyone can type any address there, and quoting would let it mail any text to anyone
 * from the store (docs/decisions/0036-mail-templates-react-email.md); pass it only for a sender proven to own the address.
 */
export const ticketReceived = defineMail<{ reference: string; message?: string }>({
  subject: (data, { t }) => t("email.ticketReceived.subject", { reference: data.reference }),
  body: (data, { t }) => (
    <>
      <Greeting t={t} />
      <Paragraph>{t("email.ticketReceived.intro")}</Paragraph>
      <Paragraph>{t("email.ticketReceived.reference", { reference: data.reference })}</Paragraph>
      {data.message ? (
        <>
          <Paragraph>{t("email.ticketReceived.quote")}</Paragraph>
          <Quote text={data.message} />
        </>
      ) : null}
      <Paragraph>{t("email.ticketReceived.ignore")}</Paragraph>
    </>
  ),
  examples: [{ reference: "T-1A2B3C4D" }, { reference: "T-1A2B3C4D", message: "Hello,\nCan you write my product page in two weeks?" }],
});
