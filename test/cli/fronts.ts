/**
 * The front-end results of the package's own rulesets, kept in memory for the in-process CLI runs of
 * the suite (`variorum()` in test/cli/run.ts, the hostile commands' runner): what the CLI's bundle
 * keeps in dist/front-cache, made by the current sources instead of a build. The first run in a
 * worker that loads a bundled ruleset runs the front end over it; later runs get its IR back while
 * every file it read (the ruleset and its bases) reads the same (compiler/node/front-cache.ts's
 * `stillHolds`), as the bundle's entries do. A fixture or a user's file is never kept: it goes through
 * the front end on every run, as in the binary. Each hit is a fresh copy of the IR.
 *
 * The bundled path is the binary's own: test/engine/built-results.test.ts holds that a kept IR is the
 * front end's, and test/golden/spawn.test.ts that the binary (which reads dist/front-cache) prints
 * what the in-process run prints.
 */
import type { BuiltFronts } from "../../compiler/engine/host.js";
import { rulesetsIn } from "../../compiler/engine/host.js";
import { frontEntry } from "../../compiler/node/front-cache-build.js";
import { irText, readEntry, stillHolds } from "../../compiler/node/front-cache.js";
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
        if (stillHolds(root, entry, read)) return entry.ir;
      }
      const made = frontEntry(root, file, host, "in-process");
      if (made === null) {
        store.delete(file);
        return null;
      }
      const text = irText(made);
      store.set(file, text);
      return readEntry(text).ir;
    },
  };
}
