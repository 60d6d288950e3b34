import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import type { MailContext } from "./mail-template";

const muted = { fontSize: "13px", lineHeight: "20px", color: "#57534e", margin: "0 0 4px" };

/**
 * Every mail's frame: the store's name on top, then the mail itself as the `main` landmark under its one `h1` (the
 * subject), so a screen reader can jump to it, and the sign-off and a footer with address and contact.
 */
export function MailLayout({ ctx, subject, preview, signOff = true, children }: { ctx: MailContext; subject: string; preview: string; signOff?: boolean; children: ReactNode }) {
  const { brand, t } = ctx;
  return (
    <Html lang={ctx.locale}>
      <Head>
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f5f5f4", fontFamily: "Georgia, 'Times New Roman', serif", margin: 0, padding: "24px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "600px", padding: "32px", borderRadius: "8px" }}>
          <Section style={{ margin: "0 0 24px" }}>
            <Link href={ctx.page("/")} style={{ fontSize: "22px", fontWeight: 700, color: "#7c2d12", textDecoration: "none", letterSpacing: "1px" }}>
              {brand.name}
            </Link>
          </Section>
          <main>
            <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: "#1c1917", margin: "0 0 16px" }}>
              {subject}
            </Heading>
            {children}
            {signOff ? <Text style={{ fontSize: "15px", lineHeight: "24px", color: "#1c1917", margin: "0 0 16px" }}>{t("email.layout.signOff")}</Text> : null}
          </main>
          <Hr style={{ borderTop: "1px solid #e7e5e4", margin: "24px 0 16px" }} />
          <Section>
            <Text style={muted}>{brand.name}</Text>
            {brand.address.map((line) => (
              <Text key={line} style={muted}>
                {line}
              </Text>
            ))}
            <Text style={muted}>{t("email.layout.contact", { email: brand.contact })}</Text>
            <Text style={muted}>
              <Link href={ctx.page("/")} style={{ color: "#57534e" }}>
                {t("email.layout.visit")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
