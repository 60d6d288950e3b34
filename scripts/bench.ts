// `npm run bench`: runs every section in order and prints its figures. `npm run bench -- orders` runs one section.
// A section is a module in scripts/bench/ exporting `(log) => Promise<void>`; add yours to the list below.
import os from "node:os";
import { benchAccounts } from "./bench/accounts";
import { benchBackOffice, benchQueue } from "./bench/back-office";
import { benchLifecycle } from "./bench/lifecycle";
import { benchLighthouse } from "./bench/lighthouse";
import { benchOrders } from "./bench/orders";
import { benchPageCache } from "./bench/page-cache";
import { benchStorefrontJs } from "./bench/storefront-js";
import { benchSpeed } from "./bench/speed";
import { benchStartMemory } from "./bench/start-memory";

type Section = (log: (line: string) => void) => Promise<void>;

const sections: Array<[name: string, run: Section]> = [
  ["orders", benchOrders],
  ["lifecycle", benchLifecycle],
  ["accounts", benchAccounts],
  ["pages", benchPageCache],
  ["start", benchStartMemory],
  ["queue", benchQueue],
  ["back-office", benchBackOffice],
  ["storefront-js", benchStorefrontJs],
  ["lighthouse", benchLighthouse],
  // Issue 27's table last, each row with its aim and MET / NOT MET: it measures its rows again on one build.
  ["speed", benchSpeed],
];

const onDemand: Array<[name: string, run: Section]> = [];

/** The machine's load: figures taken while other work runs are lower and noisier; ratios from alternating rounds hold. */
const loadLine = () => `load average ${os.loadavg().map((n) => n.toFixed(1)).join(" / ")} (1/5/15 min) on ${os.availableParallelism()} cores`;

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen = wanted.length ? [...sections, ...onDemand].filter(([name]) => wanted.includes(name)) : sections;
  if (chosen.length === 0)
    throw new Error(`no such section: ${wanted.join(", ")} (have ${[...sections, ...onDemand].map(([name]) => name).join(", ")})`);
  console.log(`bench: Node ${process.version}, ${loadLine()}; sections: ${chosen.map(([name]) => name).join(", ")}`);
  for (const [name, run] of chosen) {
    const started = performance.now();
    console.log(`\n== ${name} (${loadLine()})`);
    await run((line) => console.log(line));
    console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
