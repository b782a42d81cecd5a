/**
 * `price(ctx)` and `explain(ctx)`: the path's cost specialised at compile time (issue 27).
 *
 * `price` returns the sum of the step costs in ticks — what `pricePath` returns — without the
 * machinery a caller of the price does not read: no trace, no citations, and the allowance, the hex
 * count and `spent` set only when the cost reads them (what the cost reads is known here, from
 * `reads` over the rules it calls). The rules the cost calls are emitted again as untraced
 * specialisations (`f_…`, beside the traced `r_…` that `evaluate` and `reach` use) that take the
 * step being priced as the local `s`; a definition whose value is a constant is folded into its
 * caller, and one with neither parameters nor exceptions that is called once is inlined (and cited,
 * as below); a value of an enum that keys a table is held as its code (the step's `terrainCode`
 * beside `terrain`, a member as its code with its name in a comment), so tables are read from their
 * typed arrays by code (tables.ts). `explain` prices each step through the traced rules and returns
 * its cost and the rules that priced it.
 *
 * A definition with exceptions and/or parameters called once (`callCounts`: one call in the rules
 * `price` calls) is inlined too, as an expression where it is called (a line comment citing it
 * stands above the statement that holds it: `cited`), its exceptions a conditional expression
 * `(c1 ? v1 : c2 ? v2 : v0)`, a nested exception's chain in its parent's arm, so its conditions and
 * values are evaluated only where the caller's own conditions reach the call. A parameter is
 * replaced by its argument's code when that is simple (a local, a parameter, a field read, a
 * literal, a table read by one of those); a complex argument is bound once to a local (`arg_N`)
 * before the statement holding the call. `base` becomes the code of the value it denotes (the
 * rule's base value; a nested exception's parent value) when that code is simple, or when it is
 * read at most once on any path (in exception values, once in each) and holds no inlined
 * definition; otherwise the value is bound once to a local (`base_N`) before the statement. We
 * chose binding before the statement, wherever the call sits in it, over statement-level inlining
 * (a `return` or `spent +=` made of the call alone), because the calls sit inside sums and
 * conditions (`climb-cost` + `second-terrain-cost` + …, `bypass-cost` under a test that the step
 * bypasses), where a statement form would not apply. A bound value is computed even where the call
 * is not reached, so it must always have a value (`total`: no `need`, vehicle field, dice,
 * aggregate or table of two keys): then computing it changes no answer, only costs its work (asl-a4
 * computes the COT on a step that is an action in place); else the definition stays a function. A
 * nested exception's parent value must be simple (binding it would compute it where its exception
 * does not apply). A definition with parameters that runs an aggregate stays a function (the loop
 * helper takes the parameters by name), and so does one whose call a specialised function writes
 * twice (the value an exception reads as `base`).
 */

import { StructureKind, type StatementStructures } from "ts-morph";
import type { Exception, Expr, RuleDef, Type } from "../ir/ir.js";
import {
  addReads,
  count,
  diceOf,
  reads,
  readsBase,
  ruleExprs,
  ruleReader,
  some,
  walk,
  type Reads,
} from "../ir/walk.js";
import { constant } from "../ir/fold.js";
import type { EmitContext } from "./context.js";
import { newEnv, type Env, type ExprCompiler, type FastRules, type Param } from "./expr.js";
import { PropertyTable, snake } from "./names.js";
import { genNode } from "./rules.js";
import type { BaseRef, BaseSource } from "./expr.js";
import {
  citeLine,
  commentText,
  isLiteralCode,
  lit,
  LITERAL_CODE,
  numberLiteral,
  parseQ,
} from "./text.js";

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

/** Whether `e` reads parameter `name`. */
function readsParam(e: Expr, name: string): boolean {
  return some(e, (x) => x.k === "param" && x.name === name);
}

/** A local, a parameter, a property read (`s.bypass!`) or a literal. */
const ATOM = String.raw`(?:[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*!?|${LITERAL_CODE})`;

/** Simple code: an `ATOM`, or a table read by one (`tk_x[k]!`, `(tk_x[k] === 1)`, `tf_x(ctx, k)`). */
const SIMPLE_CODE = new RegExp(
  String.raw`^(?:${ATOM}|tk_\w+\[${ATOM}\]!|\(tk_\w+\[${ATOM}\] === 1\)|tf_\w+\(ctx, ${ATOM}\))$`,
);

/**
 * Whether compiled `code` is simple: cheap, pure and without a function call of its own, so that it
 * can be written wherever its value is read, as often as it is read.
 */
function simpleCode(code: string): boolean {
  return SIMPLE_CODE.test(code);
}

/**
 * Whether `e` compiles to simple code in `price` (`simpleCode`): a literal, a parameter or `base`
 * (itself simple code or a local), a field of a record other than the vehicle's, a table of one key
 * read by such a value.
 */
