/**
 * IR expressions → TypeScript expression text over integer ticks.
 *
 * Every number is held as v × scale (an integer; NA is NaN). A product of two tick values is divided
 * by the scale once, a quotient by a constant multiplies back; comparisons work on ticks directly.
 * Strings from the ruleset appear only as JSON string literals, names only as mangled identifiers.
 *
 * Some constructs need statements: `base` is computed once into a local (the statement goes to
 * `env.pre`, which the caller emits before the statement using the expression) and aggregates
 * become module-level loop helpers (`agg_N`).
 */

import { StructureKind, type FunctionDeclarationStructure } from "ts-morph";
import type { Expr, RecordName, Type } from "../ir/ir.js";
import type { EmitContext } from "./context.js";
import { readsBase } from "../ir/walk.js";
import { fastTableRead } from "./tables.js";
import { commentText, isLiteralCode, lit, numberLiteral, parseQ, qTicks } from "./text.js";

/** A value that `base` can denote, computed on first use. */
export interface BaseRef {
  /** The expression giving the value. */
  expr: Expr;
  /** What `base` means inside `expr`. */
  parent: BaseSource | null;
  /** Citation pushed onto the trace when the value is computed (the rule's own, for its base value). */
  cite: string | null;
  type: Type;
}

export type BaseSource = { kind: "ref"; ref: BaseRef } | { kind: "name"; name: string; type: Type };

export interface Param {
  /** TypeScript name. */
  name: string;
  type: Type;
}

export interface Env {
  /** The expression for the trace: `trace`, or `null` where there is none. */
  trace: string;
  params: Map<string, Param>;
  base: BaseSource | null;
  /** `base` values already computed into locals visible at this point. */
  scope: Map<BaseRef, string>;
  /** Statements to emit before the statement being compiled. */
  pre: string[];
  /** Counter for local names in the enclosing function. */
  locals: { n: number };
  /**
   * Compiling for `price` (price.ts): the step record is the local `s`, rules are called through
   * their untraced specialisations, tables are read directly, and a value of an enum that keys a
   * table is held as its code (`terrainCode`, a code literal). Null: the traced rules.
   */
  fast: FastRules | null;
}

/** What `price` compiles rule calls to (price.ts): a specialised rule's code for one call. */
export interface FastRules {
  /**
   * The call of rule `name` with the compiled arguments `args` (of the expressions `exprs`), or its
   * value inlined (parenthesised; its citation goes above the statement that holds it).
   */
  call(name: string, args: readonly string[], env: Env, exprs: readonly Expr[]): string;
  /** Whether `code`, as `call` returned it, is a definition's value inlined (and cited). */
  isInlined(code: string): boolean;
}

export function newEnv(
  trace: string,
  params: Map<string, Param> = new Map(),
  fast: FastRules | null = null,
): Env {
  return { trace, params, base: null, scope: new Map(), pre: [], locals: { n: 0 }, fast };
}

const SIMPLE = new Set<Expr["k"]>(["field", "param", "member", "base"]);

export class ExprCompiler {
  constructor(private readonly cx: EmitContext) {}

