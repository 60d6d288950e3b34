/**
 * The ids and kinds of service options as plain values, without zod: the cart in the browser keeps only known ids,
 * on every page, and must not download the schema library for it (issue 27). `./service-options` adds the schemas.
 */
export const OPTION_IDS = ["rush", "extra-revision", "meta-descriptions", "speaker-notes"] as const;
export type OptionId = (typeof OPTION_IDS)[number];

/** What an option changes: the due date (rush), the revision rounds (revision: one more) or nothing but the work (extra). */
export const OPTION_KINDS = ["rush", "revision", "extra"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** Most options one order item may carry. */
export const MAX_ITEM_OPTIONS = OPTION_IDS.length;
