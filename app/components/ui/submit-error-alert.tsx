import { useTranslation } from "react-i18next";
import { FormAlert } from "./form-alert";
import type { SubmitState } from "./use-api-submit";

/**
 * Why a form was not accepted: the client message of CONTRACT §7 as the title and the server's general message
 * (the "" error) under it. Field errors show at their fields.
 */
export function SubmitErrorAlert({ state }: { state: Pick<SubmitState, "errorKey" | "general"> }) {
  const { t } = useTranslation("errors");
  if (!state.errorKey) return null;
  return <FormAlert tone="error" title={t(state.errorKey)} messages={state.general ? [state.general] : []} />;
}
