/**
 * A minimal browser for unit tests of the API client in Node: window with both storages and a location whose
 * `assign` is recorded instead of navigating. Install it before the code under test touches `window`.
 */
class MemoryStorage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

export interface FakeBrowser {
  localStorage: Storage;
  sessionStorage: Storage;
  /** Every URL passed to location.assign, in order. */
  navigations: string[];
  uninstall(): void;
}

export function installFakeBrowser(pathname = "/"): FakeBrowser {
  const navigations: string[] = [];
  const fake = {
    localStorage: new MemoryStorage() as unknown as Storage,
    sessionStorage: new MemoryStorage() as unknown as Storage,
    location: { pathname, assign: (url: string) => void navigations.push(url) },
  };
  (globalThis as { window?: unknown }).window = fake;
  return {
    localStorage: fake.localStorage,
    sessionStorage: fake.sessionStorage,
    navigations,
    uninstall: () => void delete (globalThis as { window?: unknown }).window,
  };
}
