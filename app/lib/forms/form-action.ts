import type { RouterContextProvider } from "react-router";
import { localeFromPath } from "../../../common/locales";
import { errorFrom } from "~/lib/api/client";
import type { ClientMessageKey } from "~/lib/api/api-error";
import { pageContext } from "~/page-context";

/**
 * What a route action answers for a form posted to the server (no JavaScript, or sent before the page's script ran):
 * whether the request was accepted, the same failure parts the browser-side form pattern shows (SubmitErrorAlert),
 * and the values sent, so the re-rendered form loses nothing. Passwords are never sent back.
 */
export interface FormActionResult {
  sent: boolean;
  errorKey: ClientMessageKey | null;
  general: string | null;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

const SECRET = /password/i;

function textFields(data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of data) if (typeof value === "string") values[name] = value;
  return values;
}

/** Form encodings a browser posts; anything else is not a form of ours. */
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The text fields of a posted form. A request a form never sends is the client's mistake, answered by the page's
 * error boundary with its status: another method (405), another body type (415), a body that does not parse (400).
 */
async function postedFields(request: Request): Promise<Record<string, string>> {
  if (request.method !== "POST") throw new Response(null, { status: 405, headers: { allow: "GET, HEAD, POST" } });
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) throw new Response(null, { status: 415 });
  try {
    return textFields(await request.formData());
  } catch {
    throw new Response(null, { status: 400 });
  }
}

/** The values to show again: passwords left out. */
function withoutSecrets(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET.test(name)));
}

/**
 * Sends a posted form's values to an API route in-process (PageContext.postApi) and answers with the outcome,
 * in the language of the page the form was posted from (`url`: the action's own, without React Router's `.data` suffix).
 */
export async function forwardForm(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
  apiPath: string,
  body: (values: Record<string, string>) => unknown,
): Promise<FormActionResult> {
  const all = await postedFields(request);
  const values = withoutSecrets(all);
  const locale = localeFromPath(url.pathname);
  const response = await context.get(pageContext).postApi(apiPath, body(all), locale);
  if (response.ok) return { sent: true, errorKey: null, general: null, fieldErrors: {}, values };
  const failure = await errorFrom(response);
  return { sent: false, errorKey: failure.messageKey, general: failure.general, fieldErrors: failure.fieldErrors, values };
}
