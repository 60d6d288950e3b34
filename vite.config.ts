import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { shellChunk } from "./scripts/vite/shell-chunk.ts";

const serverReactI18next = new URL("./app/i18n/server-react-i18next.ts", import.meta.url).pathname;

/** In the server build only, "react-i18next" means app/i18n/server-react-i18next.ts: one `t` per namespace. */
const serverTranslation: Plugin = {
  name: "scriptorium:server-translation",
  enforce: "pre",
  resolveId(source, importer, options) {
    if (source !== "react-i18next" || !options?.ssr || importer === serverReactI18next) return null;
    return serverReactI18next;
  },
};

const browserReactI18next = new URL("./app/i18n/browser/react-i18next.tsx", import.meta.url).pathname;

/**
 * In the browser build only, "react-i18next" means app/i18n/browser/react-i18next.tsx (the app's subset of it without
 * i18next, issue 27), and i18next itself is refused: its 15 KB would be back in every page.
 */
const browserTranslation: Plugin = {
  name: "scriptorium:browser-translation",
  enforce: "pre",
  resolveId(source, importer, options) {
    if (options?.ssr) return null;
    if (source === "react-i18next" && importer !== browserReactI18next) return browserReactI18next;
    if (source === "i18next")
      this.error(
        `${importer ?? "?"} imports i18next in the browser build: use react-i18next's hook (app/i18n/browser)`,
      );
    return null;
  },
};

export default defineConfig({
  plugins: [
    serverTranslation,
    browserTranslation,
    tailwindcss(),
    reactRouter(),
    shellChunk(new URL("./app", import.meta.url).pathname),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
  // The server build without whitespace or comments, its names kept: V8 holds every module's source for as long as
  // the store runs (issue 27, idle memory; docs/decisions/0097-server-sources-minified.md).
  environments: {
    ssr: { build: { rolldownOptions: { output: { minify: { mangle: false, codegen: { removeWhitespace: true } } } } } },
  },
});
