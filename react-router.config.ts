import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Browser tests build into their own folder so parallel runs never share one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
