import type { ReactNode } from "react";
import type { Faq } from "../../../content/types";

/** A titled section of a product page. */
export function CopySection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold">{heading}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 text-slate-800 dark:text-slate-200">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <div className="divide-y divide-slate-300 rounded-lg border border-slate-300 dark:divide-slate-800 dark:border-slate-800">
      {items.map((item) => (
        <details key={item.question} className="group p-4">
          <summary className="cursor-pointer font-medium">{item.question}</summary>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