  compile(e: Expr, env: Env): string {
    const cx = this.cx;
    switch (e.k) {
      case "num":
        return numberLiteral(qTicks(e.q, cx.scale));
      case "bool":
        return e.v ? "true" : "false";
      case "all":
        return "ctx.allowance";
      case "na":
        return "NaN";
      case "member":
        return this.member(e.enum, e.name, env.fast !== null);
      case "set":
        return cx.constSet(e.enum, e.members);
      case "field":
        return this.field(e.rec, e.name, false, env);
      case "flag": {
        const f = cx.field(e.rec, e.field);
        // Without a vehicle every flag of it is false, as in the interpreter.
        if (e.rec === "vehicle")
          return `(ctx.vehicle?.${f.prop}${f.field.optional ? "?" : ""}.has(${lit(e.member)}) === true)`;
        const rec = recordOf(e.rec, env);
        return f.field.optional
          ? `(${rec}.${f.prop}?.has(${lit(e.member)}) === true)`
          : `${rec}.${f.prop}.has(${lit(e.member)})`;
      }
      case "present": {
        const f = cx.field(e.rec, e.name);
        const rec = e.rec === "vehicle" ? "ctx.vehicle?" : recordOf(e.rec, env);
        return `(${rec}.${f.prop} != null)`;
      }
      case "need":
        return this.need(e, env, this.asCode(e, env));
      case "pos":
        return e.name === "number" ? "((ctx.i + 1) * SCALE)" : "(ctx.i === ctx.path.length - 1)";
      case "path":
        switch (e.name) {
          case "hexes":
            return "(ctx.hexes * SCALE)";
          case "steps":
            return "(ctx.path.length * SCALE)";
          case "spent":
            return "ctx.spent";
        }
        throw new Error(`unknown path value ${JSON.stringify((e as { name: unknown }).name)}`);
      case "agg":
        return this.aggregate(e.op, e.body, env);
      case "rule": {
        const fn = cx.ruleFn(e.name);
        const args = e.args.map((a) => this.compile(a, env));
        if (env.fast !== null) return env.fast.call(e.name, args, env, e.args);
        return `${fn}(${["ctx", env.trace, ...args].join(", ")})`;
      }
      case "param": {
        const p = env.params.get(e.name);
        if (p === undefined) throw new Error(`unknown parameter ${JSON.stringify(e.name)}`);
        return p.name;
      }
      case "table": {
        const t = cx.table(e.name);
        const keys = e.keys.map((k) => this.compile(k, env));
        // Untraced, the tick copy is read by the keys' codes.
        if (env.fast !== null) return fastTableRead(cx, e.name, keys);
        return `${t.lookup}(${["ctx", env.trace, ...keys].join(", ")})`;
      }
      case "base":
        return this.base(env);
      case "neg":
        // 0 - x rather than -x: no negative zero.
        return `(0 - ${this.compile(e.x, env)})`;
      case "not":
        return `(!${this.compile(e.x, env)})`;
      case "bin":
        return this.binary(e.op, e.a, e.b, env);
      case "in":
        return this.membership(e.x, e.set, env);
      case "if":
        return `(${this.compile(e.c, env)} ? ${this.compile(e.t, env)} : ${this.compile(e.e, env)})`;
      case "call": {
        const args = e.args.map((a) => this.compile(a, env));
        switch (e.fn) {
          case "fru":
            return `(Math.ceil(${args[0]} / SCALE) * SCALE)`;
          case "frd":
            return `(Math.floor(${args[0]} / SCALE) * SCALE)`;
          case "max":
            return `Math.max(${args.join(", ")})`;
          case "min":
            return `Math.min(${args.join(", ")})`;
        }
        throw new Error(`unknown builtin ${JSON.stringify(e.fn)}`);
      }
      case "dice":
        return this.dice(e, env);
    }
    throw new Error(`unknown expression kind ${JSON.stringify((e as { k: unknown }).k)}`);
  }

  /**
   * `need`: the field's value, or the runtime's MissingInput naming it (same message as the
   * interpreter); its code where `code`.
   */
  private need(e: Expr & { k: "need" }, env: Env, code: boolean): string {
    const cx = this.cx;
    cx.usesNeed = true;
    const f = cx.field(e.rec, e.name);
    const read =
      e.rec === "vehicle" ? `ctx.vehicle?.${f.prop}` : `${recordOf(e.rec, env)}.${f.prop}`;
    const where =
      e.rec === "step"
        ? `"path[" + ctx.i + "]." + ${lit(f.field.json)}`
        : lit(e.rec === "scenario" ? f.field.json : `${e.rec}.${f.field.json}`);
    const value = `(${read} ?? missing(${where}))`;
    return code ? `${cx.codesOf((f.field.type as { name: string }).name)}[${value}]` : value;
  }

  /**
   * A member: its code (after its name in a comment) where `code` and its enum keys a table, else its
   * name as a string literal.
   */
  member(enumName: string, name: string, code: boolean): string {
    if (!code || !this.cx.coded.has(enumName)) return lit(name);
    // The name before the code: prettier moves a comment after the code past the statement's `;`
    // on a second run where the code ends a parenthesised expression (not idempotent).
    return `/* ${commentText(name)} */ ${this.cx.memberCode(enumName, name)}`;
  }

