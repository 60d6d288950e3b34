import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { shellChunk } from "./scripts/vite/shell-chunk";

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

export default defineConfig({
  plugins: [serverTranslation, tailwindcss(), reactRouter(), shellChunk(new URL("./app", import.meta.url).pathname)],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
