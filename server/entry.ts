import { enableCompileCache } from "node:module";
import { patchReactRouter } from "./react-router-patches";

/**
 * The compiled server's entry (`build/app-server/main.js`): turns on Node's compile cache before the server's modules
 * load, so a start after the first reads their compiled code from disk instead of compiling ~1,400 modules again
 * (issue 27, cold start). The cache lives where NODE_COMPILE_CACHE says, else in the system's temporary folder; when it
 * cannot be written the start goes on without it. Then the composition root (main.ts).
 */
enableCompileCache();
// Before anything imports React Router: its per-render route work done once (server/react-router-patches.ts).
patchReactRouter();
await import("./main");
