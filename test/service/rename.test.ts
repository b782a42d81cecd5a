/**
 * Rename and quick fixes as an editor user meets them (issue 44, items 6–8; issue 45, items 8 and
 * 20): never an edit of a file that is not the user's (node_modules, the bundled rulesets, outside the
 * workspace), references and rename from one search (a closed ruleset that extends the file is
 * found through the host and edited), a rename refused when the renamed rulesets would mean
 * something else or no longer check, or when a file with syntax errors holds the new name; bases
 * re-read when their version changes for an editor that cannot watch files.
 */
import { describe, expect, it } from "vitest";
import type { Host } from "../../compiler/engine/host.js";
import { LanguageService } from "../../compiler/service/index.js";
import { whyNotWritable } from "../../compiler/service/writable.js";
import { bundledTexts } from "./host.js";

const WS = "file:///work";
const BASE = `${WS}/my-base.rules`;
const HOUSE = `${WS}/my-house.rules`;
const base = `ruleset my-base "A base"
  extends sl-classic

rule bump [H1] "one more": MF = 1

rule twice [H2] "two": MF = bump + bump

rule stacks-as-carts [H3] "a cart counts once against the stacking" helper: counters = 1

example [H4] "bump is one" {
  unit { kind: squad }
  expect bump = 1
}
`;
const house = `ruleset my-house "A house rule"
  extends my-base

rule thrice [H5] "three": MF = bump + twice
`;

/** The bundled rulesets, `files` beside them, searched as the language server's host would. */
function service(files: Record<string, string> = { [BASE]: base, [HOUSE]: house }) {
  return new LanguageService(bundledTexts(files), { workspace: [WS], examples: false });
}
const at = (text: string, needle: string, plus = 1): number => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no ${needle}`);
  return i + plus;
};
const edited = (r: ReturnType<LanguageService["rename"]>) => {
  if ("error" in r) throw new Error(r.error);
  return Object.fromEntries(r.edits.map((f) => [f.uri, f.edits.length]));
};

describe("rename never writes where it should not (issue 44, item 6)", () => {
  it("refuses a rename inside node_modules, naming why", () => {
    const uri = "file:///work/node_modules/variorum/rulesets/my-base.rules";
    const s = service({ [uri]: base });
    s.open(uri, base);
    expect(s.rename(uri, at(base, "bump"), "nudge")).toEqual({
      error: `bump is defined in ${uri}, which Variorum will not edit: it is inside node_modules: an installed package's copy, not yours to edit`,
    });
  });

  it("refuses a rename in a bundled ruleset even when the editor opened it", () => {
    const uri = "rulesets/sl-classic.rules";
    const s = service();
    const text = s.files.readFile(uri)!;
    s.open(uri, text);
    expect(s.rename(uri, at(text, "rule leader-bonus", 6), "nudge")).toMatchObject({
      error:
        /leader-bonus is defined in rulesets\/sl-classic\.rules, which Variorum will not edit: it is a ruleset bundled with Variorum/,
    });
  });

  it("refuses a rename that would edit a file outside the workspace", () => {
    const outside = "file:///elsewhere/my-base.rules";
    const s = service({ [outside]: base });
    s.open(outside, base);
    expect(s.rename(outside, at(base, "bump"), "nudge")).toMatchObject({
      error: /outside the workspace \(file:\/\/\/work\)/,
    });
  });

  it("offers quick fixes in a file it will not edit as disabled, with the reason and no edit", () => {
    const uri = "file:///work/node_modules/variorum/rulesets/typo.rules";
    const typo = base.replace("bump + bump", "bump + bunp");
    const s = service({ [uri]: typo });
    s.open(uri, typo);
    const [fix] = s.codeActions(uri, at(typo, "bunp"), at(typo, "bunp"));
    expect(fix).toMatchObject({
      title: "Change bunp to bump",
      edits: [],
      disabled: { reason: /^Variorum will not edit this file: it is inside node_modules/ },
    });
    const mine = `${WS}/typo.rules`;
    const t = service({ [mine]: typo });
    t.open(mine, typo);
    expect(t.codeActions(mine, at(typo, "bunp"), at(typo, "bunp"))[0]!.disabled).toBeUndefined();
  });
});

