// The bench's react-router-serve baseline (scripts/bench/ssr-baseline.ts builds it into BUILD_DIR).
import type { Config } from "@react-router/dev/config";

export default { appDirectory: "app", ssr: true, buildDirectory: process.env.BUILD_DIR ?? "build" } satisfies Config;
