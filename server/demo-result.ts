// The libraries load on first use (type-only imports here): a start without demo data never pays for them.
import type * as Docx from "docx";
import type PdfKit from "pdfkit";

async function docx(): Promise<typeof Docx> {
  return import("docx");
}

async function pdfkit(): Promise<typeof PdfKit> {
  return (await import("pdfkit")).default;
}

/**
 * The demo's sample article, delivered the way Article Forge promises (content/catalog.ts: DOCX and PDF), so what
 * the service page says and what the demo customer downloads agree.
 */
const SAMPLE = {
  title: "Why sourdough takes two days",
  note: "A sample result delivered by Scriptorium for the demo customer.",
  intro:
    "Good bread is mostly waiting. On day one the starter wakes up and the dough rests overnight in the cold; on day two it is shaped, proofed and baked. The wait is where the flavour comes from.",
  heading: "What the slow fermentation does",
  points: [
    "Wild yeast and lactic bacteria turn flour into flavour and a crust that crackles.",
    "The long rest makes the bread easier to digest and keeps it fresh for days.",
  ],
  footer: "Scriptorium · muestra / sample",
};

export const DEMO_RESULT_BASENAME = "why-sourdough-takes-two-days";

/** The editable DOCX. */
export async function demoResultDocx(): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await docx();
  const document = new Document({
    creator: "Scriptorium",
    title: SAMPLE.title,
    sections: [
      {
        children: [
          new Paragraph({ text: SAMPLE.title, heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: SAMPLE.note, italics: true })] }),
          new Paragraph({ text: SAMPLE.intro }),
          new Paragraph({ text: SAMPLE.heading, heading: HeadingLevel.HEADING_1 }),
          ...SAMPLE.points.map((point) => new Paragraph({ text: point, bullet: { level: 0 } })),
          new Paragraph({ children: [new TextRun({ text: SAMPLE.footer, italics: true })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The PDF for reading and approval. */
export async function demoResultPdf(): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: "A4", margin: 56, info: { Title: SAMPLE.title, Author: "Scriptorium" } });
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    pdf.font("Helvetica-Bold").fontSize(22).text(SAMPLE.title);
    pdf.moveDown(0.5).font("Helvetica-Oblique").fontSize(10).text(SAMPLE.note);
    pdf.moveDown().font("Helvetica").fontSize(12).text(SAMPLE.intro);
    pdf.moveDown().font("Helvetica-Bold").fontSize(15).text(SAMPLE.heading);
    pdf.moveDown(0.5).font("Helvetica").fontSize(12).list(SAMPLE.points);
    pdf.moveDown().font("Helvetica-Oblique").fontSize(10).text(SAMPLE.footer);
    pdf.end();
  });
}

/** Both files of the delivery, as the orders service takes them. */
export async function demoResultFiles(): Promise<Array<{ fileName: string; content: Buffer }>> {
  const [docx, pdf] = await Promise.all([demoResultDocx(), demoResultPdf()]);
  return [
    { fileName: `${DEMO_RESULT_BASENAME}.docx`, content: docx },
    { fileName: `${DEMO_RESULT_BASENAME}.pdf`, content: pdf },
  ];
}
