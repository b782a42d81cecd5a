/**
 * The grammar and the front end on valid input: the good fixtures (test/fixtures/rules/good/) compile
 * with no diagnostic and pass their examples, between them use every construct of docs/language.md,
 * and the parser's specific behaviours (spans, soft keywords, hyphenated names, recovery) hold.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SourceFile, type Span } from "../../diagnostics/index.js";
import { compileText, runExamples } from "../../compiler/engine/index.js";
import {
  parse,
  type Decl,
  type Expr,
  type ExceptionDecl,
  type RulesFile,
} from "../../grammar/index.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const GOOD = join(ROOT, "test", "fixtures", "rules", "good");
const SL = join(ROOT, "rulesets", "sl-classic.rules");

const goodFiles = readdirSync(GOOD)
  .filter((f) => f.endsWith(".rules"))
  .sort();
const good = goodFiles.map((name) => {
  const text = readFileSync(join(GOOD, name), "utf8");
  return { name, text, ast: parse(text, name).ast };
});
/** Every good fixture by ruleset id, so any of them can be another's parent. */
const goodParents: Record<string, string> = Object.fromEntries(
  good.map((g) => [g.ast.header!.id, g.text]),
);

const codes = (text: string) => parse(text, "test.rules").diagnostics.map((d) => d.code);
const lineCol = (s: Span | null | undefined) => (s ? `${s.line}:${s.col}` : null);

/** Every expression in a declaration, depth first. */
function exprsOf(d: Decl): Expr[] {
  const out: Expr[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x === "object") {
      if ("k" in x && "span" in x) out.push(x as Expr);
      for (const [key, v] of Object.entries(x)) if (key !== "span" && key !== "nameSpan") visit(v);
    }
  };
  visit(d);
  return out;
}

function exceptionDepth(xs: ExceptionDecl[]): number {
  return xs.length ? 1 + Math.max(...xs.map((x) => exceptionDepth(x.exceptions))) : 0;
}

function allSpans(ast: RulesFile): Span[] {
  const out: Span[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x === "object") {
      const o = x as Record<string, unknown>;
      if (typeof o["start"] === "number" && typeof o["line"] === "number")
        out.push(o as unknown as Span);
      else Object.values(o).forEach(visit);
    }
  };
  visit(ast);
  return out;
}

