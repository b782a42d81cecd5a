/**
 * `price(ctx)` and `explain(ctx)`: the path's cost specialised at compile time (issue 27).
 *
 * `price` returns the sum of the step costs in ticks — what `pricePath` returns — without the
 * machinery a caller of the price does not read: no trace, no citations, and the allowance, the hex
 * count and `spent` set only when the cost reads them (what the cost reads is known here, from
 * `reads` over the rules it calls). The rules the cost calls are emitted again as untraced
 * specialisations (`f_…`, beside the traced `r_…` that `evaluate` and `reach` use) that take the
 * step being priced as the local `s`; a definition whose value is a constant is folded into its
 * caller, and one with neither parameters nor exceptions that is called once is inlined; a value of
 * an enum that keys a table is held as its code (the step's `terrainCode` beside `terrain`, a member
 * as its code with its name in a comment), so tables are read from their typed arrays by code
 * (tables.ts). `explain` prices each step through the traced rules and returns its cost and the
 * rules that priced it.
 */

import { StructureKind, type StatementStructures } from "ts-morph";
import type { Expr, RuleDef } from "../ir/ir.js";
import { addReads, diceOf, reads, ruleExprs, ruleReader, walk, type Reads } from "../ir/walk.js";
import { constant } from "../front/check/expr.js";
import type { EmitContext } from "./context.js";
import { newEnv, type Env, type ExprCompiler, type FastRules, type Param } from "./expr.js";
import { PropertyTable, snake } from "./names.js";
import { genNode } from "./rules.js";
import type { BaseRef } from "./expr.js";
import { citeLine, commentText, lit, numberLiteral, parseQ } from "./text.js";

/** The statements of a function structure, as text. */
function statementsOf(f: StatementStructures): string[] {
  if (f.kind !== StructureKind.Function || !Array.isArray(f.statements)) return [];
  return f.statements.filter((x): x is string => typeof x === "string");
}

/** `q` in ticks at `scale` when that is a whole, safe integer; else null. */
function wholeTicks(q: string, scale: number): number | null {
  const r = parseQ(q);
  const t = r.n * BigInt(scale);
  if (t % r.d !== 0n) return null;
  const v = Number(t / r.d);
  return Number.isSafeInteger(v) ? v : null;
}

/** How often each rule is called from `roots`, following the rules they call. */
function callCounts(roots: readonly Expr[], rule: (name: string) => RuleDef): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (e: Expr): void =>
    walk(e, (x) => {
      if (x.k !== "rule") return;
      const seen = counts.get(x.name);
      counts.set(x.name, (seen ?? 0) + 1);
      if (seen === undefined) for (const y of ruleExprs(rule(x.name))) visit(y);
    });
  for (const e of roots) visit(e);
  return counts;
}

/** The untraced specialisations of the rules `price` calls, emitted as they are first called. */
class Specialiser implements FastRules {
  /** The `f_…` functions, in order of first call (a slot is taken before the body is compiled). */
  private readonly slots: (StatementStructures | null)[] = [];
  private readonly names = new Map<string, string>();
  private readonly reader;
  private readonly counts: Map<string, number>;

  constructor(
    private readonly cx: EmitContext,
    private readonly xc: ExprCompiler,
    roots: readonly Expr[],
  ) {
    this.reader = ruleReader(cx.ir.rules);
    this.counts = callCounts(roots, (n) => cx.rule(n));
    // A definition of the step the cost calls more than once is computed once a step, before the
    // cost, when computing it cannot fail (then computing it where it was not needed changes nothing).
    for (const [name, n] of this.counts) {
      const r = cx.rule(name);
      if (n < 2 || r.params.length > 0 || this.readsStep(name) === false) continue;
      if (r.exceptions.length === 0 && (this.constant(r.value) !== null || r.value.k === "field"))
        continue;
      if (!this.total(name)) continue;
      this.hoisted.set(name, `v_${snake(name)}`);
    }
    // Only those that call no other: each is computed from the step alone.
    for (const name of [...this.hoisted.keys()])
      if ([...this.hoisted.keys()].some((o) => o !== name && this.calls(name, o)))
        this.hoisted.delete(name);
  }

  /** The definitions computed once a step, by rule name: the local (and parameter) holding each. */
  readonly hoisted = new Map<string, string>();

  /** Whether rule `name` calls rule `other`, directly or through the rules it calls. */
  private calls(name: string, other: string, seen = new Set<string>()): boolean {
    if (seen.has(name)) return false;
    seen.add(name);
    let found = false;
    for (const e of ruleExprs(this.cx.rule(name)))
      walk(e, (x) => {
        if (x.k === "rule" && (x.name === other || this.calls(x.name, other, seen))) found = true;
      });
    return found;
  }