  /** The type of `e` where it is a reference, a member or a value of a rule or table; else null. */
  private typeOf(e: Expr, env: Env): Type | null {
    switch (e.k) {
      case "member":
        return { t: "enum", name: e.enum };
      case "field":
      case "need":
        return this.cx.field(e.rec, e.name).field.type;
      case "param":
        return env.params.get(e.name)?.type ?? null;
      case "rule":
        return this.cx.rule(e.name).type;
      case "table":
        return this.cx.tableDefs.get(e.name)?.type ?? null;
      case "base":
        return baseType(env.base);
      case "if":
        return this.typeOf(e.t, env) ?? this.typeOf(e.e, env);
      default:
        return null;
    }
  }

  /** Whether `e` is compiled to a code: in `price`'s specialised rules, a value of a coded enum. */
  private asCode(e: Expr, env: Env): boolean {
    return env.fast !== null && this.cx.isCoded(this.typeOf(e, env));
  }

  /** The TypeScript type of a value of type `t` in `env`: a coded enum's is `number` in `price`. */
  private typeIn(t: Type, env: Env): string {
    return env.fast !== null ? this.cx.fastType(t) : this.cx.tsType(t);
  }

  /** Reads an input field; `widen` asserts the declared type so that TS narrowing cannot bite. */
  private field(
    rec: RecordName,
    name: string,
    widen: boolean,
    env: Env,
    code = env.fast !== null,
  ): string {
    const f = this.cx.field(rec, name);
    // A field of a vehicle that is not there is absent (the interpreter's InputError "absent").
    const record =
      rec === "vehicle"
        ? `(ctx.vehicle ?? absent(${lit(`vehicle.${f.field.json}`)}))`
        : recordOf(rec, env);
    if (rec === "vehicle") this.cx.usesAbsent = true;
    if (code && f.code !== null) {
      // The member's code, prepared beside the field (-1 when absent).
      const read = `${record}.${f.code}`;
      return widen ? `(${read} as number)` : read;
    }
    const read = `${record}.${f.prop}`;
    if (widen) return `(${read} as ${this.cx.tsType(f.field.type)})`;
    return f.field.optional ? `${read}!` : read;
  }

  /**
   * An operand of `===`: references (fields, parameters, `base` locals) of enum or bool type are
   * widened to their declared type, because TypeScript narrows them after an earlier test and would
   * then reject a comparison it believes can never hold; so is a rule's value folded to a literal.
   */
  private operand(e: Expr, env: Env): string {
    let type: Type | null = null;
    if (e.k === "field") type = this.cx.field(e.rec, e.name).field.type;
    else if (e.k === "param") type = env.params.get(e.name)?.type ?? null;
    else if (e.k === "base") type = baseType(env.base);
    if (type !== null && (type.t === "enum" || type.t === "bool")) {
      if (e.k === "field") return this.field(e.rec, e.name, true, env);
      return `(${this.compile(e, env)} as ${this.typeIn(type, env)})`;
    }
    const code = this.compile(e, env);
    // A rule `price` folded to a literal is widened too: TypeScript rejects comparing two literals;
    // so is one inlined (`isInlined`), e.g. with its exceptions, whose arms may be literals.
    if (e.k === "rule" && (isLiteralCode(code) || env.fast?.isInlined(code) === true))
      return `(${code} as ${this.typeIn(this.cx.rule(e.name).type, env)})`;
    return code;
  }

