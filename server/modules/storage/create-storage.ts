import path from "node:path";
import type { Config } from "../../config";
import { createLocalStorage } from "./local-storage";
import type { FileStorage } from "./storage";

/** The storage chosen by STORAGE. Only `local` is built (docs/decisions/storage-local-disk-only.md). */
export function createStorage(config: Pick<Config, "STORAGE" | "DATA_DIR">): FileStorage {
  if (config.STORAGE === "s3") throw new Error("STORAGE=s3 is not available in this build");
  return createLocalStorage(path.join(config.DATA_DIR, "files"));
}
