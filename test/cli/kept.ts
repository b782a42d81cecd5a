/**
 * What the CLI's bundle keeps between runs, kept in memory for the suite's in-process CLI runs
 * (`variorum()` in test/cli/run.ts; the hostile commands' runner takes the front ends alone), made by
 * the current sources instead of a build.
 *
 * `keptFronts`: the front-end results of the package's own rulesets (the bundle's dist/front-cache).
 * The first run in a worker that loads a bundled ruleset runs the front end over it; later runs get
 * its IR back while every file it read (the ruleset and its bases) reads the same
 * (compiler/node/front-cache.ts's `stillHolds`), as the bundle's entries do. A fixture or a user's
 * file is never kept: it goes through the front end on every run, as in the binary. Each hit is a
 * fresh copy of the IR.
 *
 * `keptStores`: diff reports and card models (the bundle's report cache,
 * compiler/node/report-store.ts), under the SHA-256 of the key the command gives (the rulesets' IR
 * and the options), the last `KEPT_REPORTS` of each kind.
 *
 * Both are the binary's own paths: test/engine/built-results.test.ts holds that a kept IR is the
 * front end's and that a report or card read back renders byte for byte as computed, and
 * test/golden/spawn.test.ts that the binary (which keeps both) prints what the in-process run prints.
 */
import type { BuiltFronts } from "../../compiler/engine/host.js";
import { rulesetsIn } from "../../compiler/engine/host.js";
import { frontEntry } from "../../compiler/node/front-cache-build.js";
import { entryIr, irText, readEntry, sha256, stillHolds } from "../../compiler/node/front-cache.js";
import type { ReportStore } from "../../compiler/engine/reports.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";

/** The entries kept for the package at `root`: file → the entry's text (`irText`). */
const byRoot = new Map<string, Map<string, string>>();

/** The package's rulesets at `root`, their front-end results kept for this worker. */
export function keptFronts(root: string): BuiltFronts {
  const host = nodeHost(rulesetFolders(root));
  let entries = byRoot.get(root);
  if (entries === undefined) byRoot.set(root, (entries = new Map()));
  const store = entries;
  const bundled = new Set(rulesetsIn(host).map((r) => r.file));
  return {
    lookup(file, read) {
      if (!bundled.has(file)) return null;
      const known = store.get(file);
      if (known !== undefined) {
        const entry = readEntry(known);
        if (stillHolds(root, entry, read)) return entryIr(entry);
      }
      const made = frontEntry(root, file, host, "in-process");
      if (made === null) {
        store.delete(file);
        return null;
      }
      const text = irText(made);
      store.set(file, text);
      return entryIr(readEntry(text));
    },
  };
}

/** How many reports (and card models) a worker keeps of each kind, the oldest forgotten first. */
export const KEPT_REPORTS = 32;

/** A store in memory: the last `KEPT_REPORTS` values, by the SHA-256 of their key. */
export function memoryStore(): ReportStore & { size(): number } {
  const values = new Map<string, string>();
  return {
    load: (key) => values.get(sha256(key)) ?? null,
    save(key, value) {
      const k = sha256(key);
      values.delete(k);
      values.set(k, value);
      if (values.size > KEPT_REPORTS) values.delete(values.keys().next().value!);
    },
    size: () => values.size,
  };
}

const stores = { diff: memoryStore(), card: memoryStore() };

/** The worker's stores of diff reports and card models (`Ctx.stores`). */
export function keptStores(): typeof stores {
  return stores;
}
