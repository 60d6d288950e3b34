import { useTranslation } from "react-i18next";
import { ContactForm } from "~/features/contact/contact-form";
import { Seo } from "~/components/seo";

export default function ContactUs() {
  const { t } = useTranslation("contact");
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Seo title={t("title")} description={t("description")} />
      <h1 className="text-4xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <ContactForm />
    </main>
  );
}
