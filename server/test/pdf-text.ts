import zlib from "node:zlib";

const win1252 = new TextDecoder("windows-1252");

/**
 * The text of a PDF made by our document renderer, one line per text-showing operation: each content stream is
 * inflated and the hex strings of its `TJ` arrays are decoded (pdfkit writes the standard fonts in WinAnsi), the
 * kerning numbers between them dropped. Enough to read back what our own PDFs say, not a general PDF reader.
 */
export function pdfText(bytes: Uint8Array): string {
  const pdf = Buffer.from(bytes);
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue; // not a compressed content stream (an image, the xref)
    }
    for (const [, items] of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...items.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]).join("");
      lines.push(win1252.decode(Buffer.from(hex, "hex")));
    }
  }
  return lines.join("\n");
}

/** GET a PDF from the API as its bytes, with the answer's status and headers. */
export async function fetchPdf(url: string, token?: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}
