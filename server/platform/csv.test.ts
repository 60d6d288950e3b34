import { describe, expect, it } from "vitest";
import { csvStringifier, safeCsvCell } from "./csv";

async function csvOf(rows: Array<Record<string, unknown>>, columns: string[]): Promise<Buffer> {
  const csv = csvStringifier(columns);
  const chunks: Buffer[] = [];
  csv.on("data", (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
  const ended = new Promise((resolve) => csv.on("end", resolve));
  for (const row of rows) csv.write(row);
  csv.end();
  await ended;
  return Buffer.concat(chunks);
}

describe("CSV cells a spreadsheet would run", () => {
  it("gets a leading quote for =, +, -, @, tab and carriage return, and nothing else changes", () => {
    expect(["=1+1", "+SUM(1)", "-2", "@cmd", "\tx", "\rx"].map(safeCsvCell)).toEqual(["'=1+1", "'+SUM(1)", "'-2", "'@cmd", "'\tx", "'\rx"]);
    expect(["Sofía", "a=b", "1-2", "", "'quoted"].map(safeCsvCell)).toEqual(["Sofía", "a=b", "1-2", "", "'quoted"]);
  });

  it("writes a byte-order mark, the header, and every text cell made safe; numbers stay numbers", async () => {
    const bytes = await csvOf([{ name: "@SUM(A1)", total: -5, note: "Sofía" }], ["name", "total", "note"]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("name,total,note\n'@SUM(A1),-5,Sofía\n");
  });
});
