import PDFDocument from "pdfkit";
import { formatMoney } from "../../../contract/money";
import { translate } from "../../i18n/messages";
import type { Buyer, DocumentData } from "./document-data";

const LEFT = 50;
const RIGHT = 545;
const AMOUNT_WIDTH = 130;

function buyerLines(buyer: Buyer, locale: DocumentData["locale"]): string[] {
  const regions = new Intl.DisplayNames([locale], { type: "region" });
  const country = buyer.country ? (regions.of(buyer.country) ?? buyer.country) : "";
  return [
    buyer.businessName,
    `${buyer.firstName} ${buyer.lastName}`.trim(),
    buyer.address1,
    [buyer.zipCode, buyer.city, buyer.state].filter(Boolean).join(" "),
    country,
    buyer.email,
  ].filter((line) => line.trim() !== "");
}

/**
 * Lays a receipt, invoice or credit note out as an A4 PDF in the document's language (words from the server's
 * `documents` catalogue). Rendered from the frozen snapshot on every download, dated with its issue time, so the
 * same document always comes out with the same content.
 */
export function renderDocumentPdf(data: DocumentData): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(data.locale, `documents.${key}`, params);
  const money = (minor: number) => formatMoney({ minor, currency: data.currency }, data.locale);
  const date = new Intl.DateTimeFormat(data.locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(data.issuedAt));
  const title = t(`title.${data.kind}`);

  const pdf = new PDFDocument({
    size: "A4",
    margin: LEFT,
    lang: data.locale,
    info: { Title: `${title} ${data.number}`, Author: data.seller.name, CreationDate: new Date(data.issuedAt) },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  pdf.font("Helvetica-Bold").fontSize(20).text(title, LEFT, LEFT);
  pdf.font("Helvetica").fontSize(10).moveDown(0.3);
  pdf.text(t("number", { number: data.number }));
  pdf.text(t("date", { date }));
  // A receipt names the balance it topped up: its own number above is the reference (never the deposit's raw id).
  pdf.text(data.kind === "receipt" ? t("about.receipt", { currency: data.currency }) : t(`about.${data.kind}`, { reference: data.about }));
  if (data.correcting) pdf.text(t("correcting", { number: data.correcting }));

  const blocksTop = pdf.y + 20;
  pdf.font("Helvetica-Bold").text(t("from"), LEFT, blocksTop);
  pdf.font("Helvetica").text([data.seller.name, ...data.seller.address].join("\n"), LEFT, pdf.y, { width: 230 });
  if (data.seller.vatNumber) pdf.text(t("vatNumber", { number: data.seller.vatNumber }), { width: 230 });
  const sellerBottom = pdf.y;
  pdf.font("Helvetica-Bold").text(t("to"), 310, blocksTop);
  pdf.font("Helvetica").text(buyerLines(data.buyer, data.locale).join("\n"), 310, pdf.y, { width: 235 });
  if (data.buyer.vatNumber) pdf.text(t("vatNumber", { number: data.buyer.vatNumber }), { width: 235 });

  let y = Math.max(sellerBottom, pdf.y) + 30;
  pdf.font("Helvetica-Bold");
  pdf.text(t("description"), LEFT, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 10 });
  pdf.text(t("amount"), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right" });
  y = pdf.y + 4;
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  pdf.font("Helvetica");
  y += 6;
  for (const line of data.lines) {
    pdf.text(line.description, LEFT, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 10 });
    const bottom = pdf.y;
    pdf.text(money(line.amount), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right" });
    y = Math.max(bottom, pdf.y) + 4;
  }
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  y += 8;

  const totalRow = (label: string, minor: number, bold = false) => {
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
    pdf.text(label, LEFT, y, { width: RIGHT - LEFT - AMOUNT_WIDTH - 10, align: "right" });
    pdf.text(money(minor), RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: "right" });
    y = pdf.y + 4;
  };
  if (data.net !== null && data.vat !== null && data.vatRateBasisPoints !== null) {
    const rate = new Intl.NumberFormat(data.locale, { maximumFractionDigits: 2 }).format(data.vatRateBasisPoints / 100);
    totalRow(t("net"), data.net);
    totalRow(t("vat", { rate }), data.vat);
  }
  totalRow(t("total"), data.total, true);

  pdf.font("Helvetica").fontSize(9).text(t(`note.${data.kind}`), LEFT, y + 20, { width: RIGHT - LEFT });
  pdf.end();
  return done;
}
