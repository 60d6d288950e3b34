import { useTranslation } from "react-i18next";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import { TextField } from "~/components/ui/text-field";

/** The new password and its repeat, as sign-up, reset and change-password ask for them (names are the API's). */
export function NewPasswordFields({ errors, labelKey = "fields.newPassword" }: { errors: FieldErrors; labelKey?: "fields.newPassword" | "fields.password" }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <TextField
        name="password"
        type="password"
        autoComplete="new-password"
        label={t(labelKey)}
        hint={t("fields.passwordHint")}
        required
        error={errors.password}
      />
      <TextField
        name="repeatedPassword"
        type="password"
        autoComplete="new-password"
        label={t("fields.repeatedPassword")}
        required
        error={errors.repeatedPassword}
      />
    </>
  );
}
