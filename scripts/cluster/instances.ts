// Store instances as separate processes, each on its own port, started the way production starts them
// (tests/support/store-process.ts, as the e2e journeys and the benches start theirs).
import { startStoreProcess, type StoreProcess } from "../../tests/support/store-process";

export { ROOT } from "../../tests/support/store-process";

export type Instance = StoreProcess;

/** One instance of the build in `env.BUILD_DIR` (the cluster builds once for all with `npm run build`). */
export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const { BUILD_DIR: buildDir, ...rest } = env;
  if (!buildDir) throw new Error(`${name}: BUILD_DIR names the build to run`);
  return startStoreProcess({ name, port, buildDir, env: rest });
}
