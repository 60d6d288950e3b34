import { Link } from "@react-email/link";
import type { ReactNode } from "react";
import { defineMail } from "./mail-template";
import { Paragraph } from "./parts";

const URL = /(https?:\/\/[^\s<>]+[^\s<>.,;:!?)])/g;

/** Text with every http(s) address as a link. */
function linked(text: string): ReactNode[] {
  return text.split(URL).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <Link key={index} href={part} style={{ color: "#7c2d12" }}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

/**
 * A mail sent as subject and text (`mail.send({to, subject, text})`, the shape from before templates): each
 * paragraph of the text inside the shared layout, addresses as links. A mail with its own `html` is kept as it is.
 */
export const plain = defineMail<{ subject: string; text: string }>({
  subject: (data) => data.subject,
  signOff: false,
  body: (data) =>
    data.text
      .split(/\n{2,}/)
      .filter((paragraph) => paragraph.trim())
      .map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text never move
        <Paragraph key={index}>
          {/* biome-ignore lint/suspicious/noArrayIndexKey: the lines of one paragraph never move */}
          {paragraph.split("\n").flatMap((line, lineIndex) => (lineIndex === 0 ? linked(line) : [<br key={`br${lineIndex}`} />, ...linked(line)]))}
        </Paragraph>
      )),
  examples: [{ subject: "Your order", text: "It is paid.\n\nSee https://example.test/profile/orders." }],
});
