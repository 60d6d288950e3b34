import { describe, expect, it } from "vitest";
import { createDependencyChecks } from "./dependency-checks";
import { retryWhileUnavailable } from "./retry-while-unavailable";
import { DependencyUnavailable, failureName, isConnectionFailure } from "./unavailable";

describe("dependency checks", () => {
  it("asks each dependency once per cache period however many ask, and again after it", async () => {
    let now = 0;
    let asked = 0;
    const probe = async () => {
      asked++;
      return true;
    };
    const checks = createDependencyChecks([{ name: "database", probe }], { cacheMs: 1_000, now: () => now });
    const answers = await Promise.all(Array.from({ length: 50 }, () => checks.states()));
    expect(answers.every((states) => states.database === true)).toBe(true);
    expect(asked).toBe(1);
    now = 999;
    await checks.states();
    expect(asked).toBe(1);
    now = 1_000;
    await checks.states();
    expect(asked).toBe(2);
  });

  it("counts a probe that fails, throws or does not answer in time as down, and never starts a hanging one twice", async () => {
    let now = 0;
    let hanging = 0;
    const checks = createDependencyChecks(
      [
        { name: "database", probe: async () => false },
        { name: "redis", probe: () => Promise.reject(new Error("ECONNREFUSED")) },
        {
          name: "storage",
          probe: () => {
            hanging++;
            return new Promise<boolean>(() => {});
          },
        },
      ],
      { timeoutMs: 20, cacheMs: 1_000, now: () => now },
    );
    expect(await checks.states()).toEqual({ database: false, redis: false, storage: false });
    now = 5_000;
    expect(await checks.states()).toEqual({ database: false, redis: false, storage: false });
    expect(hanging).toBe(1);
  });
});

describe("connection failures", () => {
  it("recognises refused, reset and PostgreSQL shutdown errors, through causes and AggregateErrors, and nothing else", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isConnectionFailure(refused)).toBe(true);
    expect(
      isConnectionFailure(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(
      true,
    );
    expect(isConnectionFailure(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(true);
    expect(isConnectionFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new AggregateError([refused], "connect failed"))).toBe(true);
    expect(isConnectionFailure(new Error("Migration failed", { cause: refused }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionFailure(new Error("syntax error"))).toBe(false);
    expect(failureName(new DependencyUnavailable("database", refused))).toBe(
      "database: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432",
    );
  });

  it("retries work while a dependency is unavailable, and gives up at once on any other error", async () => {
    const lines: string[] = [];
    let tries = 0;
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const result = await retryWhileUnavailable(
      "start",
      async () => {
        tries++;
        if (tries < 3) throw refused;
        return "migrated";
      },
      { log: (line) => lines.push(line), firstDelayMs: 1, maxDelayMs: 2 },
    );
    expect(result).toBe("migrated");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^start: a dependency is not available \(ECONNREFUSED/);
    const broken = retryWhileUnavailable(
      "start",
      async () => Promise.reject(new Error("Migration x failed: syntax error")),
      { log: (line) => lines.push(line) },
    );
    await expect(broken).rejects.toThrow("syntax error");
    expect(lines).toHaveLength(2);
  });
});