function simpleExpr(e: Expr): boolean {
  switch (e.k) {
    case "num":
    case "bool":
    case "member":
    case "param":
    case "base":
      return true;
    case "field":
      return e.rec !== "vehicle";
    case "table":
      return e.keys.length === 1 && simpleExpr(e.keys[0]!) && e.keys[0]!.k !== "table";
    default:
      return false;
  }
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
    return ruleExprs(this.cx.rule(name)).some((e) =>
      some(e, (x) => x.k === "rule" && (x.name === other || this.calls(x.name, other, seen))),
    );
  }

  /**
   * Whether rule `name` always has a value: it needs no field (\`need\`), reads no vehicle field,
   * rolls no dice, runs no aggregate, and looks up no table of two keys or more (an absent key
   * would fail on the inner record), nor do the rules it calls.
   */
  private total(name: string, seen = new Set<string>()): boolean {
    if (seen.has(name)) return true;
    seen.add(name);
    return ruleExprs(this.cx.rule(name)).every((e) => this.totalExpr(e, seen));
  }

  /**
   * Whether expression `e` always has a value, as `total` says of a rule (a parameter or `base` it
   * reads is a value already computed).
   */
  private totalExpr(e: Expr, seen = new Set<string>()): boolean {
    return !some(
      e,
      (x) =>
        x.k === "need" ||
        x.k === "dice" ||
        x.k === "agg" ||
        ((x.k === "field" || x.k === "flag" || x.k === "present") && x.rec === "vehicle") ||
        (x.k === "table" && x.keys.length > 1) ||
        (x.k === "rule" && !this.total(x.name, seen)),
    );
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
      const code = this.call(name, [], env, []);
      return this.citing(`const ${v}: ${this.cx.fastType(this.cx.rule(name).type)} = ${code};`);
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

  call(name: string, args: readonly string[], env: Env, exprs: readonly Expr[]): string {
    const hoisted = this.hoisted.get(name);
    if (hoisted !== undefined && !this.computing) return hoisted;
    const r = this.cx.rule(name);
    if (this.counts.get(name) === 1 && !this.written.has(name) && this.inlinable(r, args, exprs))
      return this.inline(r, args, env);
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
      if (this.counts.get(name) === 1) return this.cited(r, code());
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

  /** Each definition's code as inlined (`cited`), for `isInlined`. */
  private readonly citedCode = new Set<string>();

  /** The citation lines of definitions inlined whose statement has not been written yet. */
  private readonly pendingCites: { code: string; line: string }[] = [];

  isInlined(code: string): boolean {
    return this.citedCode.has(code);
  }

  /**
   * The code of rule `r` inlined where it is called, parenthesised; its citation (citation and
   * paraphrase) waits for the statement that holds the code (`citing`), above which it is written.
   * Not inside the expression: prettier does not format a line comment inside parentheses
   * idempotently (prettier/prettier#18817), and a statement's leading comment it always keeps.
   * A name or a literal (`set_1`, a field read) needs no citation: it says no more than the name.
   */
  private cited(r: RuleDef, code: string): string {
    const out = `(${code})`;
    if (simpleCode(code)) return out;
    this.citedCode.add(out);
    this.pendingCites.push({
      code: out,
      line: `// [${commentText(r.cite)}] ${commentText(r.title)}`,
    });
    return out;
  }

  /**
   * `statement` under the citation lines of the definitions inlined in it, outermost first (each
   * taken once: by the first statement written that holds its code).
   */
  citing(statement: string): string {
    const found: { at: number; length: number; line: string }[] = [];
    for (let i = 0; i < this.pendingCites.length; i++) {
      const { code, line } = this.pendingCites[i]!;
      const at = statement.indexOf(code);
      if (at < 0) continue;
      found.push({ at, length: code.length, line });
      this.pendingCites.splice(i--, 1);
    }
    if (found.length === 0) return statement;
    found.sort((a, b) => a.at - b.at || b.length - a.length);
    return [...found.map((f) => f.line), statement].join("\n");
  }

  /** The rules with exceptions or parameters inlined, by name (for `price`'s documentation). */
  readonly inlined = new Set<string>();

  /** The rules a specialised function writes twice (`specialise`): not inlined. */
  private readonly written = new Set<string>();

  /**
   * Whether rule `r`, called once with the arguments `args` (compiled from `exprs`), is inlined: it has
   * exceptions or parameters (one with neither is inlined by `call` as before), reads no aggregate if
   * it has parameters (an aggregate's loop helper takes them as named parameters), every argument is
   * simple code or always has a value (then it is bound once, or dropped where it is not read: the
   * call would fail on an argument that fails, read or not), and each value an exception
   * reads as `base` always has a value (the rule's own base value; a nested exception's parent value
   * must also be simple, `simpleExpr`). Decided before anything is compiled: compiling has effects.
   */
  private inlinable(r: RuleDef, args: readonly string[], exprs: readonly Expr[]): boolean {
    if (r.params.length === 0 && r.exceptions.length === 0) return false;
    const all = ruleExprs(r);
    if (r.params.length > 0 && all.some((e) => some(e, (x) => x.k === "agg"))) return false;
    // An argument is computed before the call even where its parameter is not read.
    for (const [i] of r.params.entries())
      if (!simpleCode(args[i]!) && !this.totalExpr(exprs[i]!)) return false;
    const bases = (children: readonly Exception[], value: Expr, nested: boolean): boolean =>
      (!children.some((c) => readsBase(c.when) || readsBase(c.value)) ||
        (this.totalExpr(value) && (!nested || simpleExpr(value)))) &&
      children.every((c) => bases(c.exceptions, c.value, true));
    return bases(r.exceptions, r.value, false);
  }

  /**
   * Rule `r` (`inlinable`) inlined at a call with the arguments `args`: its citation as a comment,
   * then its exceptions as a conditional expression, `(c1 ? v1 : c2 ? v2 : v0)`, nested exceptions
   * nested in their arm. A parameter is replaced by its argument's code when that is simple, else
   * bound once to a local (`arg_N`) before the statement; `base` is replaced by the value it denotes
   * when that code is simple or read at most once on any path, else the value is bound once to a
   * local (`base_N`) before the statement, which is then also the last arm. A binding is computed
   * where the statement is, even if the call sits under a condition that does not hold: it always
   * has a value, so computing it changes no answer.
   */
  private inline(r: RuleDef, args: readonly string[], env: Env): string {
    this.inlined.add(r.name);
    const cx = this.cx;
    const bind = (prefix: string, type: Type, code: string): string => {
      const local = `${prefix}_${++env.locals.n}`;
      env.pre.push(this.citing(`const ${local}: ${cx.fastType(type)} = ${code};`));
      return local;
    };
    const params = new Map<string, Param>();
    for (const [i, p] of r.params.entries()) {
      if (!ruleExprs(r).some((e) => readsParam(e, p.name))) continue;
      const code = args[i]!;
      params.set(p.name, {
        name: simpleCode(code) ? code : bind("arg", p.type, code),
        type: p.type,
      });
    }
    const inner = (base: BaseSource | null): Env => ({ ...env, params, base, scope: new Map() });
    const node = (children: readonly Exception[], value: Expr, base: BaseSource | null): string => {
      const before = this.inlined.size;
      let code = this.xc.compile(value, inner(base));
      if (children.length === 0) return code;
      let self: BaseSource | null = null;
      if (children.some((c) => readsBase(c.when) || readsBase(c.value))) {
        // Written where it is read when it is read at most once on any path (by exception values,
        // once in each) and holds no inlined definition (which would then be written twice).
        const once =
          this.inlined.size === before &&
          children.every((c) => !readsBase(c.when) && count(c.value, (x) => x.k === "base") <= 1);
        if (!simpleCode(code)) code = once ? `(${code})` : bind("base", r.type, code);
        // A literal is widened: TypeScript rejects comparing two literals.
        const name = isLiteralCode(code) ? `(${code} as ${cx.fastType(r.type)})` : code;
        self = { kind: "name", name, type: r.type };
      }
      const arms = children.map(
        (c) => `${this.xc.compile(c.when, inner(self))} ? ${node(c.exceptions, c.value, self)}`,
      );
      return `(${[...arms, code].join(" : ")})`;
    };
    return this.cited(r, node(r.exceptions, r.value, null));
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
    // genNode writes a value that an exception reads as `base` twice (into a local, and as the
    // value where no exception applies): a definition it calls (or calls through one called once,
    // which may be inlined) is not inlined there, or it would be written twice.
    const mark = (e: Expr): void =>
      walk(e, (x) => {
        if (x.k !== "rule" || this.written.has(x.name)) return;
        this.written.add(x.name);
        if (this.counts.get(x.name) === 1) for (const y of ruleExprs(cx.rule(x.name))) mark(y);
      });
    const twice = (children: readonly Exception[], value: Expr): void => {
      if (children.some((c) => readsBase(c.when) || readsBase(c.value))) mark(value);
      for (const c of children) twice(c.exceptions, c.value);
    };
    twice(r.exceptions, r.value);
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
      statements: statements.map((x) => this.citing(x)),
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
          ...(fast.inlined.size > 0
            ? [
                "A definition with exceptions or parameters called once is inlined, cited above the statement that holds it.",
              ]
            : []),
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
        // What the cost's inlined definitions bind (env.pre) may read the step and the values computed once.
        loop(
          ["const s = path[i]!;", ...once, ...env.pre, fast.citing(`spent += ${cost};`)],
          readsI,
        ),
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
