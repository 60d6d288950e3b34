import fs from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The store inlines its built stylesheet in every page (docs/decisions/0041-first-paint.md); the bench hands the same
// text to this baseline (BENCH_STYLESHEET, a file), so both answers carry the same stylesheet bytes and the rest of
// the page is matched in size by rendered content.
const stylesheet = process.env.BENCH_STYLESHEET ? fs.readFileSync(process.env.BENCH_STYLESHEET, "utf8") : "";

export default defineConfig({ plugins: [reactRouter()], define: { __BENCH_STYLESHEET__: JSON.stringify(stylesheet) } });
