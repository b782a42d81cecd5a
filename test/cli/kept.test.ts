/**
 * What the in-process CLI runs keep in memory (test/cli/kept.ts): a bundled ruleset's kept IR is the
 * front end's, a fresh copy on every hit; an edited base is compiled again; a file outside the
 * package's ruleset folders is never kept. A diff and a card read back what the same question kept
 * (`Ctx.stores`), printing what they printed; a store keeps the last `KEPT_REPORTS` of its kind.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadRuleset, rulesetsIn } from "../../compiler/engine/index.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import { createColors } from "picocolors";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import type { ReportStore } from "../../compiler/engine/reports.js";
import { KEPT_REPORTS, keptFronts, memoryStore } from "./kept.js";
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

/** A store in memory that counts what it is asked: loads, hits among them, and saves. */
function counting(): ReportStore & { loads: number; hits: number; saves: number } {
  const inner = memoryStore();
  const c = {
    loads: 0,
    hits: 0,
    saves: 0,
    load(key: string) {
      c.loads++;
      const v = inner.load(key);
      if (v !== null) c.hits++;
      return v;
    },
    save(key: string, value: string) {
      c.saves++;
      inner.save(key, value);
    },
  };
  return c;
}

async function runWith(
  argv: string[],
  stores: Ctx["stores"],
): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const none = createColors(false);
  const code = await run(argv, {
    cwd: ROOT,
    root: ROOT,
    out: (t) => void out.push(t),
    err: (t) => void out.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
    stores,
  });
  return { code, out: out.join("") };
}

describe("the reports kept for in-process runs", () => {
  it("a diff asked again reads back the report kept, and prints the same", async () => {
    const diff = counting();
    const argv = ["diff", "sl-classic", "test/diff/fixtures/two-change.rules", "--format", "md"];
    const first = await runWith(argv, { diff });
    expect([diff.loads, diff.hits, diff.saves]).toEqual([1, 0, 1]);
    const again = await runWith(argv, { diff });
    expect([diff.loads, diff.hits, diff.saves]).toEqual([2, 1, 1]);
    expect(again).toEqual(first);
    expect(first.code).toBe(0);
  });

  it("a card asked again reads back the model kept, and prints the same", async () => {
    const card = counting();
    const argv = ["card", "rulesets/house/sl-asl-portage.rules", "--format", "md"];
    const first = await runWith(argv, { card });
    // The model, and the text rendered from it (compiler/cli/card.ts): each kept, each read back.
    const kept = card.saves;
    expect([card.hits, kept]).toEqual([0, 2]);
    const again = await runWith(argv, { card });
    expect([card.hits, card.saves]).toEqual([kept, kept]);
    expect(again).toEqual(first);
    expect(first.code).toBe(0);
  });

  it(`a store keeps the last ${KEPT_REPORTS} of its kind`, () => {
    const store = memoryStore();
    for (let i = 0; i <= KEPT_REPORTS; i++) store.save(`key ${i}`, `value ${i}`);
    expect(store.load("key 0")).toBeNull();
    expect(store.load("key 1")).toBe("value 1");
    expect(store.load(`key ${KEPT_REPORTS}`)).toBe(`value ${KEPT_REPORTS}`);
  });
});
