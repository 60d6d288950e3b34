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
  const all = textFields(await request.formData());
  const values = withoutSecrets(all);
  const locale = localeFromPath(url.pathname);
  const response = await context.get(pageContext).postApi(apiPath, body(all), locale);
  if (response.ok) return { sent: true, errorKey: null, general: null, fieldErrors: {}, values };
  const failure = await errorFrom(response);
  return { sent: false, errorKey: failure.messageKey, general: failure.general, fieldErrors: failure.fieldErrors, values };
}
