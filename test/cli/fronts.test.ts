/**
 * The front-end results the in-process CLI runs keep in memory (test/cli/fronts.ts): a bundled
 * ruleset's kept IR is the front end's, a fresh copy on every hit; an edited base is compiled again;
 * a file outside the package's ruleset folders is never kept.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRuleset, rulesetsIn } from "../../compiler/engine/index.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import { keptFronts } from "./fronts.js";
import { ROOT } from "./run.js";

const root = mkdtempSync(join(tmpdir(), "variorum-kept-"));
cpSync(join(ROOT, "rulesets"), join(root, "rulesets"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const host = nodeHost(rulesetFolders(root));
const read = (f: string) => host.readFile(f);

describe("the front-end results kept for in-process runs", () => {
  it("give back, for every bundled ruleset and house rule, the IR the front end computes, a copy each time", () => {
    const kept = keptFronts(root);
    for (const found of rulesetsIn(host)) {
      const fresh = loadRuleset(found.file, host);
      const first = kept.lookup(found.file, read);
      const again = keptFronts(root).lookup(found.file, read);
      expect(first, found.id).toStrictEqual(fresh.ir);
      expect(again, found.id).toStrictEqual(fresh.ir);
      expect(again).not.toBe(first);
    }
  });

  it("compile a house rule again once its base changes", () => {
    const sl = join(root, "rulesets", "sl-classic.rules");
    const house = join(root, "rulesets", "house", "sl-asl-portage.rules");
    const before = keptFronts(root).lookup(house, read)!;
    const text = readFileSync(sl, "utf8");
    const edited = text.replace(
      /^(rule leader-bonus \[5\.44\] ")[^"]*"/m,
      '$1an MMC with a leader gets extra MF (edited)"',
    );
    expect(edited).not.toBe(text);
    writeFileSync(sl, edited);
    const after = keptFronts(root).lookup(house, read)!;
    expect(after).toStrictEqual(loadRuleset(house, host).ir);
    expect(after).not.toStrictEqual(before);
  });

  it("never keep a file outside the package's ruleset folders", () => {
    const mine = join(root, "mine.rules");
    writeFileSync(mine, readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8"));
    expect(loadRuleset(mine, host).ir).not.toBeNull();
    expect(keptFronts(root).lookup(mine, read)).toBeNull();
  });
});