  /**
   * Whether rule `name` always has a value: it needs no field (\`need\`), reads no vehicle field,
   * rolls no dice, runs no aggregate, and looks up no table of two keys or more (an absent key
   * would fail on the inner record), nor do the rules it calls.
   */
  private total(name: string, seen = new Set<string>()): boolean {
    if (seen.has(name)) return true;
    seen.add(name);
    let ok = true;
    for (const e of ruleExprs(this.cx.rule(name)))
      walk(e, (x) => {
        if (
          x.k === "need" ||
          x.k === "dice" ||
          x.k === "agg" ||
          ((x.k === "field" || x.k === "flag" || x.k === "present") && x.rec === "vehicle") ||
          (x.k === "table" && x.keys.length > 1) ||
          (x.k === "rule" && !this.total(x.name, seen))
        )
          ok = false;
      });
    return ok;
  }

  /** The hoisted values rule `name` reads, as parameters: its own, and those of the rules it calls. */
  private hoistedIn(name: string): string[] {
    return [...this.hoisted].filter(([h]) => h !== name && this.calls(name, h)).map(([, v]) => v);
  }

  /** True while the hoisted values themselves are compiled (they call their rules). */
  private computing = false;

  /** The statements computing the hoisted values of step `s`. */
  hoistedValues(env: Env): string[] {
    this.computing = true;
    const out = [...this.hoisted].map(([name, v]) => {
      const code = this.call(name, [], env);
      return `const ${v}: ${this.cx.fastType(this.cx.rule(name).type)} = ${code};`;
    });
    this.computing = false;
    return out;
  }

  get functions(): StatementStructures[] {
    return this.slots.filter((f): f is StatementStructures => f !== null);
  }

  /** Whether rule `name` reads the step being priced (then its specialisation takes `s`). */
  private readsStep(name: string): boolean {
    return this.reader(name)?.step ?? true;
  }

  call(name: string, args: readonly string[], env: Env): string {
    const hoisted = this.hoisted.get(name);
    if (hoisted !== undefined && !this.computing) return hoisted;
    const r = this.cx.rule(name);
    if (r.params.length === 0 && r.exceptions.length === 0) {
      // A constant definition is folded; one called once, or that only reads a field, is inlined.
      const folded = this.constant(r.value);
      if (folded !== null) return folded;
      const code = (): string => this.xc.compile(r.value, { ...env, base: null });
      if (r.value.k === "field" && r.value.rec !== "vehicle") {
        // Widened like a field operand: TypeScript may have narrowed the field by an earlier test.
        const t = r.type.t === "enum" || r.type.t === "bool" ? this.cx.fastType(r.type) : null;
        return t === null ? code() : `(${code()} as ${t})`;
      }
      if (this.counts.get(name) === 1) return `(${code()})`;
    }
    let fn = this.names.get(name);
    if (fn === undefined) {
      fn = this.cx.names.claim(`f_${snake(name)}`);
      this.names.set(name, fn);
      const at = this.slots.push(null) - 1;
      this.slots[at] = this.specialise(r, fn);
    }
    const pass = ["ctx", ...(this.readsStep(name) ? ["s"] : []), ...this.hoistedIn(name)];
    return `${fn}(${[...pass, ...args].join(", ")})`;
  }

  /** The literal of a constant value (a number in ticks, a truth value, a member or its code), or null. */
  private constant(e: Expr): string | null {
    if (e.k === "bool") return e.v ? "true" : "false";
    if (e.k === "member") return this.xc.member(e.enum, e.name, true);
    const q = constant(e);
    if (q === null || q.isNA()) return null;
    const t = wholeTicks(q.toString(), this.cx.scale);
    return t === null ? null : numberLiteral(t);
  }

  private specialise(r: RuleDef, name: string): StatementStructures {
    const cx = this.cx;
    const props = new PropertyTable();
    const params = new Map<string, Param>();
    for (const p of r.params)
      params.set(p.name, { name: `p_${props.claim(snake(p.name))}`, type: p.type });
    const env = newEnv("null", params, this);
    const root: BaseRef = { expr: r.value, parent: null, cite: r.cite, type: r.type };
    const statements: string[] = [];
    genNode(this.xc, r.exceptions, root, env, statements);
    return {
      kind: StructureKind.Function,
      name,
      docs: [
        {
          description: `${citeLine(r.title, r.cite)}\n\n{@link ${cx.ruleFn(r.name)}} specialised for {@link price}: untraced${this.readsStep(r.name) ? ", the step in `s`" : ""}.`,
        },
      ],
      parameters: [
        { name: "ctx", type: "Ctx" },
        ...(this.readsStep(r.name) ? [{ name: "s", type: "PStep" }] : []),
        ...[...this.hoisted]
          .filter(([h]) => h !== r.name && this.calls(r.name, h))
          .map(([h, v]) => ({ name: v, type: cx.fastType(cx.rule(h).type) })),
        ...[...params.values()].map((p) => ({ name: p.name, type: cx.fastType(p.type) })),
      ],
      returnType: cx.fastType(r.type),
      statements,
    };
  }
}