describe("good fixtures", () => {
  it("there are 3 to 5 of them, one of which extends another", () => {
    expect(good.length).toBeGreaterThanOrEqual(3);
    expect(good.length).toBeLessThanOrEqual(5);
    expect(good.some((g) => g.ast.header?.extends && goodParents[g.ast.header.extends.id])).toBe(
      true,
    );
  });

  for (const g of good) {
    it(`${g.name} compiles with no diagnostic and every example passes`, () => {
      const r = compileText(g.text, g.name, goodParents);
      expect(r.diagnostics.map((d) => `${lineCol(d.span)} ${d.code} ${d.message}`)).toEqual([]);
      expect(r.ir).not.toBeNull();
      const results = runExamples(r.ir!, g.name);
      expect(results.length).toBeGreaterThan(0);
      expect(
        results
          .filter((x) => !x.passed)
          .map((x) => `[${x.cite}] ${x.title}: ${x.failures.join("; ")}`),
      ).toEqual([]);
    });
  }

  describe("between them they use every construct of docs/language.md", () => {
    const decls = good.flatMap((g) => g.ast.decls);
    const of = <K extends Decl["kind"]>(k: K) =>
      decls.filter((d): d is Decl & { kind: K } => d.kind === k);
    const exprs = decls.flatMap(exprsOf);

    it("header clauses: edition, both citation styles, extends", () => {
      const headers = good.map((g) => g.ast.header!);
      expect(headers.every((h) => h.edition)).toBe(true);
      expect(new Set(headers.map((h) => h.cites?.style))).toEqual(
        new Set(["numbered", "headings"]),
      );
      expect(headers.some((h) => h.extends)).toBe(true);
    });

    it("every kind of definition, `override` and `remove`, concept and section clauses", () => {
      const kinds = new Set(decls.map((d) => d.kind));
      for (const k of [
        "measure",
        "enum",
        "group",
        "input",
        "table",
        "rule",
        "predicate",
        "constraint",
        "movement",
        "example",
        "remove",
      ] as const) {
        expect(kinds, k).toContain(k);
      }
      expect(new Set(decls.filter((d) => d.override).map((d) => d.kind))).toEqual(
        new Set(["rule", "table", "input", "constraint", "movement"]),
      );
      expect(new Set(of("remove").map((d) => d.target))).toEqual(
        new Set(["constraint", "predicate"]),
      );
      expect(decls.some((d) => d.meta.concept)).toBe(true);
      expect(decls.some((d) => d.meta.section)).toBe(true);
    });

    it("enums with display names and member citations; groups, nested and qualified", () => {
      const members = of("enum").flatMap((e) => e.members);
      expect(members.every((m) => m.display)).toBe(true);
      expect(members.some((m) => m.cite)).toBe(true);
      expect(members.some((m) => m.cite?.text.includes(" "))).toBe(true); // [2.12 note A]
      const groups = of("group");
      const groupNames = new Set(groups.map((g) => g.name));
      expect(groups.some((g) => g.members.some((m) => groupNames.has(m.name)))).toBe(true);
      expect(groups.some((g) => g.members.some((m) => m.member !== null))).toBe(true);
    });

    it("inputs for every record, with optional fields, defaults, bool and set fields", () => {
      const inputs = of("input");
      expect(new Set(inputs.map((i) => i.rec))).toEqual(
        new Set(["unit", "vehicle", "step", "scenario"]),
      );
      const fields = inputs.flatMap((i) => i.fields);
      expect(fields.some((f) => f.optional)).toBe(true);
      expect(fields.some((f) => f.default)).toBe(true);
      expect(fields.some((f) => f.type.t === "set")).toBe(true);
      expect(fields.some((f) => f.type.t === "bool")).toBe(true);
    });

    it("one- and two-key tables with all, NA, otherwise, member lists and row citations", () => {
      const tables = of("table");
      expect(new Set(tables.map((t) => t.keys.length))).toEqual(new Set([1, 2]));
      const rows = tables.flatMap((t) => t.rows);
      expect(rows.some((r) => r.keys === "otherwise")).toBe(true);
      expect(rows.some((r) => Array.isArray(r.keys) && r.keys.length > 1)).toBe(true);
      expect(rows.some((r) => r.cite)).toBe(true);
      const values = rows.flatMap((r) => r.values.map((v) => v.k));
      for (const k of ["num", "all", "na", "bool", "name"] as const) expect(values, k).toContain(k);
      expect(
        tables.some((t) => t.keys.length === 2 && t.rows.some((r) => r.keys === "otherwise")),
      ).toBe(true);
    });

    it("rules with parameters, exceptions nested two deep using base, predicates", () => {
      const rules = of("rule");
      expect(rules.some((r) => r.params.length >= 2)).toBe(true);
      expect(of("predicate").length).toBeGreaterThan(0);
      const deep = rules.filter((r) => exceptionDepth(r.exceptions) >= 2);
      expect(deep.length).toBeGreaterThan(0);
      const nestedBase = deep.some((r) =>
        r.exceptions.some((x) =>
          x.exceptions.some((y) => exprsOf({ ...r, exceptions: [y] }).some((e) => e.k === "base")),
        ),
      );
      expect(nestedBase).toBe(true);
    });

    it("every form of expression", () => {
      const ks = new Set(exprs.map((e) => e.k));
      for (const k of [
        "num",
        "bool",
        "all",
        "na",
        "base",
        "name",
        "call",
        "rec",
        "set",
        "agg",
        "neg",
        "not",
        "bin",
        "in",
        "if",
        "dice",
      ] as const) {
        expect(ks, k).toContain(k);
      }
      const ops = new Set(exprs.flatMap((e) => (e.k === "bin" ? [e.op] : [])));
      for (const op of ["+", "-", "*", "/", "==", "!=", "<", "<=", ">", ">=", "and", "or"])
        expect(ops, op).toContain(op);
      expect(exprs.some((e) => e.k === "in" && e.negated)).toBe(true);
      expect(exprs.some((e) => e.k === "if" && e.e.k === "if")).toBe(true); // A if C1 else B if C2 else D
      expect(exprs.some((e) => e.k === "num" && e.measure)).toBe(true); // 2 MF
      expect(exprs.some((e) => e.k === "name" && e.member)).toBe(true); // kind.leader
      const calls = new Set(exprs.flatMap((e) => (e.k === "call" ? [e.name] : [])));
      for (const f of ["fru", "frd", "max", "min"]) expect(calls, f).toContain(f);
      const recs = new Set(
        exprs.flatMap((e) =>
          e.k === "rec" ? [`${e.rec}.${e.rec === "path" ? e.field : "*"}`] : [],
        ),
      );
      for (const r of [
        "unit.*",
        "vehicle.*",
        "step.*",
        "scenario.*",
        "path.hexes",
        "path.steps",
        "path.spent",
      ])
        expect(recs, r).toContain(r);
      const aggs = new Set(exprs.flatMap((e) => (e.k === "agg" ? [e.op] : [])));
      for (const a of ["any", "every", "count", "max", "sum"]) expect(aggs, a).toContain(a);
      const dice = exprs.flatMap((e) => (e.k === "dice" ? [e] : []));
      expect(dice.some((d) => d.keep?.which === "highest")).toBe(true);
      expect(dice.some((d) => d.keep?.which === "lowest")).toBe(true);
      expect(dice.some((d) => d.perDie?.k === "num")).toBe(true);
      expect(dice.some((d) => d.perDie?.k === "neg")).toBe(true);
      const nums = new Set(exprs.flatMap((e) => (e.k === "num" ? [e.q] : [])));
      expect(nums).toContain("3/2"); // 1.5
      expect(nums).toContain("1/2"); // ½
    });

    it("constraints on the unit, on each step and on the path", () => {
      const contexts = new Set<string>();
      for (const g of good) {
        const r = compileText(g.text, g.name, goodParents);
        for (const c of r.ir?.constraints ?? []) contexts.add(c.context);
      }
      expect(contexts).toEqual(new Set(["unit", "step", "path"]));
    });

    it("the movement binding with minimum-move and vehicle-spent (in its own measure)", () => {
      const entries = of("movement").flatMap((m) => m.entries);
      expect(new Set(entries.map((e) => e.role))).toEqual(
        new Set(["allowance", "cost", "minimum-move", "vehicle-spent"]),
      );
      expect(entries.some((e) => e.role === "vehicle-spent" && e.measure)).toBe(true);
    });

    it("examples with every record, a path, a roll and every expectation form", () => {
      const examples = of("example");
      const recs = new Set(examples.flatMap((e) => e.records.map((r) => r.rec)));
      expect(recs).toEqual(new Set(["unit", "vehicle", "scenario"]));
      expect(examples.some((e) => (e.path?.length ?? 0) > 1)).toBe(true);
      expect(examples.some((e) => e.roll && e.roll.length === 2)).toBe(true);
      const forms = new Set(
        examples.flatMap((e) =>
          e.expects.map((x) =>
            x.e === "legal" || x.e === "violation"
              ? `${x.negated ? "not " : ""}${x.e}`
              : x.e === "value"
                ? ["allowance", "spent", "vehicle-spent", "mean", "min", "max"].includes(x.name)
                  ? x.name
                  : "RULE"
                : x.e,
          ),
        ),
      );
      for (const f of [
        "legal",
        "not legal",
        "violation",
        "not violation",
        "step",
        "allowance",
        "spent",
        "vehicle-spent",
        "mean",
        "min",
        "max",
        "RULE",
      ]) {
        expect(forms, f).toContain(f);
      }
      // Field values may be constant expressions: `portage: sw-portage(hmg, mmc)`.
      expect(
        examples.some((e) =>
          e.records.some((r) => r.value.fields.some((f) => f.value.k === "call")),
        ),
      ).toBe(true);
      expect(
        examples.some((e) => e.expects.some((x) => x.e === "step" && x.value.k === "na")),
      ).toBe(true);
    });
  });
});

