import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type StaffAction, type StaffOrderDetail, staffOrderDetailSchema } from "../../../contract/admin-orders";
import type { Locale } from "../../../common/locales";
import { createI18n } from "~/i18n/instance";
import { loadResources } from "~/i18n/resources";
import { formatDateTime } from "~/lib/format-date";
import { DeliverableSection } from "./deliverable-section";
import { AmountField } from "./money-back-form";

const resources = await loadResources(["en", "es"]);

const deliverable = (n: number, productId: string, price: number, status: string) => ({
  n,
  productId,
  bundleId: null,
  itemPosition: n - 1,
  price,
  status,
  dueAt: "2026-12-01T12:00:00.000Z",
  late: false,
  reviewEndsAt: null,
  revisionRounds: 2,
  revisionsUsed: status === "revision_requested" ? 1 : 0,
  revisionDays: 2,
  options: [],
  refunded: 0,
  credited: 0,
  events: [],
  versions: [],
  actions: [],
});

/** A two-service order as a manager sees it: the article back for a revision, the SEO layer waiting in the pool. */
function order(actions: { article: StaffAction[]; seo: StaffAction[] }): StaffOrderDetail {
  return staffOrderDetailSchema.parse({
    id: "0b8e7c1e-0000-4000-8000-000000000001",
    number: "SC-000042",
    status: "in_progress",
    createdAt: "2026-11-20T09:00:00.000Z",
    currency: "EUR",
    total: 100,
    discount: 0,
    promoCode: null,
    items: [
      { productId: "article-forge", price: 66.67, brief: {} },
      { productId: "seo-layer", price: 33.33, brief: {} },
    ],
    result: null,
    dueAt: "2026-12-01T12:00:00.000Z",
    late: false,
    needsAttention: false,
    progress: { total: 2, delivered: 1, completed: 0, cancelled: 0 },
    reviewEndsAt: null,
    revisionRounds: 2,
    revisionsUsed: 1,
    events: [],
    versions: [],
    messages: [],
    unreadMessages: 0,
    actions: [],
    deliverables: [
      deliverable(1, "article-forge", 66.67, "revision_requested"),
      deliverable(2, "seo-layer", 33.33, "paid"),
    ],
    access: "full",
    customer: { id: "c1", email: "ada@example.com", name: "Ada" },
    billing: null,
    customerLocale: "en",
    customerBlocked: false,
    writer: null,
    staffEvents: [],
    staffActions: ["message", "note"],
    refunded: 10,
    staffDeliverables: [
      {
        n: 1,
        writer: { id: "w1", name: "Wanda Writer" },
        staffActions: actions.article,
        refunded: 10,
        credited: 5,
        revisionRequest: {
          round: 1,
          rounds: 2,
          changes: "Shorter intro, and cite the 2025 study.",
          requestedAt: "2026-11-24T10:00:00.000Z",
          dueAt: "2026-11-27T17:00:00.000Z",
        },
      },
      { n: 2, writer: null, staffActions: actions.seo, refunded: 0, credited: 0, revisionRequest: null },
    ],
    upload: { limitBytes: 10_485_760, allowedTypes: ["pdf", "docx"], maxFiles: 5 },
  });
}

function withPage(node: React.ReactNode, locale: Locale): string {
  return renderToString(
    <MemoryRouter initialEntries={[locale === "es" ? "/es/admin/orders/SC-000042" : "/admin/orders/SC-000042"]}>
      <I18nextProvider i18n={createI18n(locale, resources)}>{node}</I18nextProvider>
    </MemoryRouter>,
  );
}

/** The text of deliverable `n`'s section, as a reader would go through it. */
function section(detail: StaffOrderDetail, n: number, locale: Locale = "en"): string {
  const work = detail.staffDeliverables.find((candidate) => candidate.n === n);
  const item = detail.deliverables.find((candidate) => candidate.n === n);
  if (!work || !item) throw new Error(`no deliverable ${n}`);
  return text(
    withPage(<DeliverableSection order={detail} deliverable={item} work={work} onChange={() => {}} />, locale),
  );
}

const text = (html: string) =>
  html
    .replace(/<button[^>]*aria-label="([^"]*)"[^>]*>/g, " [$1] ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** The accessible names of the buttons in deliverable `n`'s section. */
function buttons(detail: StaffOrderDetail, n: number): string[] {
  const work = detail.staffDeliverables.find((candidate) => candidate.n === n);
  const item = detail.deliverables.find((candidate) => candidate.n === n);
  if (!work || !item) throw new Error(`no deliverable ${n}`);
  const html = withPage(<DeliverableSection order={detail} deliverable={item} work={work} onChange={() => {}} />, "en");
  return [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(
    ([, attributes, inner]) => attributes.match(/aria-label="([^"]*)"/)?.[1] ?? text(inner),
  );
}

const managerView = order({
  article: ["assign", "ask", "deliver", "cancel", "credit", "message", "note"],
  seo: ["assign", "start", "cancel", "credit"],
});

