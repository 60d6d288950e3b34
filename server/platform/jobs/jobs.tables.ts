/** The durable job queue (server/platform/jobs/job-runner.ts). */
export interface JobsTable {
  id: string;
  /** Names the handler: `mail.deliver`, `order.review-end`… */
  kind: string;
  payload_json: string;
  /** At most one job per key (e.g. one review-end per order and version): scheduling it again changes nothing. */
  unique_key: string | null;
  status: "queued" | "running" | "done" | "failed";
  /** Due time (ISO-8601 UTC); a retry moves it later. */
  run_at: string;
  attempts: number;
  max_attempts: number;
  /** While running: the claim expires then, and another runner may take the job again (its runner died). */
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface JobTables {
  jobs: JobsTable;
}
