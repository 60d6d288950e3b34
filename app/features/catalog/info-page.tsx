import type { InLocale } from "./content.server";
import type { InfoPageContent } from "../../../content/types";
import { Seo } from "~/components/seo";

/** The page title with the brand, unless the title already names it ("About Scriptorium"). */
function documentTitle(title: string): string {
  return title.includes("Scriptorium") ? title : `${title} — Scriptorium`;
}

/** About, privacy policy, terms of service: a title, a lead and headed sections of paragraphs. */
export function InfoPage({ page }: { page: InLocale<InfoPageContent> }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <Seo title={documentTitle(page.title)} description={page.description} />
      <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{page.description}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="prose-block mt-10">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          <div className="mt-3 leading-relaxed text-slate-800 dark:text-slate-200">
            {section.paragraphs.filter(Boolean).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
