// The bench's react-router-serve baseline (scripts/bench/page-cache.ts builds it into BUILD_DIR, with the store's stylesheet in BENCH_STYLESHEET).
import type { Config } from "@react-router/dev/config";

export default { appDirectory: "app", ssr: true, buildDirectory: process.env.BUILD_DIR ?? "build" } satisfies Config;
