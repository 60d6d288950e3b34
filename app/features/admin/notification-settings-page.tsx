import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  DIGEST_FREQUENCIES,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationSettings,
} from "../../../contract/notifications";
import { FormAlert } from "~/components/ui/form-alert";
import { LoadState } from "~/components/ui/load-state";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";

/** What each person chooses: per kind centre only, also in the digest, or off; how often the digest comes; its language. */
export function NotificationSettingsPage() {
  const { t } = useTranslation("admin");
  const { to } = useLocale();
  const loaded = useApiData<NotificationSettings>("/api/admin/notifications/settings");
  const form = useApiSubmit();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (loaded.data) setSettings(loaded.data);
  }, [loaded.data]);
  const deliveries = NOTIFICATION_DELIVERIES.map((value) => ({ value, label: t(`notifications.settings.deliveries.${value}`) }));
  const frequencies = DIGEST_FREQUENCIES.map((value) => ({ value, label: t(`notifications.settings.frequencies.${value}`) }));
  const languages = [
    { value: "en", label: t("notifications.settings.languages.en") },
    { value: "es", label: t("notifications.settings.languages.es") },
  ];
  const change = (next: NotificationSettings) => {
    setSaved(false);
    setSettings(next);
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!settings) return;
    void form.run(async () => {
      setSettings(await api<NotificationSettings>("/api/admin/notifications/settings", { method: "PUT", body: settings }));
      setSaved(true);
    });
  }
  return (
    <section data-testid="notification-settings">
      <h1 className="mb-2 text-3xl font-semibold tracking-tight">{t("notifications.settings.title")}</h1>
      <p className="mb-4">
        <Link to={to("/admin/notifications")} className="text-indigo-700 underline dark:text-indigo-300">
          {t("notifications.settings.back")}
        </Link>
      </p>
      <LoadState loading={!settings && loaded.loading} failure={loaded.failure} onRetry={loaded.reload} loadingText={t("notifications.loading")} retryText={t("notifications.retry")}>
        {settings ? (
          <form onSubmit={onSubmit} className="grid max-w-xl gap-4">
            <p>{t("notifications.settings.intro")}</p>
            {NOTIFICATION_KINDS.map((kind) => (
              <SelectField
                key={kind}
                name={kind}
                label={t(`notifications.settings.kinds.${kind}`)}
                options={deliveries}
                value={settings.kinds[kind]}
                onChange={(event) => change({ ...settings, kinds: { ...settings.kinds, [kind]: event.currentTarget.value as "centre" } })}
              />
            ))}
            <SelectField
              name="frequency"
              label={t("notifications.settings.frequency")}
              hint={t("notifications.settings.frequencyHint")}
              options={frequencies}
              value={settings.frequency}
              onChange={(event) => change({ ...settings, frequency: event.currentTarget.value as "daily" })}
            />
            <SelectField
              name="locale"
              label={t("notifications.settings.language")}
              options={languages}
              value={settings.locale}
              onChange={(event) => change({ ...settings, locale: event.currentTarget.value as "en" })}
            />
            <SubmitErrorAlert state={form} />
            {saved ? <FormAlert tone="success">{t("notifications.settings.saved")}</FormAlert> : null}
            <div>
              <SubmitButton busy={form.busy}>{t("notifications.settings.save")}</SubmitButton>
            </div>
          </form>
        ) : null}
      </LoadState>
    </section>
  );
}