describe("which files are the user's (compiler/service/writable.ts)", () => {
  const folders = [
    { path: "file:///pkg/rulesets", kind: "bundled" as const },
    { path: "file:///pkg/rulesets/house", kind: "house" as const },
  ];
  it.each([
    ["file:///work/a.rules", ["file:///work"], null],
    ["file:///work/a.rules", [], null],
    ["file:///workshop/a.rules", ["file:///work"], /outside the workspace/],
    ["file:///work/node_modules/variorum/rulesets/a.rules", ["file:///work"], /node_modules/],
    ["file:///pkg/rulesets/a.rules", [], /bundled with Variorum/],
    ["file:///pkg/rulesets/house/a.rules", ["file:///work"], /a house rule bundled/],
    // A checkout of Variorum opened as the workspace: its maintainers edit the bundled rulesets.
    ["file:///pkg/rulesets/a.rules", ["file:///pkg"], null],
  ] as const)("%s in %j", (file, workspace, why) => {
    const got = whyNotWritable(file, folders, workspace);
    if (why === null) expect(got).toBeNull();
    else expect(got).toMatch(why);
  });
});

describe("references and rename agree, closed files included (issue 44, item 7)", () => {
  it("finds and renames the uses in a closed ruleset that extends the file", () => {
    const s = service();
    s.open(BASE, base);
    const refs = s.references(BASE, at(base, "bump"), true);
    expect(refs.map((l) => `${l.uri}:${l.range.start.line + 1}`)).toEqual([
      `${BASE}:4`,
      `${BASE}:6`,
      `${BASE}:6`,
      `${BASE}:12`,
      `${HOUSE}:4`,
    ]);
    expect(edited(s.rename(BASE, at(base, "bump"), "nudge"))).toEqual({ [BASE]: 4, [HOUSE]: 1 });
    // Without the declaration: the uses only.
    expect(s.references(BASE, at(base, "bump"), false)).toHaveLength(4);
  });

  it("finds an open ruleset that extends the file too, from either file", () => {
    const s = service();
    s.open(BASE, base);
    s.open(HOUSE, house);
    const fromHouse = s.references(HOUSE, at(house, "bump"), true).map((l) => l.uri);
    const fromBase = s.references(BASE, at(base, "bump"), true).map((l) => l.uri);
    expect(fromHouse).toEqual(fromBase);
    expect(edited(s.rename(HOUSE, at(house, "bump"), "nudge"))).toEqual({
      [BASE]: 4,
      [HOUSE]: 1,
    });
  });
});

