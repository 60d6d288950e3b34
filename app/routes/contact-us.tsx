import { useTranslation } from "react-i18next";
import { ContactForm } from "~/features/contact/contact-form";
import { Seo } from "~/components/seo";
import { forwardForm } from "~/lib/forms/form-action";
import type { Route } from "./+types/contact-us";

/** The form posted without JavaScript (or before the script loaded): the ticket is opened here, on the server. */
export async function action({ request, url, context }: Route.ActionArgs) {
  return forwardForm(context, request, url, "/api/support/create-ticket", (values) => ({
    email: values.email ?? "",
    subject: values.subject ?? "",
    description: values.description ?? "",
  }));
}

export default function ContactUs({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Seo title={t("title")} description={t("description")} />
      <h1 className="text-4xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <ContactForm posted={actionData} />
    </main>
  );
}
