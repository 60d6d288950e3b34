import { describe, expect, it } from "vitest";
import { createRenderGate } from "./render-gate";

describe("render gate", () => {
  it("runs at most `limit` renders at once, lets the others in as each finishes, and frees the slot of a failed one", async () => {
    const gate = createRenderGate(2);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const render = (fail: boolean) =>
      gate(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        if (fail) throw new Error("render failed");
        return "html";
      });
    const results = [render(true), render(false), render(false), render(false)].map((promise) =>
      promise.catch((error: Error) => error.message),
    );
    await Promise.resolve();
    expect(releases).toHaveLength(2);
    while (releases.length) {
      releases.shift()!();
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    }
    expect(await Promise.all(results)).toEqual(["render failed", "html", "html", "html"]);
    expect(most).toBe(2);
  });
});
