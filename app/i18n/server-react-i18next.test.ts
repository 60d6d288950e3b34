// The server's `t` keeps what i18next answered (app/i18n/server-react-i18next.ts): the same text as i18next's for
// every kind of call, and i18next asked once per key and plain options.
import i18next, { type TFunction } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { rememberPlainKeys } from "./server-react-i18next";

const resources = {
  en: { common: { hello: "Hello", hours_one: "{{count}} hour", hours_other: "{{count}} hours", added: "{{name}} was added." } },
};

function counted() {
  const instance = i18next.createInstance();
  void instance.init({ lng: "en", resources, ns: ["common"], defaultNS: "common", initAsync: false, interpolation: { escapeValue: false } });
  const t = instance.getFixedT("en", "common");
  const calls = vi.fn();
  const spied = ((...args: unknown[]) => {
    calls(...args);
    return (t as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as TFunction;
  return { t, remembered: rememberPlainKeys(spied) as unknown as (...a: unknown[]) => unknown, calls };
}

describe("the server's remembering t", () => {
  it("answers as i18next does, plurals and interpolation included", () => {
    const { t, remembered } = counted();
    const plain = t as unknown as (...a: unknown[]) => unknown;
    for (const args of [["hello"], ["hours", { count: 1 }], ["hours", { count: 2 }], ["added", { name: "Deck" }], ["added", { name: "Kit" }]]) {
      expect(remembered(...args)).toBe(plain(...args));
      expect(remembered(...args)).toBe(plain(...args));
    }
  });

  it("asks i18next once per key and plain options", () => {
    const { remembered, calls } = counted();
    remembered("hours", { count: 2 });
    remembered("hours", { count: 2 });
    remembered("hours", { count: "2" });
    remembered("hello");
    remembered("hello");
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it("asks i18next every time when an option is not a plain value", () => {
    const { remembered, calls } = counted();
    const options = { name: { toString: () => "Deck" } };
    remembered("added", options);
    remembered("added", options);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