describe("a rename is refused unless the rulesets mean the same (issue 45, item 8)", () => {
  const refused = (newName: string, needle = "bump") => {
    const s = service();
    s.open(BASE, base);
    const r = s.rename(BASE, at(base, needle), newName);
    if (!("error" in r)) throw new Error(`renaming ${needle} to ${newName} was accepted`);
    return r.error;
  };

  it.each(["max", "fru"])("to the built-in %s: the file would no longer check", (name) => {
    expect(refused(name)).toMatch(
      new RegExp(
        `^renaming bump to ${name} would change what ${BASE} means: it would no longer check \\(rulesets/sl-classic\\.rules:\\d+:\\d+: V0209 ${name} takes 0 arguments`,
      ),
    );
  });

  it.each(["spent", "mean", "vehicle-spent"])(
    "to %s: an `expect bump = …` would expect the move's own figure",
    (name) => {
      expect(refused(name)).toMatch(
        new RegExp(`^renaming bump to ${name} would change what ${BASE} means: `),
      );
    },
  );

  // Tide of Iron has per-unit counts and no limit: every `stacks-as-…` rule is one of its counts.
  const TOI = `${WS}/my-toi.rules`;
  const toi = `ruleset my-toi "A Tide of Iron house base"
  extends tide-of-iron

rule stacks-as-carts [H1] "a cart counts as one unit" helper: units = 1

rule bump [H1] "one more" helper: MP = 1

example [H1] "a squad counts as one cart" {
  unit { kind: squad }
  expect stacks-as-carts = 1
  expect bump = 1
}
`;
  const renamedInToi = (needle: string, newName: string) => {
    const s = service({ [TOI]: toi });
    s.open(TOI, toi);
    return s.rename(TOI, at(toi, needle), newName);
  };

  it("of a stacks-as-… rule: the stacking it counts would silently disappear", () => {
    expect(renamedInToi("stacks-as-carts", "cart-count")).toEqual({
      error: `renaming stacks-as-carts to cart-count would change what ${TOI} means: stacks-as-carts is a per-unit stacking count (a rule named stacks-as-…): renamed, the stacking it counts would silently disappear`,
    });
  });

  it("to a stacks-as-… name: a rule would start counting against the stacking", () => {
    expect(renamedInToi("bump", "stacks-as-bumps")).toMatchObject({
      error: /would become a per-unit stacking count/,
    });
    expect(edited(renamedInToi("bump", "nudge"))).toEqual({ [TOI]: 2 });
  });

  it("accepts a rename that keeps the meaning", () => {
    const s = service();
    s.open(BASE, base);
    expect(edited(s.rename(BASE, at(base, "bump"), "nudge"))).toEqual({ [BASE]: 4, [HOUSE]: 1 });
    // In SL Classic's family the limit sums its own three counts: this one is not among them.
    expect(edited(s.rename(BASE, at(base, "stacks-as-carts"), "cart-count"))).toEqual({
      [BASE]: 1,
    });
  });
});

describe("a rename in a file with syntax errors (issue 45, item 20)", () => {
  it("does not land on a name defined in the part that did not parse", () => {
    // The definition of `later` does not parse: recovery leaves it out of what is checked.
    const broken = `${base}\nrule later [H7] "defined where it does not parse": MF = (2 +\n`;
    const s = service({ [BASE]: broken });
    s.open(BASE, broken);
    expect(s.analysis(BASE)!.merged!.decls.some((o) => o.decl.name === "later")).toBe(false);
    expect(s.rename(BASE, at(broken, "bump"), "later")).toMatchObject({
      error: /has syntax errors and later occurs in it \(\d+:\d+\) where it could not be checked/,
    });
    expect(edited(s.rename(BASE, at(broken, "bump"), "nudge"))).toEqual({ [BASE]: 4 });
  });
});

describe("bases re-read when their version changes (issue 44, item 8)", () => {
  /** The bundled rulesets and `files`, whose `stat` version is `versions[file]` (a disk's mtime). */
  function versioned(files: Map<string, string>, versions: Map<string, number>): Host {
    const inner = bundledTexts();
    return {
      ...inner,
      readFile: (f) => files.get(f) ?? inner.readFile(f),
      stat: (f) =>
        files.has(f)
          ? { isFile: true, isDirectory: false, version: versions.get(f) ?? 0 }
          : inner.stat(f),
    };
  }

  it("polls a closed base's version when asked to, and only then", () => {
    const files = new Map([
      [BASE, base],
      [HOUSE, house],
    ]);
    const versions = new Map([[BASE, 1]]);
    for (const poll of [true, false]) {
      files.set(BASE, base);
      versions.set(BASE, 1);
      const s = new LanguageService(versioned(files, versions), { pollBases: poll });
      s.open(HOUSE, house.replace("bump + twice", "bump + twice + extra"));
      const errors = () => s.diagnostics(HOUSE).filter((d) => d.severity === "error");
      expect(errors().map((d) => d.code)).toEqual(["V0201"]);
      // The base gains `extra` on disk; no watcher says so.
      files.set(BASE, `${base}\nrule extra [H9] "more": MF = 1\n`);
      versions.set(BASE, 2);
      expect(errors().map((d) => d.code)).toEqual(poll ? [] : ["V0201"]);
    }
  });
});