describe("a deliverable on the staff order page", () => {
  it("starts with the revision request when the customer asked for changes: the round, the new due date and what to change", () => {
    const shown = section(managerView, 1);
    const due = formatDateTime("2026-11-27T17:00:00.000Z", "en");
    expect(shown).toMatch(
      new RegExp(
        `^Article Forge · 1 of 2 Revision round 1 of 2 New due date: ${due} Requested .+ What to change Shorter intro, and cite the 2025 study\\. Price share`,
      ),
    );
    expect(section(managerView, 1, "es")).toMatch(
      /^Article Forge · 1 de 2 Ronda de revisión 1 de 2 Nueva fecha de entrega: .+ Qué cambiar Shorter intro/,
    );
    expect(section(managerView, 2)).not.toContain("Revision round");
  });

  it("shows its share, status, writer and the money already given back", () => {
    expect(section(managerView, 1)).toContain("Price share €66.67 Status Revision requested");
    expect(section(managerView, 1)).toMatch(/Writer Wanda Writer Refunded €10\.00 Goodwill credit €5\.00/);
    expect(section(managerView, 2)).toMatch(/Writer Nobody What you can do/);
    expect(section(managerView, 2, "es")).toMatch(/Redactor Nadie Qué puedes hacer/);
  });

  it("offers a manager assign, ask, upload, cancel with a refund and goodwill credit, each refund limited to what is left of its share", () => {
    expect(buttons(managerView, 1)).toEqual([
      "Assign",
      "Ask the customer",
      "Cancel and refund…",
      "Credit the balance…",
      "Upload and deliver",
    ]);
    expect(buttons(managerView, 2)).toEqual(["Start work", "Assign", "Cancel and refund…", "Credit the balance…"]);
    // 66.67 paid for it, 10 refunded and 5 credited: 51.67 may still go back.
    expect(section(managerView, 1)).toContain("Any amount from 0 up to what is left of its share: €51.67.");
    expect(section(managerView, 1)).toContain(
      "More than 0, up to what is left of its share: €51.67. The work goes on.",
    );
    expect(section(managerView, 1, "es")).toContain(
      "Cualquier importe desde 0 hasta lo que queda de su parte: 51,67 €.",
    );
  });

  it("offers a writer only what their staffActions say: take from the pool, or start and ask", () => {
    const writerView = order({ article: ["start", "ask", "message", "note"], seo: ["take"] });
    expect(buttons(writerView, 1)).toEqual(["Start work", "Ask the customer"]);
    expect(buttons(writerView, 2)).toEqual(["Take order SC-000042: SEO Layer"]);
    expect(section(writerView, 2)).toContain("Unassigned work from the pool");
    expect(buttons(order({ article: ["message", "note"], seo: [] }), 1)).toEqual([]);
  });
});

describe("what was delivered, in staff wording (issue 26)", () => {
  const delivered = (): StaffOrderDetail => {
    const detail = order({ article: ["message", "note"], seo: [] });
    const version = {
      number: 1,
      createdAt: "2026-11-25T10:00:00.000Z",
      note: "Draft one",
      deliverable: 1,
      files: [
        { id: "f-pdf", fileName: "report.pdf", size: 3_040_870, contentType: "application/pdf" },
        { id: "f-md", fileName: "notes.md", size: 900, contentType: "text/markdown; charset=utf-8" },
      ],
    };
    return { ...detail, deliverables: detail.deliverables.map((item) => (item.n === 1 ? { ...item, status: "delivered" as const, versions: [version] } : item)) };
  };

  it("lists each version's files with their size, as links that open in a tab of their own too: PDF and images preview, others download", () => {
    const detail = delivered();
    expect(section(detail, 1)).toContain("Version 1 · ");
    expect(section(detail, 1)).toMatch(/Draft one report\.pdf · 2\.9 MB · opens a preview notes\.md · 900 bytes · downloads$/);
    expect(section(detail, 1, "es")).toMatch(/report\.pdf · 2,9 MB · se abre una vista previa notes\.md · 900 bytes · se descarga$/);
    const item = detail.deliverables[0]!;
    const html = withPage(<DeliverableSection order={detail} deliverable={item} work={detail.staffDeliverables[0]!} onChange={() => {}} />, "en");
    // The link's own address is a back-office page (it opens the file through a signed link), not the API's: a new tab
    // opened from it (a middle-click) carries no token.
    expect(html).toContain(`href="/admin/orders/${detail.number}/files/f-pdf"`);
    expect(section({ ...detail, access: "pool" }, 1)).not.toContain("report.pdf");
  });

  it("names the state in staff words, not the customer's", () => {
    expect(section(delivered(), 1)).toContain("Status Delivered, awaiting customer review");
    expect(section(delivered(), 1, "es")).toContain("Estado Entregado, pendiente de revisión del cliente");
    expect(section(delivered(), 1)).not.toContain("please review");
  });
});

describe("the refund or credit amount", () => {
  const field = (value: string, problem: "invalid" | "zero" | "overLimit" | null, locale: Locale = "en") =>
    withPage(
      <AmountField
        id="cancel-1"
        label="Refund (EUR)"
        hint="Up to €51.67."
        value={value}
        problem={problem}
        limit={locale === "es" ? "51,67 €" : "€51.67"}
        onChange={() => {}}
      />,
      locale,
    );

  it("says what is wrong with it instead of the hint while it cannot be sent", () => {
    expect(field("60", "overLimit")).toContain('aria-invalid="true"');
    expect(text(field("60", "overLimit"))).toContain("At most €51.67: what is left of its share.");
    expect(text(field("60", "overLimit", "es"))).toContain("Como máximo 51,67 €: lo que queda de su parte.");
    expect(text(field("12.345", "invalid"))).toContain("Write an amount such as 12.50.");
    expect(text(field("0", "zero"))).toContain("The amount must be more than 0.");
    expect(field("40", null)).toContain('aria-invalid="false"');
    expect(text(field("40", null))).toContain("Up to €51.67.");
  });
});
