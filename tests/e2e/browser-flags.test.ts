import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";

/** The command lines of this process's children, by process id. */
function childCommandLines(): Map<number, string[]> {
  const children = new Map<number, string[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === process.pid) children.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0"));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

describe("the journeys' Chromium", () => {
  let browser: Browser;
  let commandLine: string[] = [];
  beforeAll(async () => {
    const before = childCommandLines();
    browser = await launchBrowser();
    commandLine = [...childCommandLines()].find(([pid]) => !before.has(pid))?.[1] ?? [];
  });
  afterAll(() => browser?.close());

  it("keeps every feature Playwright turns off: Chromium reads only the last --disable-features", () => {
    const lists = commandLine.filter((arg) => arg.startsWith("--disable-features=")).map((arg) => arg.split("=")[1]?.split(",") ?? []);
    expect(lists.length).toBeGreaterThan(1);
    const last = lists.at(-1) ?? [];
    expect(lists.flat().filter((feature) => !last.includes(feature))).toEqual([]);
  });

  it("opens a window for a new visitor without the address bar's hidden popup page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("data:text/html,<h1>Scriptorium</h1>");
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets");
    expect(targetInfos.map((target) => `${target.type} ${target.url}`)).toEqual(["page data:text/html,<h1>Scriptorium</h1>"]);
    await context.close();
  });

  it("runs a new visitor's pages on one site in one renderer, with no spare started beside it", async () => {
    const site = http.createServer((_request, response) => response.end("<!doctype html><title>Scriptorium</title>"));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const session = await browser.newBrowserCDPSession();
    const renderers = async () =>
      (await session.send("SystemInfo.getProcessInfo")).processInfo.filter((info) => info.type === "renderer").length;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.goto(`${url}cart`);
      expect(await renderers()).toBe(1);
    } finally {
      // The worker runs the next file too: nothing of this test stays open, even when it fails.
      await context.close();
      await session.detach();
      site.close();
    }
  });
});
