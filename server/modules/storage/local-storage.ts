import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, type FileStorage, type StoredFileInfo } from "./storage";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../platform/private-files";

const READ_CHUNK_BYTES = 1024 * 1024;

/** The name an upload is written under until it is whole: the file's own name, a random id, `.part`. */
const partName = (target: string) => `${target}.${randomUUID()}.part`;
const PART_NAME = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/** Removes the `.part` files under `root` last written before `before`: uploads a killed process never finished. */
async function removeUnfinished(root: string, before: Date): Promise<number> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !PART_NAME.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    // A file gone meanwhile (its upload finished or failed) is not an error.
    const info = await fs.promises.stat(file).catch(() => null);
    if (!info || info.mtime >= before) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}

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
      // Written aside, then renamed: a reader never sees half a file. A process killed meanwhile leaves the part
      // behind; removeUnfinished clears it once it is old enough that no upload can still be writing it.
      const temporary = partName(target);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      const written = await stat(key);
      if (!written) throw new Error(`${key} is missing right after it was written`);
      return written;
    },

    stat,

    read(key, range) {
      // 1 MiB reads: with the default 64 KiB a 50 MB result took some 800 reads and socket writes.
      return fs.createReadStream(fullPath(key), { highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) });
    },

    async remove(key) {
      await fs.promises.rm(fullPath(key), { force: true });
    },

    removeUnfinished: (before) => removeUnfinished(root, before),
  };
}
