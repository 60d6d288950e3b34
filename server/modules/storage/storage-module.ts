import type { Clock } from "../../platform/clock";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { createStorage } from "./create-storage";
import { createStaleUploadSweep } from "./stale-uploads";
import type { FileStorage } from "./storage";

export interface StorageModuleDeps {
  /** STORAGE (local or s3) and its settings. */
  config: Parameters<typeof createStorage>[0];
  jobs: JobRunner;
  clock: Clock;
}

export interface StorageModule {
  /** Where result files live: local disk or an S3 bucket. */
  storage: FileStorage;
  /** The daily sweep of what unfinished uploads left behind. */
  staleUploads: ReturnType<typeof createStaleUploadSweep>;
}

/** The storage domain wired once: the chosen storage and its clean-up job. */
export function createStorageModule({ config, jobs, clock }: StorageModuleDeps): StorageModule {
  const storage = createStorage(config);
  return { storage, staleUploads: createStaleUploadSweep({ storage, jobs, clock }) };
}
