import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";

// The few building blocks every template uses, styled once (inline styles: mail clients ignore style sheets).

const ink = "#1c1917";
const accent = "#7c2d12";

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: "15px", lineHeight: "24px", color: ink, margin: "0 0 16px" }}>{children}</Text>;
}

/** "Hello Ann," or "Hello," when the name is unknown. */
export function Greeting({ name, t }: { name?: string; t(key: string, params?: Record<string, string>): string }) {
  return <Paragraph>{name ? t("email.layout.greeting", { name }) : t("email.layout.greetingNoName")}</Paragraph>;
}

/** The one thing to do next, as a button (its text part reads "label https://…"). */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={href} style={{ backgroundColor: accent, color: "#ffffff", borderRadius: "6px", padding: "12px 20px", fontSize: "15px", fontWeight: 600 }}>
        {children}
      </Button>
    </Section>
  );
}

/** Words someone wrote (a message, a question), set apart and kept with their line breaks. */
export function Quote({ text }: { text: string }) {
  return (
    <Section style={{ borderLeft: `3px solid ${accent}`, padding: "4px 0 4px 12px", margin: "0 0 16px" }}>
      <Text style={{ fontSize: "15px", lineHeight: "22px", color: ink, margin: 0, fontStyle: "italic" }}>
        {/* biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text never move */}
        {text.split("\n").flatMap((line, index) => (index === 0 ? [line] : [<br key={`br${index}`} />, line]))}
      </Text>
    </Section>
  );
}

/** A code to type, large and easy to copy. */
export function Code({ children }: { children: string }) {
  return <Text style={{ fontSize: "28px", letterSpacing: "4px", fontWeight: 700, fontFamily: "monospace", color: ink, margin: "0 0 16px" }}>{children}</Text>;
}

/** Label and value rows (amounts right-aligned), an optional bold last row. */
export function Facts({ rows, total }: { rows: Array<[label: string, value: string]>; total?: [label: string, value: string] }) {
  const row = ([label, value]: [string, string], bold: boolean) => (
    <Row key={label} style={{ borderBottom: "1px solid #e7e5e4" }}>
      <Column className="fact" style={{ fontSize: "15px", padding: "6px 0", color: ink, fontWeight: bold ? 700 : 400 }}>{label}: </Column>
      <Column className="fact" style={{ fontSize: "15px", padding: "6px 0", color: ink, textAlign: "right", fontWeight: bold ? 700 : 400 }}>{value}</Column>
    </Row>
  );
  return (
    <Section style={{ margin: "0 0 20px" }}>
      {rows.map((entry) => row(entry, false))}
      {total ? row(total, true) : null}
    </Section>
  );
}
