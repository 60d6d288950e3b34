/** scripts/server-bundle.mjs: the server compiled into `outdir` from `entryPoints` (name → source path). */
export function bundleServer(entryPoints: Record<string, string>, outdir: string): Promise<void>;
