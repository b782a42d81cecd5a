/**
 * The example counts the docs state are the counts `variorum test` runs: each bundled ruleset's
 * section of docs/rulesets.md says "**Examples.** N examples", and the README gives the totals with
 * and without the house rules.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRuleset, runExamples } from "../../compiler/engine/index.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";

const root = join(import.meta.dirname, "..", "..");
const host = nodeHost(rulesetFolders(root));
const ids = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => f.slice(0, -".rules".length))
    .sort();
const count = (id: string): number => {
  const loaded = loadRuleset(id, host);
  expect(loaded.ir, id).not.toBeNull();
  return runExamples(loaded.ir!).length;
};

describe("example counts in the docs", () => {
  const doc = readFileSync(join(root, "docs", "rulesets.md"), "utf8");
  for (const id of ids("rulesets")) {
    it(`docs/rulesets.md states ${id}'s count`, () => {
      const at = doc.indexOf(`(\`${id}\`)`);
      expect(at, `a section headed "… (\`${id}\`)"`).toBeGreaterThan(0);
      const next = doc.indexOf("\n## ", at);
      const section = doc.slice(at, next < 0 ? undefined : next);
      const stated = /\*\*Examples\.\*\* (\d+) examples/.exec(section)?.[1];
      expect(Number(stated), `"**Examples.** N examples" in ${id}'s section`).toBe(count(id));
    });
  }

  it("the README states the totals", () => {
    const bundled = ids("rulesets").reduce((n, id) => n + count(id), 0);
    const house = ids("rulesets/house").reduce((n, id) => n + count(id), 0);
    const readme = readFileSync(join(root, "README.md"), "utf8").replace(/\s+/g, " ");
    const m = /(\d+) examples in the five bundled rulesets, (\d+) with the house rules/.exec(
      readme,
    );
    expect(
      m,
      'README: "N examples in the five bundled rulesets, M with the house rules"',
    ).not.toBeNull();
    expect([Number(m![1]), Number(m![2])]).toEqual([bundled, bundled + house]);
  });
});
