import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, type FileStorage, type StoredFileInfo } from "./storage";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../platform/private-files";

const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Files under one folder on local disk (DATA_DIR/files); each key is a relative path inside it. `proxyPrefix`
 * (DOWNLOAD_ACCEL_PATH): the proxy's internal location for that folder, so downloads can be handed to it.
 */
export function createLocalStorage(root: string, { proxyPrefix }: { proxyPrefix?: string } = {}): FileStorage {
  const fullPath = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split("/"));
  };

  const stat = async (key: string): Promise<StoredFileInfo | null> => {
    try {
      const info = await fs.promises.stat(fullPath(key));
      return info.isFile() ? { size: info.size, mtime: info.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };

  return {
    ...(proxyPrefix
      ? {
          proxyPath(key: string) {
            assertStorageKey(key);
            return proxyPrefix + key;
          },
        }
      : {}),
    async put(key, body) {
      const target = fullPath(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return (await stat(key))!;
    },

    stat,

    read(key, range) {
      // 1 MiB reads: with the default 64 KiB a 50 MB result took some 800 reads and socket writes.
      return fs.createReadStream(fullPath(key), { highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
    },

    async remove(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },
  };
}
