// The server compiled to plain JavaScript (esbuild), as `npm run build` writes it to app-server/ and the orders bench
// compiles its own entry. docs/decisions/0019-compiled-server.md, 0090-server-bundle-packages.md
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

// Packages compiled into the bundle, with what they import: each is a tree of small modules (Kysely alone ~260, the
// Fastify family ~250) that only the server imports, and a start resolves, reads and links every module it loads
// (issue 27, cold start). The rest stay in node_modules: those the React app's build imports too (zod, React Router,
// i18next, jsvat-next: one copy, one identity), native ones, those that read their own files at run time (Swagger UI,
// pdfkit's fonts), and those loaded on first use only (mail, documents, Stripe, S3, Redis).
const BUNDLED_PACKAGES = [
  "kysely",
  "jose",
  "prom-client",
  "fastify",
  "fastify-plugin",
  "fastify-type-provider-zod",
  "@fastify/compress",
  "@fastify/multipart",
  "@fastify/rate-limit",
  "@fastify/static",
];

/** The package a bare specifier names: `@scope/name` or `name`. */
const packageOf = (specifier) => specifier.split("/").slice(0, specifier.startsWith("@") ? 2 : 1).join("/");

/** An esbuild plugin: every package import is left to node_modules, except `bundled` and what those import. */
function externalExcept(bundled) {
  return {
    name: "external-except",
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("node:")) return { external: true };
        const fromBundledPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
        return fromBundledPackage || bundled.includes(packageOf(args.path)) ? undefined : { external: true };
      });
    },
  };
}

/**
 * Compiles `entryPoints` (name → source) into `outdir` with the migrations and the server's message catalogues, which
 * the server reads at run time next to the module that reads them (import.meta.dirname: `outdir`).
 *
 * Code splitting: a module the server imports on first use (mail templates, PDF documents, Stripe, S3, Redis) becomes
 * its own file, and so do the packages it imports; a store that never needs them never loads them. The migrations are
 * entries of the same build, one file each in `outdir`/migrations/, so they share the server's one copy of Kysely. The
 * banner gives the CommonJS packages compiled in (prom-client, Fastify's) the `require` an ES module lacks, for the
 * Node built-ins they ask for. Packages left out resolve from the repository's node_modules: `outdir` must lie inside
 * the repository, or have a node_modules link to it.
 */
export async function bundleServer(entryPoints, outdir) {
  const migrations = path.join(root, "server", "db", "migrations");
  const migrationFiles = fs.readdirSync(migrations).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  await build({
    platform: "node",
    format: "esm",
    target: "node24",
    bundle: true,
    plugins: [externalExcept(BUNDLED_PACKAGES)],
    banner: { js: 'import { createRequire as __createRequire } from "node:module";\nconst require = __createRequire(import.meta.url);' },
    sourcemap: "linked",
    // V8 keeps every module's source while the store runs: no whitespace, names kept (docs/decisions/0097-server-sources-minified.md).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: "warning",
    absWorkingDir: root,
    entryPoints: {
      ...entryPoints,
      ...Object.fromEntries(migrationFiles.map((file) => [`migrations/${file.replace(/\.ts$/, "")}`, path.join(migrations, file)])),
    },
    outdir,
    splitting: true,
    chunkNames: "[name]-[hash]",
  });
  const catalogues = path.join(root, "server", "i18n");
  for (const entry of fs.readdirSync(catalogues, { withFileTypes: true })) {
    if (entry.isDirectory()) fs.cpSync(path.join(catalogues, entry.name), path.join(outdir, entry.name), { recursive: true });
  }
}