/**
 * The statements that set what the cost reads of the whole move before the steps are priced, in
 * `pricePath`'s order: the hex count, `spent` (zero while steps are priced), the allowance.
 */
function setup(cx: EmitContext, xc: ExprCompiler): string[] {
  const m = cx.ir.movement;
  const reader = ruleReader(cx.ir.rules);
  const needs: Reads = reads(m.cost, reader);
  // A table with an `all` row reads the allowance too.
  for (const t of needs.tables)
    if (cx.tableDefs.get(t)!.rows.some((r) => r.value.v === "all")) needs.all = true;
  if (needs.all) addReads(needs, reads(m.allowance, reader));
  const out: string[] = [];
  if (needs.path) {
    const action = cx.fields.get("step")?.get("action");
    out.push(
      action === undefined
        ? "ctx.hexes = path.length;"
        : `let hexes = 0;\nfor (let i = 0; i < path.length; i++) if (path[i]!.${action.prop} == null) hexes++;\nctx.hexes = hexes;`,
    );
  }
  if (needs.spent || needs.path) out.push("ctx.spent = 0;");
  if (needs.all) {
    const env = newEnv("null");
    const code = xc.compile(m.allowance, env);
    out.push(...env.pre, `ctx.allowance = ${code} + 0;`);
  }
  return out;
}

/** What the cost reads of the whole move, for the functions' documentation. */
function setupDoc(lines: readonly string[]): string {
  const set = [
    lines.some((l) => l.startsWith("ctx.hexes") || l.includes("\nctx.hexes")) ? "`ctx.hexes`" : "",
    lines.some((l) => l.startsWith("ctx.spent")) ? "`ctx.spent` (0)" : "",
    lines.some((l) => l.startsWith("ctx.allowance")) ? "`ctx.allowance`" : "",
  ].filter((x) => x !== "");
  return set.length === 0
    ? "The cost reads nothing of the whole move: neither the allowance nor the hex count is computed."
    : `The cost reads the whole move: ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set first.`;
}

export function priceStatements(cx: EmitContext, xc: ExprCompiler): StatementStructures[] {
  const m = cx.ir.movement;
  const fast = new Specialiser(cx, xc, [m.cost]);
  const env = newEnv("null", new Map(), fast);
  const cost = xc.compile(m.cost, env);
  const once = fast.hoistedValues(env);
  const pre = setup(cx, xc);
  const traced = newEnv("rules");
  const tracedCost = xc.compile(m.cost, traced);
  const loop = (body: string[], setI = true): string =>
    `for (let i = 0; i < path.length; i++) {\n${[...(setI ? ["ctx.i = i;"] : []), ...body].join("\n")}\n}`;
  // `ctx.i` is set only where the specialised code reads it (a step's position, `need`'s message, an
  // aggregate's loop): the step itself is `s`.
  const readsI = [
    cost,
    ...once,
    ...env.pre,
    ...fast.functions.flatMap((f) => statementsOf(f)),
  ].some((x) => /ctx\.i\b|agg_\d/.test(x));
  const measure = commentText(m.measure);
  return [
    {
      kind: StructureKind.Function,
      isExported: true,
      name: "price",
      docs: [
        [
          `The cost in ticks (÷ {@link SCALE} for ${measure}) of the path in \`ctx\` (see {@link prepare}), NaN if a`,
          "step is not allowed: the sum `pricePath` returns, through the rules specialised for it",
          `(untraced, constants folded${fast.hoisted.size > 0 ? ", a definition read more than once a step computed once" : ""}) [${commentText(m.cite)}].`,
          setupDoc(pre),
          diceOf(cx.ir) === null
            ? "It checks no constraint."
            : "It checks no constraint and enumerates no dice: for a ruleset that rolls, fix `ctx.roll` first.",
        ].join("\n"),
      ],
      parameters: [{ name: "ctx", type: "Ctx" }],
      returnType: "number",
      statements: [
        "const path = ctx.path;",
        ...pre,
        "let spent = 0;",
        loop([...env.pre, "const s = path[i]!;", ...once, `spent += ${cost};`], readsI),
        "return spent;",
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: "explain",
      docs: [
        [
          `Each step of the path in \`ctx\` with its cost in ticks of ${measure} (NaN if not allowed) and the rules`,
          "that priced it (as `evaluate` cites them), and their sum: what {@link price} returns.",
          setupDoc(pre),
        ].join("\n"),
      ],
      parameters: [{ name: "ctx", type: "Ctx" }],
      returnType: "Explanation",
      statements: [
        "const path = ctx.path;",
        ...pre,
        "const steps: PricedStep[] = [];",
        "let spent = 0;",
        loop([
          "const rules: string[] = [];",
          ...traced.pre,
          `const cost = ${tracedCost} + 0;`,
          "spent += cost;",
          "steps.push({ cost, rules: [...new Set(rules)] });",
        ]),
        "return { spent, steps };",
      ],
    },
    ...fast.functions,
  ];
}
