// Checks Kubernetes manifests against the Kubernetes API schemas shipped in the `kubernetes-models` package, with no
// cluster: each object's JSON schema (types, required fields, formats) through the package's validator, and unknown
// or misspelt fields through the package's TypeScript types (excess-property checks), which the schema
// validation alone lets through (a cluster would drop such a field silently or refuse it, depending on its mode).
// `npx tsx scripts/k8s-manifests.ts [folder]` prints the problems; scripts/k8s-manifests.test.ts runs it in CI.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { parseAllDocuments } from "yaml";

export interface Manifest {
  file: string;
  /** Position in its file (0 for the first document). */
  index: number;
  object: Record<string, unknown>;
}

export interface ManifestProblem {
  file: string;
  index: number;
  message: string;
}

const root = path.resolve(import.meta.dirname, "..");

/** Every document of every `.yaml` file in `folder`; a YAML error is a problem of its own. */
export function readManifests(folder: string): { manifests: Manifest[]; problems: ManifestProblem[] } {
  const manifests: Manifest[] = [];
  const problems: ManifestProblem[] = [];
  for (const name of fs.readdirSync(folder).filter((file) => /\.ya?ml$/.test(file)).sort()) {
    const file = path.join(folder, name);
    parseAllDocuments(fs.readFileSync(file, "utf8")).forEach((document, index) => {
      if (document.errors.length > 0) problems.push({ file, index, message: document.errors.map((error) => error.message).join("; ") });
      else if (document.contents !== null) manifests.push({ file, index, object: document.toJS() as Record<string, unknown> });
    });
  }
  return { manifests, problems };
}

/** `apps/v1` + `Deployment` → the model's module path in kubernetes-models (`v1` is the core group). */
function modelPath(object: Record<string, unknown>): string | null {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== "string" || typeof kind !== "string" || !/^[\w.]+(\/\w+)?$/.test(apiVersion) || !/^\w+$/.test(kind)) return null;
  const file = path.join(root, "node_modules/kubernetes-models", apiVersion, `${kind}.js`);
  return fs.existsSync(file) ? `kubernetes-models/${apiVersion}/${kind}` : null;
}

type ModelClass = new (data: unknown) => { validate(): void };

/** Both checks for every manifest; no problems means the cluster's schemas accept them all. */
export async function checkManifests(manifests: Manifest[]): Promise<ManifestProblem[]> {
  const problems: ManifestProblem[] = [];
  const typed: Array<{ manifest: Manifest; model: string }> = [];
  for (const manifest of manifests) {
    const model = modelPath(manifest.object);
    if (!model) {
      problems.push({ file: manifest.file, index: manifest.index, message: `unknown apiVersion/kind ${String(manifest.object.apiVersion)} ${String(manifest.object.kind)}` });
      continue;
    }
    const kind = String(manifest.object.kind);
    const Model = (await import(pathToFileURL(path.join(root, "node_modules", `${model}.js`)).href))[kind] as ModelClass;
    try {
      new Model(manifest.object).validate();
    } catch (error) {
      problems.push({ file: manifest.file, index: manifest.index, message: error instanceof Error ? error.message : String(error) });
    }
    typed.push({ manifest, model });
  }
  return [...problems, ...unknownFields(typed)];
}

/** Type-checks `const m: IKind = <manifest>` for each one: an unknown or misspelt field is an excess property. */
function unknownFields(typed: Array<{ manifest: Manifest; model: string }>): ManifestProblem[] {
  if (typed.length === 0) return [];
  const virtual = path.join(root, "__k8s-manifests__.ts");
  const starts: number[] = [];
  let source = "";
  typed.forEach(({ manifest, model }, i) => {
    source += `import type { I${String(manifest.object.kind)} as T${i} } from "${model}";\n`;
  });
  typed.forEach(({ manifest }, i) => {
    starts.push(source.split("\n").length - 1);
    source += `export const m${i}: T${i} = ${JSON.stringify(manifest.object, null, 1)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ["lib.es2022.d.ts"],
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === virtual ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === virtual || fileExists(name);
  const program = ts.createProgram([virtual], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
    // The manifest whose `export const` starts last at or before the diagnostic's line.
    const owner = starts.findLastIndex((start) => start <= line);
    const { manifest } = typed[Math.max(owner, 0)] ?? typed[0];
    return { file: manifest.file, index: manifest.index, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " ") };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const folder = process.argv[2] ?? path.join(root, "deploy/k8s");
  const { manifests, problems } = readManifests(folder);
  problems.push(...(await checkManifests(manifests)));
  for (const problem of problems) console.error(`${path.relative(root, problem.file)} #${problem.index}: ${problem.message}`);
  console.log(`${manifests.length} manifests in ${path.relative(root, folder) || "."}: ${problems.length === 0 ? "valid" : `${problems.length} problems`}`);
  process.exit(problems.length === 0 ? 0 : 1);
}
