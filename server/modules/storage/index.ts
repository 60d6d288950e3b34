/** The storage module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createStorageModule, type StorageModule, type StorageModuleDeps } from "./storage-module";
export { createStorage } from "./create-storage";
export { createStaleUploadSweep } from "./stale-uploads";
export { byteLimit, tooLarge } from "./byte-limit";
export type { FileStorage } from "./storage";
