/**
 * The language service over a house rule and its bundled base: diagnostics that appear and clear,
 * hover (with an override's base citation), definition and references across `extends`, completion,
 * symbols, semantic tokens, code actions, and that an edit does not re-parse the base.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LanguageService } from "../../compiler/service/index.js";
import { bundledTexts } from "./host.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const host = bundledTexts();
const HOUSE = readFileSync(join(ROOT, "rulesets", "house", "asl-officer-bonus.rules"), "utf8");
const URI = "file:///house.rules";

function service(text = HOUSE): LanguageService {
  const s = new LanguageService(host);
  s.open(URI, text);
  return s;
}
const at = (text: string, needle: string, plus = 1): number => {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`no ${needle}`);
  return i + plus;
};

describe("language service", () => {
  it("reports a located diagnostic for a typo and clears it when fixed", () => {
    const broken = HOUSE.replace("when rides-conveyance", "when rides-conveyanse");
    const s = service(broken);
    const ds = s.diagnostics(URI);
    expect(ds.map((d) => d.code)).toEqual(["V0201"]);
    expect(broken.slice(ds[0]!.start, ds[0]!.end)).toContain("rides-conveyanse");
    expect(ds[0]!.range.start.line).toBe(broken.slice(0, ds[0]!.start).split("\n").length - 1);
    s.update(URI, HOUSE);
    expect(s.diagnostics(URI)).toEqual([]);
  });

  it("reports a failing example", () => {
    const s = service(
      HOUSE.replace("expect allowance = 5            # 4 + 1", "expect allowance = 6"),
    );
    expect(s.diagnostics(URI).map((d) => d.code)).toEqual(["V0801"]);
  });

  it("does not re-parse the base on an edit", () => {
    const spy: string[] = [];
    const s = new LanguageService(bundledTexts({}, spy));
    s.open(URI, HOUSE);
    s.diagnostics(URI);
    // The second analysis (of an edited text) holds the very same parse of the base.
    const before = s.analysis(URI)!.files.get("rulesets/asl-a4.rules")!;
    s.update(URI, HOUSE + "\n# an edit\n");
    s.diagnostics(URI);
    const after = s.analysis(URI)!.files.get("rulesets/asl-a4.rules")!;
    expect(after).toBe(before);
    expect(spy).toEqual(["rulesets/asl-a4.rules"]);
  });

  it("hovers an override with the base citation, paraphrase and file", () => {
    const s = service();
    const h = s.hover(URI, at(HOUSE, "leader-bonus"))!;
    expect(h.contents).toContain("override rule");
    expect(h.contents).toContain("\\[H2\\]");
    expect(h.contents).toContain("Replaces asl-a4's rule");
    expect(h.contents).toContain("\\[A4.12\\]");
    expect(h.contents).toContain("rulesets/asl-a4.rules");
  });

  it('hovers an extended rule with the paraphrase `extend rule NAME "…"` restates', () => {
    const text = readFileSync(join(ROOT, "test", "diff", "fixtures", "two-change.rules"), "utf8");
    const s = service(text);
    expect(s.diagnostics(URI)).toEqual([]);
    const restated =
      "an MMC or hero stacked with a leader for its whole Movement Phase gets 1 extra MF";
    for (const [needle, plus] of [
      ["extend rule leader-bonus", 13],
      ["expect leader-bonus = 1", 8],
    ] as const) {
      const h = s.hover(URI, at(text, needle, plus))!.contents;
      expect(h).toContain(restated);
      expect(h).not.toContain("gets 2 extra MF");
    }
  });

  it("hovers a base rule, an enum member and an input field", () => {
    const s = service();
    expect(s.hover(URI, at(HOUSE, "rides-conveyance"))!.contents).toMatch(
      /\*\*predicate\*\* `rides-conveyance: bool` \\\[A4\./,
    );
    expect(s.hover(URI, at(HOUSE, "kind: squad", 7))!.contents).toContain(
      "**member** `squad` of enum",
    );
    expect(s.hover(URI, at(HOUSE, "unit.leader", 6))!.contents).toContain(
      "**input field** `unit.leader: bool`",
    );
  });

  it("goes to the base definition and finds references across extends", () => {
    const s = service();
    const base = readFileSync(join(ROOT, "rulesets", "asl-a4.rules"), "utf8");
    const d = s.definition(URI, at(HOUSE, "leader-bonus"))!;
    expect(d.uri).toBe("rulesets/asl-a4.rules");
    expect(base.slice(d.start, d.end)).toBe("leader-bonus");
    expect(base.split("\n")[d.range.start.line]).toMatch(/rule leader-bonus/);
    const p = s.definition(URI, at(HOUSE, "rides-conveyance"))!;
    expect(base.slice(p.start, p.end)).toBe("rides-conveyance");
    const refs = s.references(URI, at(HOUSE, "rides-conveyance"));
    expect(refs.some((r) => r.uri === URI)).toBe(true);
    expect(refs.some((r) => r.uri === "rulesets/asl-a4.rules" && r.start === p.start)).toBe(true);
    const lb = s.references(URI, at(HOUSE, "leader-bonus"));
    expect(lb.filter((r) => r.uri === "rulesets/asl-a4.rules").length).toBeGreaterThanOrEqual(2); // defined and used in allowance
  });

  it("completes names with kind and citation, members after `in {`, fields after `unit.`, keywords and snippets", () => {
    const text = HOUSE + '\nrule extra [H3] "x": MF = 1 if unit.kind in {squ';
    const s = service(text);
    const inSet = s.complete(URI, text.length);
    expect(inSet.map((c) => c.label)).toContain("squad");
    expect(inSet.every((c) => c.kind === "member" && c.detail!.startsWith("kind"))).toBe(true);
    const t2 = HOUSE + '\nrule extra [H3] "x": MF = 1 if unit.';
    const s2 = service(t2);
    const fields = s2.complete(URI, t2.length);
    expect(fields.map((c) => c.label)).toEqual(
      expect.arrayContaining(["kind", "leader", "portage"]),
    );
    const t3 = HOUSE + '\nrule extra [H3] "x": MF = ';
    const names = service(t3).complete(URI, t3.length);
    const ipc = names.find((c) => c.label === "ipc")!;
    expect(ipc.kind).toBe("rule");
    expect(ipc.detail).toMatch(/^rule \[A4\.\d+/);
    expect(names.some((c) => c.label === "MF" && c.kind === "measure")).toBe(true);
    expect(names.some((c) => c.label === "if" && c.kind === "keyword")).toBe(true);
    const t4 = HOUSE + "\nru";
    const top = service(t4).complete(URI, t4.length);
    for (const sn of ["rule", "exception", "example"])
      expect(top.some((c) => c.label === sn && c.snippet)).toBe(true);
    const t5 = HOUSE + '\nrule extra [H3] "x" section ';
    expect(
      service(t5)
        .complete(URI, t5.length)
        .map((c) => c.label),
    ).toContain("bonuses");
  });

  it("outlines sections → definitions", () => {
    const syms = service().symbols(URI);
    const bonuses = syms.find((x) => x.name === "Bonuses and penalties")!;
    expect(bonuses.children.map((c) => c.name)).toEqual(["leader-bonus"]);
    expect(syms.find((x) => x.name === "Examples")!.children).toHaveLength(2);
  });

  it("outlines an example's stacks and their counters, top first", () => {
    const text = `ruleset stacked "Stacks" extends asl-a4

example [A4.43 EX] "a SW belongs to the unit beneath it" {
  stack A1 {
    leader { kind: leader }
    weapon lmg { portage: 1 }
    first { kind: squad }
  }
  stack B1 { other { kind: squad } }
  expect first.portage = 1
}
`;
    const ex = service(text)
      .symbols(URI)
      .find((x) => x.name === "Examples")!.children[0]!;
    expect(
      ex.children.map((c) => [c.name, c.children.map((u) => `${u.name} ${u.detail}`)]),
    ).toEqual([
      ["stack A1", ["leader unit", "lmg weapon", "first unit"]],
      ["stack B1", ["other unit"]],
    ]);
  });

  it("classifies tokens for highlighting", () => {
    const s = service();
    const toks = s.semanticTokens(URI);
    const of = (word: string): string | undefined =>
      toks.find((t) => HOUSE.slice(t.start, t.end) === word)?.type;
    expect(of("override")).toBe("keyword");
    expect(of("[H2]")).toBe("namespace");
    expect(of("leader-bonus")).toBe("function");
    expect(of("squad")).toBe("enumMember");
    expect(of("MMC")).toBe("type");
    expect(toks[0]!.type).toBe("comment");
  });

  it("offers quick fixes: a missing citation, missing table entries, an unused definition", () => {
    const apply = (s: LanguageService, title: RegExp): string => {
      const t = s.text(URI)!;
      const fixes = s.codeActions(URI, 0, t.length);
      const f = fixes.find((x) => title.test(x.title));
      if (!f) throw new Error(`no fix ${title} among ${fixes.map((x) => x.title).join("; ")}`);
      const e = f.edits[0]!.edits[0]!;
      return t.slice(0, e.start) + e.newText + t.slice(e.end);
    };
    const s = service(
      `${HOUSE}\noverride rule ipc "free portage": PP = 3\ntable extra-cost [H3] "x": kind -> MF {\n  squad: 1\n}\n`,
    );
    expect(s.diagnostics(URI).map((d) => d.code)).toContain("V0102");
    s.update(URI, apply(s, /citation/));
    expect(s.text(URI)).toContain('override rule ipc [A4.42] "free portage"');
    expect(s.diagnostics(URI).map((d) => d.code)).toEqual(["V0501"]);
    s.update(URI, apply(s, /missing entries/));
    expect(s.text(URI)).toMatch(/squad: 1\n  half-squad: NA\n/);
    // Give the new rows values: the table is then complete, and unused.
    s.update(
      URI,
      s.text(URI)!.replace(/(extra-cost[\s\S]*?)\n\}/, (m) => m.replace(/: NA/g, ": 1")),
    );
    const left = s
      .diagnostics(URI)
      .filter((d) => s.text(URI)!.slice(d.start, d.end) === "extra-cost");
    expect(left.map((d) => d.code)).toEqual(["V0701"]);
    const rm = s.codeActions(URI, left[0]!.start, left[0]!.end)[0]!;
    expect(rm.title).toMatch(/Remove the unused table extra-cost/);
    s.update(URI, apply(s, /Remove the unused table extra-cost/));
    expect(s.text(URI)).not.toContain("extra-cost");
    expect(
      s.diagnostics(URI).filter((d) => d.code !== "V0701" || !d.message.startsWith("ipc ")),
    ).toEqual([]);
  });

  it("renames across extends when the base is open, and refuses a name the base would lose", () => {
    const BASE = "file:///my-base.rules";
    const base = `ruleset my-base "A base"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1\n\nrule twice [H2] "two": MF = bump + bump\n`;
    const house = `ruleset my-house "A house rule"\n  extends my-base\n\nrule thrice [H3] "three": MF = bump + twice\n`;
    // The base is on disk too (the host reads it when it is not open).
    const s = new LanguageService(bundledTexts({ [BASE]: base }));
    s.open(BASE, base);
    s.open(URI, house);
    expect(s.dependents(BASE)).toEqual([URI]);
    const r = s.rename(URI, at(house, "bump"), "nudge");
    if ("error" in r) throw new Error(r.error);
    const files = Object.fromEntries(r.edits.map((f) => [f.uri, f.edits.length]));
    expect(files).toEqual({ [BASE]: 3, [URI]: 1 });
    // From the base, too: the house rule that extends it is edited with it.
    const fromBase = s.rename(BASE, at(base, "bump"), "nudge");
    if ("error" in fromBase) throw new Error(fromBase.error);
    expect(Object.fromEntries(fromBase.edits.map((f) => [f.uri, f.edits.length]))).toEqual(files);
    // A name the house rule already uses would clash there: refused.
    expect(s.rename(BASE, at(base, "bump"), "thrice")).toEqual({
      error: "thrice already names a rule of my-house",
    });
    expect(s.rename(URI, at(house, "bump"), "rule")).toMatchObject({ error: /not a plain name/ });
    // Issue 45, item 14: a refusal quotes the name one line long, bounded, without control characters.
    const hostile = s.rename(URI, at(house, "bump"), `\u001b[2J\u0007${"x".repeat(1_000_000)}`);
    if (!("error" in hostile)) throw new Error("a name with ESC and BEL was accepted");
    expect(hostile.error.length).toBeLessThan(200);
    expect(hostile.error).not.toMatch(/[\u0000-\u001f]/);
    expect(hostile.error).toMatch(/1,000,005 characters/);
    // Closed, the base is renamed through the host, as the open base was (issue 44, item 7).
    s.close(BASE);
    const closed = s.rename(URI, at(house, "bump"), "nudge");
    if ("error" in closed) throw new Error(closed.error);
    expect(Object.fromEntries(closed.edits.map((f) => [f.uri, f.edits.length]))).toEqual(files);
  });

  it("re-checks a house rule when its open base is edited: no stale errors of the base", () => {
    const BASE = "file:///my-base.rules";
    const broken = `ruleset my-base "A base"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1 +\n`;
    const fixed = `ruleset my-base "A base"\n  extends sl-classic\n\nrule bump [H1] "one more": MF = 1\n`;
    const house = `ruleset my-house "A house rule"\n  extends my-base\n\nrule thrice [H3] "three": MF = bump + 1\n`;
    const s = new LanguageService(host);
    s.open(BASE, broken);
    s.open(URI, house);
    const before = s.diagnostics(URI);
    expect(before.map((d) => d.code)).toEqual(["V0102"]);
    // Shown on the id of `extends my-base`, with where it is in the base.
    expect(house.slice(before[0]!.start, before[0]!.end)).toBe("my-base");
    expect(before[0]!.related?.[0]).toMatchObject({
      uri: BASE,
      range: { start: { line: 4, character: 0 } },
    });
    s.update(BASE, fixed);
    expect(s.diagnostics(URI).filter((d) => d.severity === "error")).toEqual([]);
  });
});
