import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest is one immutable, cached file the first page imports, instead of a partial manifest
  // worked out (route matching) and inlined into every rendered page, with later patches fetched per link.
  routeDiscovery: { mode: "initial" },
  // Browser tests build into their own folder so parallel runs never share one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