describe("rulesets/sl-classic.rules", () => {
  const text = readFileSync(SL, "utf8");

  it("parses with no diagnostic", () => {
    expect(parse(text, SL).diagnostics).toEqual([]);
  });

  it("compiles with no error and every example passes", () => {
    const r = compileText(text, SL);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.ir).not.toBeNull();
    const results = runExamples(r.ir!);
    expect(results.length).toBeGreaterThan(40);
    expect(results.filter((x) => !x.passed).map((x) => x.title)).toEqual([]);
  });

  it("every span in its AST agrees with its offsets", () => {
    const { ast } = parse(text, SL);
    const src = new SourceFile(SL, text);
    const spans = allSpans(ast);
    expect(spans.length).toBeGreaterThan(1000);
    for (const s of spans) {
      expect(s.file).toBe(SL);
      expect(s.start).toBeGreaterThanOrEqual(0);
      expect(s.end).toBeGreaterThan(s.start);
      expect(s.end).toBeLessThanOrEqual(text.length);
      const fields = (x: Span) => ({
        file: x.file,
        start: x.start,
        end: x.end,
        line: x.line,
        col: x.col,
      });
      expect(fields(s)).toEqual(fields(src.span(s.start, s.end)));
    }
  });
});

describe("parser behaviours", () => {
  it("spans: line and column of the header, a definition, its name, citation and expressions", () => {
    const text = [
      'ruleset spans "Spans"', //                                           1
      "", //                                                                2
      'measure MF [1.1] "movement factors"', //                             3
      '  rule allowance [1.2] "four, plus one" section allowances:', //     4
      "    MF = 3 + 1", //                                                  5
      'enum kind [1.3] "kinds" {', //                                       6
      '  squad "Squad" [1.31]', //                                          7
      "}", //                                                               8
      'table t [1.4] "t": kind -> MF {', //                                 9
      "    squad: 2", //                                                    10
      "}", //                                                               11
    ].join("\n");
    const { ast, diagnostics } = parse(text, "spans.rules");
    expect(diagnostics).toEqual([]);
    expect(lineCol(ast.header!.span)).toBe("1:1");
    const [measure, rule, en, table] = ast.decls;
    expect(lineCol(measure!.span)).toBe("3:1");
    expect(lineCol(measure!.nameSpan)).toBe("3:9");
    expect(lineCol(measure!.meta.cite!.span)).toBe("3:12");
    expect(measure!.meta.cite!.text).toBe("1.1");
    expect(rule!.kind).toBe("rule");
    expect(lineCol(rule!.span)).toBe("4:3");
    expect(lineCol(rule!.nameSpan)).toBe("4:8");
    if (rule!.kind !== "rule") throw new Error("not a rule");
    expect(lineCol(rule!.value.span)).toBe("5:10");
    expect(text.slice(rule!.value.span.start, rule!.value.span.end)).toBe("3 + 1");
    if (rule!.value.k !== "bin") throw new Error("not a sum");
    expect(lineCol(rule!.value.b.span)).toBe("5:14");
    if (en!.kind !== "enum") throw new Error("not an enum");
    expect(lineCol(en!.members[0]!.span)).toBe("7:3");
    expect(lineCol(en!.members[0]!.cite!.span)).toBe("7:17");
    if (table!.kind !== "table") throw new Error("not a table");
    expect(lineCol(table!.rows[0]!.span)).toBe("10:5");
    expect(lineCol(table!.keys[0]!.span)).toBe("9:20");
  });

  it("soft keywords: `movement` and `section` are enum members, field values and names in expressions", () => {
    const text = `ruleset soft "Soft keywords"
measure MF [1.1] "movement factors"
enum phase [1.2] "phases" {
  movement "Movement Phase"
  advance "Advance Phase"
}
enum kind [1.3] "kinds" {
  section "Section"
  squad "Squad"
}
group moving [1.4] "phases with movement" = movement
input scenario [1.5] {
  phase: phase = movement
}
input unit [1.6] {
  kind: kind
}
table kind-mf [1.7] "MF by kind" section allowances: kind -> MF {
  section: 5
  squad: 4
}
predicate section-moving [1.8] "a section in the Movement Phase" section special:
  unit.kind == section and scenario.phase in moving and scenario.phase == movement
movement [1.9] MF {
  allowance: kind-mf(unit.kind)
  cost: 1
}
example [1.8] "a section moves in the Movement Phase" {
  unit { kind: section }
  scenario { phase: movement }
  expect section-moving = true
  expect allowance = 5
}
`;
    const { ast, diagnostics } = parse(text, "soft.rules");
    expect(diagnostics).toEqual([]);
    const enums = ast.decls.filter((d): d is Decl & { kind: "enum" } => d.kind === "enum");
    expect(enums.map((e) => e.members.map((m) => m.name))).toEqual([
      ["movement", "advance"],
      ["section", "squad"],
    ]);
    expect(ast.decls.filter((d) => d.kind === "movement")).toHaveLength(1);
    const r = compileText(text, "soft.rules");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.ir!).every((x) => x.passed)).toBe(true);
  });

  it("`a-b` is one name, while `a - b` subtracts", () => {
    const text = `ruleset names "Hyphens"
measure MF [1.1] "movement factors"
rule a [1.2] "a": MF = 3
rule b [1.3] "b": MF = 1
rule a-b [1.4] "a-b is its own rule": MF = 10
rule one-name [1.5] "reads a-b": MF = a-b
rule difference [1.6] "a minus b": MF = a - b
rule tight [1.7] "a-b, minus b": MF = a-b - b
movement [1.8] MF {
  allowance: one-name
  cost: difference
}
example [1.5] "a-b is 10, a - b is 2" {
  unit { }
  expect one-name = 10
  expect difference = 2
  expect tight = 9
}
`;
    const { ast, diagnostics } = parse(text, "names.rules");
    expect(diagnostics).toEqual([]);
    const value = (name: string) =>
      (ast.decls.find((d) => d.name === name) as Decl & { kind: "rule" }).value;
    expect(value("one-name")).toMatchObject({ k: "name", name: "a-b" });
    expect(value("difference")).toMatchObject({
      k: "bin",
      op: "-",
      a: { k: "name", name: "a" },
      b: { k: "name", name: "b" },
    });
    expect(value("tight")).toMatchObject({
      k: "bin",
      op: "-",
      a: { k: "name", name: "a-b" },
      b: { k: "name", name: "b" },
    });
    const r = compileText(text, "names.rules");
    expect(r.diagnostics.filter((d) => d.code !== "V0701")).toEqual([]);
    expect(runExamples(r.ir!).map((x) => x.failures)).toEqual([[]]);
  });

  const unterminated = `ruleset strings "Unterminated string"
measure MF [1.1] "movement factors
measure PP [1.2] "portage points"
movement [1.3] MF {
  allowance: 4
  cost: 1
}
`;

  it("an unterminated string reports V0103 at the string, and parsing continues", () => {
    const { ast, diagnostics } = parse(unterminated, "strings.rules");
    const v0103 = diagnostics.filter((d) => d.code === "V0103");
    expect(v0103.map((d) => lineCol(d.span))).toEqual(["2:18"]);
    expect(v0103[0]!.span!.end).toBe(unterminated.indexOf("\nmeasure PP"));
    // The definitions after it are still parsed.
    expect(ast.decls.map((d) => `${d.kind} ${d.name}`)).toEqual([
      "measure MF",
      "measure PP",
      "movement movement",
    ]);
    expect(() => compileText(unterminated, "strings.rules")).not.toThrow();
  });

  // Regression test for a bug fixed since (see git history).
  it("an unterminated string is reported once, as V0103 only", () => {
    expect(codes(unterminated)).toEqual(["V0103"]);
  });

  const threeMistakes = `ruleset three "Three mistakes"
measure MF [1.1] "movement factors"
enum kind [1.2] "kinds" {
  squad "Squad" @
}
input unit [1.3] {
  kind kind
}
rule allowance [1.4] "four": MF 4
movement [1.5] MF {
  allowance: allowance
  cost: 1
}
`;

  it("a file with three mistakes reports exactly three errors, one per mistake", () => {
    const { ast, diagnostics } = parse(threeMistakes, "three.rules");
    expect(diagnostics.map((d) => `${lineCol(d.span)} ${d.severity} ${d.code}`)).toEqual([
      "4:17 error V0101",
      "7:8 error V0102",
      "9:33 error V0102",
    ]);
    // Recovery keeps the definitions around the mistakes.
    expect(ast.decls.map((d) => d.kind)).toEqual(
      expect.arrayContaining(["measure", "enum", "movement"]),
    );
    expect(compileText(threeMistakes, "three.rules").diagnostics.map((d) => d.code)).toEqual([
      "V0101",
      "V0102",
      "V0102",
    ]);
  });

  // Regression test for a bug fixed since (see git history).
  it("three mistakes including an unterminated string report exactly three errors", () => {
    const text = threeMistakes.replace('"four"', '"four');
    expect(codes(text)).toEqual(["V0101", "V0102", "V0103"]);
  });

  it("header clauses in the documented order: edition, cites, extends", () => {
    const { ast, diagnostics } = parse(
      'ruleset h "Header"\n  edition "an \\"edition\\" \\\\ text"\n  cites headings\n  extends parent-id\n',
      "h.rules",
    );
    expect(diagnostics).toEqual([]);
    expect(ast.header).toMatchObject({
      id: "h",
      title: "Header",
      edition: 'an "edition" \\ text',
      cites: { style: "headings" },
      extends: { id: "parent-id" },
    });
    expect(lineCol(ast.header!.extends!.span)).toBe("4:11");
  });

  // Regression test for a bug fixed since (see git history).
  it("`extends` without `cites` (docs/language.md, Inheritance) names the parent", () => {
    const { ast } = parse('ruleset my-house "House" extends asl-a4\n', "h.rules");
    expect(ast.header).toMatchObject({ cites: null, extends: { id: "asl-a4" } });
    const swapped = parse(
      'ruleset my-house "House"\n  extends asl-a4\n  cites numbered\n',
      "h.rules",
    ).ast;
    expect(swapped.header).toMatchObject({
      cites: { style: "numbered" },
      extends: { id: "asl-a4" },
    });
  });

  it('`extend rule NAME "paraphrase" { … }` restates the paraphrase where a rule writes it', () => {
    const { ast, diagnostics } = parse(
      'ruleset h "House" extends p\nextend rule b "now 1 extra" {\n  remove exception x\n}\nextend rule c {\n  remove exception y\n}\n',
      "h.rules",
    );
    expect(diagnostics).toEqual([]);
    expect(ast.decls.map((d) => [d.kind, d.name, d.meta.title])).toEqual([
      ["extend", "b", "now 1 extra"],
      ["extend", "c", null],
    ]);
  });

  it("`concept` and `section` clauses, both given, in the documented order", () => {
    const { ast, diagnostics } = parse(
      'ruleset m "Meta"\nrule b [1] "b" concept bee section bonuses: MF = 1\n',
      "m.rules",
    );
    expect(diagnostics).toEqual([]);
    expect(ast.decls[0]!.meta).toMatchObject({ concept: "bee", section: "bonuses" });
  });

  // Regression test for a bug fixed since (see git history).
  it("`section` alone sets the section, not the concept; the clauses may come in either order", () => {
    const { ast } = parse(
      'ruleset m "Meta"\nrule a [1] "a" section allowances: MF = 1\nrule c [2] "c" section special concept sea: MF = 1\n',
      "m.rules",
    );
    expect(ast.decls[0]!.meta).toMatchObject({ concept: null, section: "allowances" });
    expect(ast.decls[1]!.meta).toMatchObject({ concept: "sea", section: "special" });
  });

  // Regression test for a bug fixed since (see git history).
  it("an example may give its path before its scenario", () => {
    const text = `ruleset order "Record order"
measure MF [1] "mf"
enum phase [2] "phases" { movement "Movement" advance "Advance" }
input scenario [3] { phase: phase = movement }
input step [4] { rough: bool = false }
movement [5] MF {
  allowance: 1 if scenario.phase == advance else 4
  cost: 2 if step.rough else 1
}
example [6] "the path first, then the scenario" {
  path { rough: true }
  scenario { phase: advance }
  expect allowance = 1
  expect step 1 = 2
}
`;
    const ex = parse(text, "order.rules").ast.decls.find((d) => d.kind === "example") as Decl & {
      kind: "example";
    };
    expect(ex.records.map((r) => [r.rec, r.value.fields.map((f) => f.name)])).toEqual([
      ["scenario", ["phase"]],
    ]);
    expect(ex.path?.map((s) => s.fields.map((f) => f.name))).toEqual([["rough"]]);
    const r = compileText(text, "order.rules");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.ir!).map((x) => x.failures)).toEqual([[]]);
  });

  it("numbers: decimals and fractions are exact, `1/3` is a division, a measure binds on the same line only", () => {
    const text = `ruleset n "Numbers"
measure MF [1] "mf"
enum t [2] "t" { a "A" b "B" }
table x [3] "x": t -> MF {
  a: 2
  b: 1.25 MF
}
rule r [4] "r": MF = ½ + ¾ + 1/3 − 2 × 3
`;
    const { ast, diagnostics } = parse(text, "n.rules");
    expect(diagnostics).toEqual([]);
    const table = ast.decls.find((d) => d.kind === "table") as Decl & { kind: "table" };
    expect(table.rows.map((r) => r.values[0])).toMatchObject([
      { k: "num", q: "2", measure: null },
      { k: "num", q: "5/4", measure: "MF" },
    ]);
    const rule = ast.decls.find((d) => d.kind === "rule") as Decl & { kind: "rule" };
    const nums = exprsOf(rule)
      .filter((e) => e.k === "num")
      .map((e) => (e as { q: string }).q);
    expect(nums).toEqual(["1/2", "3/4", "1", "3", "2", "3"]);
    const ops = exprsOf(rule).flatMap((e) => (e.k === "bin" ? [e.op] : []));
    expect(ops.sort()).toEqual(["*", "+", "+", "-", "/"].sort());
  });

  it("a dice expression: count, sides, keep and a per-die modifier", () => {
    const text = 'ruleset d "Dice"\nrule r [1] "r": number = 3d6 keep lowest 2 each -1\n';
    const { ast, diagnostics } = parse(text, "d.rules");
    expect(diagnostics).toEqual([]);
    const rule = ast.decls[0] as Decl & { kind: "rule" };
    expect(rule.value).toMatchObject({
      k: "dice",
      n: 3,
      sides: 6,
      keep: { which: "lowest", count: 2 },
      perDie: { k: "neg", x: { k: "num", q: "1" } },
    });
  });

  it("`NAME step (…)` is an aggregate; a name, a member or a call otherwise", () => {
    // The aggregate's alternative is chosen by two tokens of lookahead (a name, then `step`),
    // before the name-or-call one whose lone name is a prefix of it.
    const text =
      'ruleset a "Agg"\npredicate p [1] "p": every step (step.road) and not any step (x.y) and f(g(1), h)\n';
    const { ast, diagnostics } = parse(text, "a.rules");
    expect(diagnostics).toEqual([]);
    expect((ast.decls[0] as Decl & { kind: "predicate" }).value).toMatchObject({
      k: "bin",
      op: "and",
      a: {
        k: "bin",
        op: "and",
        a: { k: "agg", op: "every", body: { k: "rec", rec: "step", field: "road" } },
        b: { k: "not", x: { k: "agg", op: "any", body: { k: "name", name: "x", member: "y" } } },
      },
      b: {
        k: "call",
        name: "f",
        args: [
          { k: "call", name: "g", args: [{ k: "num", q: "1" }] },
          { k: "name", name: "h" },
        ],
      },
    });
  });

  it("an expectation's value ends at a new line before a record: `foo` then `step { … }` (fixture)", () => {
    // Regression: `expect favourite = woods` above `step { terrain: woods }` was read as the
    // aggregate `woods step (…)` (V0102, expected "("), by both parsing paths.
    const file = join(ROOT, "test", "fixtures", "rules", "grammar", "expect-then-record.rules");
    const text = readFileSync(file, "utf8");
    const { ast, diagnostics } = parse(text, "expect-then-record.rules");
    expect(diagnostics).toEqual([]);
    const ex = ast.decls.find((d) => d.kind === "example") as Decl & { kind: "example" };
    expect(ex.records.map((r) => [r.rec, r.value.fields.map((f) => f.name)])).toEqual([
      ["unit", ["fresh"]],
      ["step", ["terrain"]],
      ["step", ["terrain"]],
    ]);
    expect(ex.expects[0]).toMatchObject({
      e: "value",
      name: "favourite",
      value: { k: "name", name: "woods", member: null },
    });
    expect(ex.expects[1]).toMatchObject({ e: "value", value: { k: "bool", v: true } });
    // With a syntax error after it, the example is built the same way.
    const broken = parse(text + "\nrule r [10] : MF = (\n", "expect-then-record.rules");
    expect(broken.diagnostics.map((d) => d.code)).toEqual(["V0102"]);
    const again = broken.ast.decls.find((d) => d.kind === "example");
    expect(JSON.stringify(again)).toBe(JSON.stringify(ex));
    const r = compileText(text, "expect-then-record.rules");
    expect(r.diagnostics).toEqual([]);
    expect(runExamples(r.ir!).map((x) => x.failures)).toEqual([[]]);
  });

  it("`NAME step` is an aggregate when `step` is on the name's line or `(` follows it", () => {
    const head = 'ruleset a "Agg"\n';
    // `step (` on the next line still makes an aggregate, as before.
    const split = parse(head + 'predicate p [1] "p": any\n  step (step.road)\n', "a.rules");
    expect(split.diagnostics).toEqual([]);
    expect((split.ast.decls[0] as Decl & { kind: "predicate" }).value).toMatchObject({
      k: "agg",
      op: "any",
    });
    // On one line, `foo step {` is an aggregate missing its `(`.
    const text = head + 'example [1] "e" {\n  expect a = foo step { terrain: woods }\n}\n';
    const one = parse(text, "a.rules");
    expect(one.diagnostics.map((d) => [d.code, d.message])).toContainEqual([
      "V0102",
      'expected "(", found "{"',
    ]);
  });

  it("an example records its roll, path and expectations", () => {
    const text = `ruleset e "Example"
example [1] "e" {
  unit { kind: squad }
  roll 3, 4
  path { terrain: woods }, { terrain: road, via-road: true }
  expect step 2 = 1/2
  expect not violation [5.1]
  expect not legal
  expect leader-bonus = 2
}
`;
    const { ast, diagnostics } = parse(text, "e.rules");
    expect(diagnostics).toEqual([]);
    const ex = ast.decls[0] as Decl & { kind: "example" };
    expect(ex.roll).toEqual([3, 4]);
    expect(ex.path?.map((s) => s.fields.map((f) => f.name))).toEqual([
      ["terrain"],
      ["terrain", "via-road"],
    ]);
    expect(ex.expects.map((x) => x.e)).toEqual(["step", "violation", "legal", "value"]);
    expect(ex.expects[1]).toMatchObject({ e: "violation", negated: true, cite: { text: "5.1" } });
  });

  it("never throws, whatever the text", () => {
    for (const text of [
      "",
      "#",
      '"',
      "[",
      "{",
      "ruleset",
      "ruleset x",
      'ruleset x "t" rule',
      "}}}}",
      "\u0000\uffff",
      'rule r [1] "r": MF = (((((',
    ]) {
      expect(() => parse(text, "x.rules")).not.toThrow();
      expect(() => compileText(text, "x.rules")).not.toThrow();
    }
  });
});

/** Every `.rules` file under `dir`, recursively. */
function rulesFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return rulesFiles(path);
    return name.endsWith(".rules") ? [path] : [];
  });
}