  private binary(op: string, a: Expr, b: Expr, env: Env): string {
    switch (op) {
      case "+":
      case "-":
        return `(${this.compile(a, env)} ${op} ${this.compile(b, env)})`;
      case "*":
        return this.multiply(a, b, env);
      case "/":
        return this.divide(a, b, env);
      case "==":
      case "!=": {
        const eq = op === "==";
        if (a.k === "na" || b.k === "na") {
          const other = a.k === "na" ? b : a;
          if (other.k === "na") return eq ? "true" : "false";
          return `${eq ? "" : "!"}Number.isNaN(${this.compile(other, env)})`;
        }
        const folded = foldEquality(a, b, this.cx.scale);
        if (folded !== null) return folded === eq ? "true" : "false";
        return `(${this.operand(a, env)} ${eq ? "===" : "!=="} ${this.operand(b, env)})`;
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
        return `(${this.compile(a, env)} ${op} ${this.compile(b, env)})`;
      case "and":
        return `(${this.compile(a, env)} && ${this.compile(b, env)})`;
      case "or":
        return `(${this.compile(a, env)} || ${this.compile(b, env)})`;
    }
    throw new Error(`unknown operator ${JSON.stringify(op)}`);
  }

  /** a × b in ticks: (a·s)(b·s)/s; by a constant q = n/d it is a·n/d. */
  private multiply(a: Expr, b: Expr, env: Env): string {
    const [x, k] = b.k === "num" ? [a, b] : a.k === "num" ? [b, a] : [null, null];
    if (x !== null && k !== null) {
      const q = parseQ(k.q);
      const code = this.compile(x, env);
      const n = numberLiteral(Number(q.n));
      const times = q.n === 1n ? code : `(${code} * ${n})`;
      return q.d === 1n ? times : `(${times} / ${q.d})`;
    }
    return `((${this.compile(a, env)} * ${this.compile(b, env)}) / SCALE)`;
  }

  /** a ÷ b in ticks: a·s/(b·s)·s; by a constant q = n/d it is a·d/n. */
  private divide(a: Expr, b: Expr, env: Env): string {
    const code = this.compile(a, env);
    if (b.k === "num") {
      const q = parseQ(b.q);
      if (q.n === 0n) throw new Error("division by zero");
      const [n, d] = q.n < 0n ? [-q.n, -q.d] : [q.n, q.d];
      const times = d === 1n ? code : `(${code} * ${numberLiteral(Number(d))})`;
      return n === 1n ? times : `(${times} / ${n})`;
    }
    return `((${code} * SCALE) / ${this.compile(b, env)})`;
  }

  private membership(x: Expr, set: Expr, env: Env): string {
    const coded = this.asCode(x, env);
    if (set.k === "set") {
      if (set.members.length === 0) return "false";
      if (SIMPLE.has(x.k) && set.members.length <= 3) {
        const code = this.operand(x, env);
        return `(${set.members.map((m) => `${code} === ${this.member(set.enum, m, coded)}`).join(" || ")})`;
      }
      return `${this.cx.constSet(set.enum, set.members)}.has(${this.named(x, env)})`;
    }
    return `${this.compile(set, env)}.has(${this.named(x, env)})`;
  }

  /** `e` as a member's name (a code converted back where `e` is held as one). */
  private named(e: Expr, env: Env): string {
    // A field's name is read as it is; only a computed code is converted.
    if (e.k === "field") return this.field(e.rec, e.name, false, env, false);
    if (e.k === "need") return this.need(e, env, false);
    const code = this.compile(e, env);
    if (!this.asCode(e, env)) return code;
    return this.cx.nameOfCode((this.typeOf(e, env) as { name: string }).name, code);
  }

  private base(env: Env): string {
    const src = env.base;
    if (src === null) throw new Error("`base` outside an exception");
    if (src.kind === "name") return src.name;
    return this.materialize(src.ref, env);
  }

  /** Computes a `base` value into a local (once per scope) and returns the local's name. */
  materialize(ref: BaseRef, env: Env): string {
    const known = env.scope.get(ref);
    if (known !== undefined) return known;
    const code = this.compile(ref.expr, { ...env, base: ref.parent });
    const name = `base_${++env.locals.n}`;
    if (ref.cite !== null && env.trace !== "null") {
      env.pre.push(`if (${env.trace} !== null) ${env.trace}.push(${lit(ref.cite)});`);
    }
    env.pre.push(`const ${name}: ${this.typeIn(ref.type, env)} = ${code};`);
    env.scope.set(ref, name);
    return name;
  }

  /** An aggregate over the path as a call of a module-level loop helper. */
  private aggregate(op: string, body: Expr, env: Env): string {
    const cx = this.cx;
    const name = cx.helperName("agg");
    const params = [...env.params.values()];
    // The loop is compiled untraced-or-traced as the rules are, on names: a code is passed as its name.
    const asName = (v: string, t: Type): string =>
      env.fast !== null && cx.isCoded(t) ? cx.nameOfCode(t.name, v) : v;
    const args = ["ctx", env.trace, ...params.map((p) => asName(p.name, p.type))];
    const decl = params.map((p) => ({ name: p.name, type: cx.tsType(p.type) }));
    const inner = newEnv("trace", env.params);
    const bt = baseType(env.base);
    if (readsBase(body) && bt !== null) {
      args.push(asName(this.base(env), bt));
      decl.push({ name: "base", type: cx.tsType(bt) });
      inner.base = { kind: "name", name: "base", type: bt };
    }
    const code = this.compile(body, inner);
    const loop = (stmt: string) =>
      `for (let i = 0; i < ctx.path.length; i++) {\n${["ctx.i = i;", ...inner.pre, stmt].join("\n")}\n}`;
    let returnType = "number";
    let statements: string[];
    switch (op) {
      case "any":
      case "all": {
        returnType = "boolean";
        const any = op === "any";
        statements = [
          "const saved = ctx.i;",
          `try {\n${loop(`if (${any ? "" : "!"}${code}) return ${any};`)}\nreturn ${!any};\n} finally {\nctx.i = saved;\n}`,
        ];
        break;
      }
      case "count":
      case "sum": {
        const stmt = op === "count" ? `if (${code}) acc++;` : `acc += ${code};`;
        statements = [
          "const saved = ctx.i;",
          "let acc = 0;",
          `try {\n${loop(stmt)}\n} finally {\nctx.i = saved;\n}`,
          op === "count" ? "return acc * SCALE;" : "return acc;",
        ];
        break;
      }
      case "max":
      case "min": {
        const fn = op === "max" ? "Math.max" : "Math.min";
        statements = [
          "const saved = ctx.i;",
          "let acc = 0;",
          `try {\n${loop(`const v = ${code};\nacc = i === 0 ? v : ${fn}(acc, v);`)}\n} finally {\nctx.i = saved;\n}`,
          "return acc;",
        ];
        break;
      }
      default:
        throw new Error(`unknown aggregate ${JSON.stringify(op)}`);
    }
    const fn: FunctionDeclarationStructure = {
      kind: StructureKind.Function,
      name,
      docs: [
        `\`${op} step\` over the path (${op === "count" ? "a count" : op === "any" || op === "all" ? "a test" : "ticks"}); \`ctx.i\` is restored afterwards.`,
      ],
      parameters: [
        { name: "ctx", type: "Ctx" },
        { name: "trace", type: "string[] | null" },
        ...decl,
      ],
      returnType,
      statements,
    };
    cx.helpers.push(fn);
    return `${name}(${args.join(", ")})`;
  }

  private dice(e: Expr & { k: "dice" }, env: Env): string {
    this.cx.usesDice = true;
    let perDie = "0";
    if (e.perDie !== null) {
      if (e.perDie.k === "num") {
        const q = parseQ(e.perDie.q);
        if (q.d !== 1n) throw new Error("a per-die modifier must be a whole number");
        perDie = numberLiteral(Number(q.n));
      } else {
        perDie = `(${this.compile(e.perDie, env)} / SCALE)`;
      }
    }
    const keep = e.keep === null ? e.n : Math.min(e.keep.count, e.n);
    const highest = e.keep === null || e.keep.which === "highest";
    return `(sumDice(ctx.roll, ${e.n}, ${perDie}, ${keep}, ${highest}) * SCALE)`;
  }
}

function recordOf(rec: RecordName, env: Env): string {
  switch (rec) {
    case "unit":
      return "ctx.unit";
    case "vehicle":
      return "ctx.vehicle!";
    case "scenario":
      return "ctx.scenario";
    case "step":
      // `ctx.i` is always a step of the path while one is priced; `price` holds it in `s`.
      return env.fast !== null ? "s" : "ctx.path[ctx.i]!";
  }
  throw new Error(`unknown record ${JSON.stringify(rec)}`);
}

function baseType(src: BaseSource | null): Type | null {
  if (src === null) return null;
  return src.kind === "name" ? src.type : src.ref.type;
}

/** `a == b` of two constants, or null when either is not a constant. */
function foldEquality(a: Expr, b: Expr, scale: number): boolean | null {
  if (a.k === "member" && b.k === "member") return a.name === b.name;
  if (a.k === "bool" && b.k === "bool") return a.v === b.v;
  if (a.k === "num" && b.k === "num") return qTicks(a.q, scale) === qTicks(b.q, scale);
  return null;
}
