import type { Page } from "playwright-core";
import en from "../../../app/locales/en/admin-support.json";
import es from "../../../app/locales/es/admin-support.json";
import type { SavedReply, SavedReplyRequest } from "../../../contract/admin-support";
import { call } from "../../support/shop";
import { open } from "../storefront-support";
import type { RunningServer } from "./server";

type Store = { readonly server: RunningServer };
const WORDS = { en, es } as const;

/** A saved reply made through the API by a manager or admin (`accessToken`), e.g. `staffApiToken(store, "manager")`. */
export async function createSavedReply(store: Store, accessToken: string, reply: SavedReplyRequest): Promise<SavedReply> {
  const answer = await call<SavedReply>(store.server.url, "/api/admin/support/saved-replies", { token: accessToken, body: reply });
  if (answer.status !== 200) throw new Error(`saved reply: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * On a page signed in as staff who may answer the ticket (signInStaff), opens the ticket by its number (`reference`,
 * e.g. "T-5A8E837D", as the inbox and every mail show it) in the back office's `locale`, picks the saved reply whose
 * title in that locale is `savedReplyTitle`, and sends the reply it filled (in the requester's language). Answers
 * the text that was sent. Callers never depend on the page's steps.
 */
export async function answerTicketWithSavedReply(
  page: Page,
  store: Store,
  { reference, savedReplyTitle, locale = "en" }: { reference: string; savedReplyTitle: string; locale?: "en" | "es" },
): Promise<string> {
  const t = WORDS[locale].ticket;
  await open(page, `${store.server.url}${locale === "es" ? "/es" : ""}/admin/support/${reference}`);
  await page.getByRole("heading", { level: 1, name: reference }).waitFor();
  await page.getByLabel(t.savedReply.label).selectOption({ label: savedReplyTitle });
  const reply = page.getByLabel(t.reply.label);
  const body = await reply.inputValue();
  if (!body.trim()) throw new Error(`the saved reply "${savedReplyTitle}" filled nothing`);
  await page.getByRole("button", { name: t.reply.submit }).click();
  await page.getByText(t.reply.sent).waitFor();
  return body;
}
