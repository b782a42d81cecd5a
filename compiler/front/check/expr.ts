/**
 * Expression checking: AST expression → typed IR expression. Resolves every name (rules, tables,
 * groups, enum members by the type the context expects, parameters, input fields and status flags),
 * checks types and measures, and narrows optional fields inside `if`/`and`.
 *
 * Internally a plain literal has measure `*` ("any measure", `ANY` in check/types.ts): `2` fits MF,
 * PP or a count.
 */
import type * as A from "../../../grammar/ast.js";
import { Rat, RatOverflow } from "../../../runtime/rational.js";
import type { Diagnostic, DiagnosticData, Span } from "../../../diagnostics/index.js";
import {
  nameList,
  report,
  type MessageArgs,
  type MessageCode,
  type MessageName,
  count,
} from "../../../diagnostics/messages.js";
import type { BinOp, Builtin, Expr, RecordName, Type, Value } from "../../ir/ir.js";
import { EvalError, Evaluator, type EvalContext, type RunValue } from "../../interpret/eval.js";
import { dict } from "../../util/dict.js";
import { foldConstant, type ConstantEvaluator } from "../../ir/fold.js";
import { closest } from "../../util/suggest.js";
import { isRule, type FieldSym, type Scope } from "./scope.js";
import type { Owned } from "../resolve.js";
import { ANY, BOOL, enumType, fits, join, num, setType, typeText } from "./types.js";

export interface Env {
  params: Map<string, Type>;
  /** Inside an exception: the type of `base`. */
  base: Type | null;
  /** Optional fields known present here ("unit.x", "step.hexside"); never changed (narrowing copies). */
  narrowed: ReadonlySet<string>;
  /** Which records this expression may read (examples and defaults read none); never changed. */
  records: ReadonlySet<RecordName | "path">;
}

/** A checked expression: its IR and its type (a builtin's arguments, kept to join their types). */
interface TypedExpr {
  ir: Expr;
  type: Type;
}

const ARITH = new Set(["+", "-", "*", "/"]);
const CMP = new Set(["==", "!=", "<", "<=", ">", ">="]);
const BUILTINS: Record<string, Builtin> = { fru: "fru", frd: "frd", max: "max", min: "min" };
const AGGREGATES = new Set(["any", "every", "all", "count", "max", "min", "sum"]);

export class ExprChecker {
  constructor(
    private readonly scope: Scope,
    private readonly out: Diagnostic[],
  ) {}

  private err<C extends MessageCode, M extends MessageName<C>>(
    code: C,
    message: M,
    span: Span,
    args: MessageArgs<C, M>,
    hint?: string,
    data?: DiagnosticData,
  ): null {
    this.out.push(report(code, message, span, args, hint, data));
    return null;
  }

  /** An unknown `name` (written inside `span`): "did you mean" the nearest candidate, as hint and data. */
  private unknown<C extends "V0201" | "V0210", M extends MessageName<C>>(
    code: C,
    message: M,
    span: Span,
    args: MessageArgs<C, M>,
    name: string,
    candidates: Iterable<string> = this.scope.allNames(),
    otherwise?: string,
  ): null {
    const near = closest(name, candidates);
    return near
      ? this.err(code, message, span, args, `did you mean ${near}?`, {
          fix: "rename",
          name,
          suggestion: near,
        })
      : this.err(code, message, span, args, otherwise);
  }

  /**
   * The type of the expression the checker last returned (not null): a second return slot, so that
   * an expression's checking makes no `{ir, type}` object per node. Read it at once, before the next
   * expression is checked.
   */
  private t: Type = BOOL;

  /** Returns `ir`, its type `type` in the slot `t`. */
  private typed(ir: Expr, type: Type): Expr {
    this.t = type;
    return ir;
  }

  /** `e` checked where `want` is expected: its IR, its type in `t`; null when it has an error. */
  check(e: A.Expr, env: Env, want: Type | null): Expr | null {
    const ir = this.inner(e, env, want);
    const t = this.t;
    if (ir && want && !fits(t, want)) {
      const code = t.t === "num" && want.t === "num" ? "V0401" : "V0402";
      const fix =
        t.t === "num" && want.t === "num" ? conversion(t.measure, want.measure) : undefined;
      const args = { expected: typeText(want), found: typeText(t) };
      return this.err(code, "expected", e.span, args, fix);
    }
    return ir;
  }

  private inner(e: A.Expr, env: Env, want: Type | null): Expr | null {
    switch (e.k) {
      case "num": {
        if (e.measure !== null && !this.scope.isMeasure(e.measure)) {
          return this.unknown("V0201", "unknownMeasure", e.span, { measure: e.measure }, e.measure);
        }
        return this.typed({ k: "num", q: e.q }, num(e.measure ?? ANY));
      }
      case "bool":
        return this.typed({ k: "bool", v: e.v }, BOOL);
      case "all":
        return this.typed({ k: "all" }, num(want?.t === "num" ? want.measure : ANY));
      case "na":
        return this.typed({ k: "na" }, num(want?.t === "num" ? want.measure : ANY));
      case "base":
        if (!env.base) return this.err("V0405", "base", e.span, {});
        return this.typed({ k: "base" }, env.base);
      case "name":
        return this.name(e, env, want);
      case "call":
        return this.call(e, env);
      case "rec":
        return this.rec(e, env, want);
      case "set": {
        const enumName = want?.t === "set" ? want.of : null;
        const members: string[] = [];
        let found: string | null = enumName;
        for (const m of e.members) {
          const r = this.member(m.name, m.member, found, m.span);
          if (!r) return null;
          found = r.enum;
          members.push(r.name);
        }
        if (!found) return this.err("V0402", "emptySet", e.span, {});
        return this.typed({ k: "set", enum: found, members }, setType(found));
      }
      case "agg": {
        const op = e.op === "every" ? "all" : e.op;
        if (!AGGREGATES.has(e.op))
          return this.err(
            "V0201",
            "unknownAggregate",
            e.span,
            { op: e.op },
            "use any, every, count, max, min or sum",
          );
        if (!env.records.has("path")) return this.err("V0406", "aggregateHere", e.span, {});
        const inner: Env = {
          params: env.params,
          base: env.base,
          narrowed: new Set(env.narrowed),
          records: new Set([...env.records, "step"]),
        };
        const isBool = op === "any" || op === "all" || op === "count";
        const body = this.check(e.body, inner, isBool ? BOOL : null);
        if (!body) return null;
        const bodyType = this.t;
        if (!isBool && bodyType.t !== "num")
          return this.err("V0402", "aggregateNumber", e.body.span, {
            op: e.op,
            found: typeText(bodyType),
          });
        const type = op === "any" || op === "all" ? BOOL : op === "count" ? num(null) : bodyType;
        return this.typed({ k: "agg", op: op as "any", body }, type);
      }
      case "neg": {
        const x = this.check(e.x, env, want?.t === "num" ? want : null);
        if (!x) return null;
        const xt = this.t;
        if (xt.t !== "num") return this.err("V0402", "negate", e.span, { type: typeText(xt) });
        return this.typed({ k: "neg", x }, xt);
      }
      case "not": {
        const x = this.check(e.x, env, BOOL);
        return x && this.typed({ k: "not", x }, BOOL);
      }
      case "bin":
        return this.bin(e, env, want);
      case "in":
        return this.membership(e, env);
      case "if": {
        const c = this.check(e.c, env, BOOL);
        const narrowedEnv = narrow(env, c ?? undefined);
        const t = this.check(e.t, narrowedEnv, want);
        const tt = t && this.t;
        const f = this.check(e.e, env, want ?? tt ?? null);
        if (!c || !t || !f) return null;
        const ft = this.t;
        const type = join(tt!, ft);
        if (!type)
          return this.err(
            tt!.t === "num" && ft.t === "num" ? "V0401" : "V0402",
            "branches",
            e.span,
            { a: typeText(tt!), b: typeText(ft) },
          );
        return this.typed({ k: "if", c, t, e: f }, type);
      }
      case "dice": {
        let perDie: Expr | null = null;
        if (e.perDie) {
          perDie = this.check(e.perDie, env, num(ANY));
          if (!perDie) return null;
        }
        if (e.keep && (e.keep.count < 1 || e.keep.count > e.n))
          return this.err("V0402", "keep", e.span, { count: e.keep.count, n: e.n });
        return this.typed({ k: "dice", n: e.n, sides: e.sides, keep: e.keep, perDie }, num(ANY));
      }
    }
  }

  /** Resolves `name` (or `enum.member`) as an enum member, preferring `enumHint`. */
  private member(
    name: string,
    member: string | null,
    enumHint: string | null,
    span: Span,
  ): { enum: string; name: string } | null {
    if (member !== null) {
      const ms = this.scope.enumMembers(name);
      if (!ms) return this.unknown("V0201", "unknownEnum", span, { name }, name);
      if (!ms.includes(member))
        return this.err(
          "V0201",
          "noMember",
          span,
          { enum: name, member },
          `members: ${nameList(ms)}`,
        );
      return { enum: name, name: member };
    }
    if (enumHint) {
      const ms = this.scope.enumMembers(enumHint);
      if (ms?.includes(name)) return { enum: enumHint, name };
      if (!this.scope.named(name))
        return this.err(
          "V0201",
          "noMember",
          span,
          { enum: enumHint, member: name },
          ms ? `members: ${nameList(ms)}` : undefined,
        );
    }
    const owners = this.scope.enumsWith(name);
    if (owners.length === 1) return { enum: owners[0]!, name };
    if (owners.length > 1)
      return this.err(
        "V0207",
        "ambiguousMember",
        span,
        { name, enums: owners.join(" and ") },
        `write ${owners[0]}.${name}`,
      );
    return this.unknown("V0201", "unknownName", span, { name }, name);
  }

  private name(e: A.Expr & { k: "name" }, env: Env, want: Type | null): Expr | null {
    if (e.member !== null) {
      const m = this.member(e.name, e.member, null, e.span);
      return m && this.typed({ k: "member", enum: m.enum, name: m.name }, enumType(m.enum));
    }
    const p = env.params.get(e.name);
    if (p) return this.typed({ k: "param", name: e.name }, p);
    if (want?.t === "enum" && this.scope.enumMembers(want.name)?.includes(e.name)) {
      return this.typed({ k: "member", enum: want.name, name: e.name }, want);
    }
    const sym = this.scope.named(e.name);
    if (sym) {
      switch (sym.kind) {
        case "rule":
        case "predicate":
          return this.ruleRef(sym, [], e.span);
        case "group": {
          const g = this.groupValue(sym);
          return g && this.typed(g, setType(g.enum));
        }
        case "table":
          return this.err("V0209", "tableNeedsKey", e.span, {
            name: e.name,
            keys: sym.keys.map((k) => k.name).join(", "),
          });
        default:
          if (this.scope.enumsWith(e.name).length === 0)
            return this.err("V0402", "notValue", e.span, { name: e.name, kind: sym.kind });
      }
    }
    const m = this.member(e.name, null, want?.t === "enum" ? want.name : null, e.span);
    return m && this.typed({ k: "member", enum: m.enum, name: m.name }, enumType(m.enum));
  }

  private readonly groups = new Map<A.Decl, (Expr & { k: "set" }) | null>();
  private readonly resolving = new Set<A.Decl>();

  /** A group's members, resolved once (so a mistake in it is reported once, not at every use). */
  groupValue(g: A.Decl & { kind: "group" }): (Expr & { k: "set" }) | null {
    if (this.resolving.has(g))
      return this.err("V0208", "groupContainsItself", g.nameSpan, { name: g.name });
    if (!this.groups.has(g)) {
      this.resolving.add(g);
      this.groups.set(g, this.resolveGroup(g));
      this.resolving.delete(g);
    }
    return this.groups.get(g)!;
  }

  private resolveGroup(g: A.Decl & { kind: "group" }): (Expr & { k: "set" }) | null {
    let enumName: string | null = null;
    const members: string[] = [];
    for (const m of g.members) {
      const sub = m.member === null ? this.scope.named(m.name) : undefined;
      if (sub?.kind === "group" && sub !== g) {
        const inner = this.groupValue(sub);
        if (!inner) return null;
        enumName ??= inner.enum;
        for (const x of inner.members.filter((y) => !members.includes(y))) members.push(x);
        continue;
      }
      const r = this.member(m.name, m.member, enumName, m.span);
      if (!r) return null;
      if (enumName && r.enum !== enumName)
        return this.err("V0402", "groupOneEnum", m.span, {
          name: r.name,
          enum: r.enum,
          expected: enumName,
        });
      enumName = r.enum;
      if (!members.includes(r.name)) members.push(r.name);
    }
    return enumName ? { k: "set", enum: enumName, members } : null;
  }

  ruleType(d: A.Decl & { kind: "rule" | "predicate" }): Type | null {
    if (d.kind === "predicate") return BOOL;
    return d.type ? this.resolveType(d.type) : null;
  }

  resolveType(t: A.TypeRef): Type | null {
    if (t.t === "bool") return BOOL;
    if (t.t === "set") {
      if (!this.scope.enumMembers(t.of))
        return this.unknown("V0201", "unknownEnum", t.span, { name: t.of }, t.of);
      return setType(t.of);
    }
    if (t.name === "number") return num(null);
    if (this.scope.isMeasure(t.name)) return num(t.name);
    if (this.scope.enumMembers(t.name)) return enumType(t.name);
    return this.unknown(
      "V0201",
      "unknownType",
      t.span,
      { name: t.name },
      t.name,
      undefined,
      "a type is bool, number, a measure, an enum, or `set of ENUM`",
    );
  }

  private ruleRef(
    d: A.Decl & { kind: "rule" | "predicate" },
    args: A.Expr[],
    span: Span,
    env?: Env,
  ): Expr | null {
    const type = this.ruleType(d);
    if (!type) return null;
    if (args.length !== d.params.length) {
      return this.err("V0209", "arguments", span, {
        name: d.name,
        params: count(d.params.length, "argument"),
        found: args.length,
      });
    }
    const irArgs: Expr[] = [];
    for (let i = 0; i < args.length; i++) {
      const pt = this.resolveType(d.params[i]!.type);
      const a = pt && this.check(args[i]!, env!, pt);
      if (!a) return null;
      irArgs.push(a);
    }
    return this.typed({ k: "rule", name: d.name, args: irArgs }, type);
  }

  private call(e: A.Expr & { k: "call" }, env: Env): Expr | null {
    const builtin = BUILTINS[e.name];
    const sym = this.scope.named(e.name);
    if (isRule(sym)) return this.ruleRef(sym, e.args, e.span, env);
    if (e.name === "need" && sym === undefined) return this.need(e, env);
    if (sym?.kind === "table") {
      const keys = sym.keys;
      if (e.args.length !== keys.length)
        return this.err("V0209", "tableKeysNamed", e.span, {
          name: e.name,
          keys: count(keys.length, "key"),
          names: keys.map((k) => k.name).join(", "),
          found: e.args.length,
        });
      const irKeys: Expr[] = [];
      for (let i = 0; i < keys.length; i++) {
        const k = this.check(e.args[i]!, env, enumType(keys[i]!.name));
        if (!k) return null;
        irKeys.push(k);
      }
      const vt = this.resolveType(sym.type);
      return vt && this.typed({ k: "table", name: e.name, keys: irKeys }, vt);
    }
    if (builtin) {
      const args: TypedExpr[] = [];
      for (const a of e.args) {
        const c = this.check(a, env, null);
        if (!c) return null;
        const ct = this.t;
        if (ct.t !== "num")
          return this.err("V0402", "takesNumbers", a.span, {
            name: e.name,
            found: typeText(ct),
          });
        args.push({ ir: c, type: ct });
      }
      const unary = builtin === "fru" || builtin === "frd";
      if (unary ? args.length !== 1 : args.length < 2)
        return this.err("V0209", unary ? "oneNumber" : "twoNumbers", e.span, { name: e.name });
      let type: Type = args[0]!.type;
      for (const a of args.slice(1)) {
        const j = join(type, a.type);
        if (!j)
          return this.err("V0401", "mixes", e.span, {
            name: e.name,
            a: typeText(type),
            b: typeText(a.type),
          });
        type = j;
      }
      return this.typed({ k: "call", fn: builtin, args: args.map((a) => a.ir) }, type);
    }
    return this.unknown("V0201", "unknownCallee", e.span, { name: e.name }, e.name);
  }

  /**
   * `need(vehicle.kind)`: an input field the rule cannot do without. It may be optional (no narrowing
   * needed); when the scenario leaves it out, evaluation stops with an error naming the field.
   */
  private need(e: A.Expr & { k: "call" }, env: Env): Expr | null {
    const hint = "write need(RECORD.FIELD), e.g. need(vehicle.kind)";
    if (e.args.length !== 1) return this.err("V0209", "needOneField", e.span, {}, hint);
    const a = e.args[0]!;
    if (a.k !== "rec" || a.rec === "path") return this.err("V0402", "needField", a.span, {}, hint);
    if (!env.records.has(a.rec))
      return this.err("V0406", "fieldHere", a.span, { field: `${a.rec}.${a.field}` });
    const f = this.scope.inputs.get(a.rec)?.get(a.field);
    if (!f) return this.rec(a, env, null);
    return this.typed({ k: "need", rec: a.rec, name: a.field }, f.type);
  }

  private rec(e: A.Expr & { k: "rec" }, env: Env, want: Type | null): Expr | null {
    if (e.rec === "path") {
      if (!env.records.has("path"))
        return this.err("V0406", "fieldHere", e.span, { field: `path.${e.field}` });
      if (e.field === "spent") return this.typed({ k: "path", name: "spent" }, num(ANY));
      if (e.field === "hexes" || e.field === "steps")
        return this.typed({ k: "path", name: e.field }, num(null));
      return this.err(
        "V0210",
        "noPathValue",
        e.span,
        { field: e.field },
        "path.hexes, path.steps or path.spent",
      );
    }
    const rec = e.rec;
    if (!env.records.has(rec)) {
      return this.err(
        "V0406",
        "fieldHere",
        e.span,
        { field: `${rec}.${e.field}` },
        rec === "step" ? "only a step cost, a step rule or an aggregate reads the step" : undefined,
      );
    }
    const fields = this.scope.inputs.get(rec);
    const f = fields?.get(e.field);
    // Built-in step positions, unless the ruleset declares a step field of that name.
    if (rec === "step" && !f && (e.field === "number" || e.field === "last")) {
      return e.field === "number"
        ? this.typed({ k: "pos", name: "number" }, num(null))
        : this.typed({ k: "pos", name: "last" }, BOOL);
    }
    if (f) {
      if (f.optional) {
        const key = `${rec}.${e.field}`;
        if (want?.t === "bool" && f.type.t !== "bool")
          return this.typed({ k: "present", rec, name: e.field }, BOOL);
        if (!env.narrowed.has(key)) {
          return this.err(
            "V0402",
            "mayBeAbsent",
            e.span,
            { field: key },
            `write "... if ${key} else ..." to say what happens without it`,
          );
        }
      }
      return this.typed({ k: "field", rec, name: e.field }, f.type);
    }
    const sf = fields && this.flagField(fields, e.field);
    if (sf) return this.typed({ k: "flag", rec, field: sf.name, member: e.field }, BOOL);
    const input = this.scope.owned(`input ${rec}`);
    if (input?.decl.override && e.span.file !== input.file) return this.dropped(input, e);
    const names = [...(fields?.keys() ?? [])];
    return this.unknown(
      "V0210",
      "noField",
      e.span,
      { record: rec, field: e.field },
      e.field,
      names,
      names.length ? `fields: ${names.join(", ")}` : `declare it in \`input ${rec} [...] { ... }\``,
    );
  }

  /** The `record.field`s `dropped` has reported. */
  private readonly droppedFields = new Set<string>();

  /**
   * A field an inherited definition reads that the child's `override input` leaves out: the child's
   * edit is the cause, so it is reported once, at the override in the child's file, naming the first
   * place the base reads it (the base checks clean on its own).
   */
  private dropped(input: Owned, e: A.Expr & { k: "rec" }): null {
    const key = `${e.rec}.${e.field}`;
    if (this.droppedFields.has(key)) return null;
    this.droppedFields.add(key);
    return this.err(
      "V0210",
      "droppedField",
      input.decl.nameSpan,
      { record: e.rec, field: e.field, at: `${e.span.file}:${e.span.line}:${e.span.col}` },
      `keep \`${e.field}\` in the override (with its type and default)`,
    );
  }

  /** Each record's flags (`flagField`): for its fields as they were when it was made (their number). */
  private readonly flags = new Map<
    Map<string, FieldSym>,
    { size: number; of: Map<string, FieldSym> }
  >();

  /**
   * The first field of `fields` (in declaration order) that is a set whose enum has member `flag`
   * (`unit.broken` reads `status: set of status`), or undefined: found in an index made once per
   * record, not by a walk of its fields at every read.
   */
  private flagField(fields: Map<string, FieldSym>, flag: string): FieldSym | undefined {
    let index = this.flags.get(fields);
    if (index === undefined || index.size !== fields.size) {
      const of = new Map<string, FieldSym>();
      for (const sf of fields.values()) {
        if (sf.type.t !== "set") continue;
        const members = this.scope.enumMembers(sf.type.of);
        if (members) for (const m of members) if (!of.has(m)) of.set(m, sf);
      }
      index = { size: fields.size, of };
      this.flags.set(fields, index);
    }
    return index.of.get(flag);
  }

  private bin(e: A.Expr & { k: "bin" }, env: Env, want: Type | null): Expr | null {
    const op = e.op as BinOp;
    if (op === "and" || op === "or") {
      const a = this.check(e.a, env, BOOL);
      const benv = op === "and" ? narrow(env, a ?? undefined) : env;
      const b = this.check(e.b, benv, BOOL);
      return a && b && this.typed({ k: "bin", op, a, b, type: BOOL }, BOOL);
    }
    if (CMP.has(op)) {
      // Check the side that is not a bare name first, so `squad == unit.kind` resolves by type.
      const aFirst = e.a.k !== "name" || e.b.k === "name";
      const first = this.check(aFirst ? e.a : e.b, env, null);
      const firstType = this.t;
      const second =
        first &&
        this.check(
          aFirst ? e.b : e.a,
          env,
          firstType.t === "num" ? num(firstType.measure) : firstType,
        );
      if (!first || !second) return null;
      const a = aFirst ? first : second;
      const b = aFirst ? second : first;
      const at = aFirst ? firstType : this.t;
      if (at.t === "set" || (op !== "==" && op !== "!=" && at.t !== "num")) {
        return this.err("V0402", "compare", e.span, { type: typeText(at), op });
      }
      return this.typed({ k: "bin", op, a, b, type: BOOL }, BOOL);
    }
    if (!ARITH.has(op)) return this.err("V0102", "unknownOperator", e.span, { op });
    const hint = want?.t === "num" && (op === "+" || op === "-") ? want : null;
    const ax = this.check(e.a, env, hint);
    const atype = this.t;
    const bx = this.check(e.b, env, hint);
    if (!ax || !bx) return null;
    const btype = this.t;
    if (atype.t !== "num" || btype.t !== "num") {
      return this.err("V0402", "arithmetic", e.span, {
        op,
        a: typeText(atype),
        b: typeText(btype),
      });
    }
    const ma = atype.measure;
    const mb = btype.measure;
    let measure: string | null;
    if (op === "+" || op === "-") {
      const j = join(atype, btype);
      if (!j || j.t !== "num")
        return this.err(
          "V0401",
          op === "+" ? "add" : "subtract",
          e.span,
          { a: typeText(atype), b: typeText(btype) },
          conversion(mb, ma, "the right side") ??
            "quantities of different measures never mix; divide by `1 MEASURE` to get a plain number",
        );
      measure = j.measure;
    } else if (op === "*") {
      if (isMeasured(ma) && isMeasured(mb))
        return this.err(
          "V0401",
          "multiply",
          e.span,
          { a: String(ma), b: String(mb) },
          "one side of * must be a plain number",
        );
      measure = isMeasured(ma) ? ma : isMeasured(mb) ? mb : ma === ANY || mb === ANY ? ANY : null;
    } else {
      const c = foldConstant(bx, btype);
      if (c === "overflow") return this.err("V0105", "overflow", e.b.span, {});
      if (c?.v !== "num")
        return this.err(
          "V0403",
          "divisor",
          e.b.span,
          {},
          "generated code computes in exact ticks; divide by a number such as 2 or `1 MF`",
        );
      if (Rat.parse(c.q).isZero()) return this.err("V0404", "zero", e.b.span, {});
      if (isMeasured(mb)) {
        if (isMeasured(ma) && ma !== mb)
          return this.err(
            "V0401",
            "divide",
            e.span,
            { a: String(ma), b: mb },
            conversion(mb, ma, "the divisor"),
          );
        measure = isMeasured(ma) ? null : ANY;
      } else {
        measure = ma;
      }
    }
    return this.typed({ k: "bin", op, a: ax, b: bx, type: num(measure) }, num(measure));
  }

  private membership(e: A.Expr & { k: "in" }, env: Env): Expr | null {
    let x: Expr | null;
    let set: Expr | null;
    let xt: Type;
    let st: Type;
    if (e.x.k === "name" && e.x.member === null && !env.params.has(e.x.name)) {
      set = this.check(e.set, env, null);
      st = this.t;
      x = set && this.check(e.x, env, st.t === "set" ? enumType(st.of) : null);
      xt = this.t;
    } else {
      x = this.check(e.x, env, null);
      xt = this.t;
      set = x && this.check(e.set, env, xt.t === "enum" ? setType(xt.name) : null);
      st = this.t;
    }
    if (!x || !set) return null;
    if (xt.t !== "enum" || st.t !== "set" || st.of !== xt.name) {
      return this.err("V0402", "notIn", e.span, {
        x: typeText(xt),
        set: typeText(st),
      });
    }
    const ir: Expr = { k: "in", x, set };
    return this.typed(e.negated ? { k: "not", x: ir } : ir, BOOL);
  }
}

/**
 * The fix for a value in measure `from` where `to` is wanted, in the language's own arithmetic:
 * `/ 1 PP * 1 MF` converts PP to MF (a rate of one for one: change the numbers if the rule says
 * otherwise), `/ 1 PP` makes a plain number, `* 1 MF` gives a plain number a measure.
 */
export function conversion(
  from: string | null,
  to: string | null,
  what = "it",
): string | undefined {
  const f = isMeasured(from) ? from : null;
  const t = isMeasured(to) ? to : null;
  if (f === t) return undefined;
  const op = f && t ? `/ 1 ${f} * 1 ${t}` : f ? `/ 1 ${f}` : `* 1 ${t}`;
  const why = f && t ? `, one ${t} per ${f}` : "";
  return `to convert ${what}, write \`(…) ${op}\`${why}`;
}

function isMeasured(m: string | null): m is string {
  return m !== null && m !== ANY;
}

/** `env` where `cond` holds: the optional fields it proves present are narrowed (no copy if none). */
function narrow(env: Env, cond: Expr | undefined): Env {
  const fields = presentFields(cond);
  if (fields.length === 0) return env;
  return {
    params: env.params,
    base: env.base,
    narrowed: new Set([...env.narrowed, ...fields]),
    records: env.records,
  };
}

/** No fields: the shared answer of `presentFields` for a condition that proves none (never changed). */
const NO_FIELDS: readonly string[] = [];

/**
 * Fields that `cond` proves present when it holds (`step.hexside`, `x and step.hexside`), in order;
 * `NO_FIELDS` when none, so the common condition allocates nothing.
 */
function presentFields(cond: Expr | undefined): readonly string[] {
  if (!cond) return NO_FIELDS;
  if (cond.k === "present") return [`${cond.rec}.${cond.name}`];
  if (cond.k === "bin" && cond.op === "and") {
    const a = presentFields(cond.a);
    const b = presentFields(cond.b);
    return b.length === 0 ? a : a.length === 0 ? b : [...a, ...b];
  }
  return NO_FIELDS;
}

/**
 * The checked rules as the folder's evaluator (compiler/ir/fold.ts): `e`, an expression that reads
 * no input, such as `dm-portage(hmg)`, evaluated as a value of `type`, or null if it is not a constant.
 */
export function rulesEvaluator(ev: Evaluator): ConstantEvaluator {
  return (e, type) => evaluated(ev, e, type);
}

/** `e` evaluated with no input, as a value of `type`, or null if it is not a constant. */
function evaluated(ev: Evaluator, e: Expr, type: Type): Value | null {
  let v: RunValue;
  try {
    v = ev.evaluate(e, noInput(), null);
  } catch (err) {
    // Not a constant (it reads an input: EvalError) or not a finite one (NA compared, ÷ 0:
    // RangeError). An overflow is the caller's (above); anything else is a bug and propagates.
    if (err instanceof EvalError) return null;
    if (err instanceof RangeError && !(err instanceof RatOverflow)) return null;
    throw err;
  }
  if (v instanceof Rat) return v.isNA() ? { v: "na" } : { v: "num", q: v.toString() };
  if (typeof v === "boolean") return { v: "bool", b: v };
  if (typeof v === "string" && type.t === "enum") return { v: "member", enum: type.name, name: v };
  if (v instanceof Set && type.t === "set") return { v: "set", enum: type.of, members: [...v] };
  return null;
}

/** A context in which every record is empty: what reads an input fails with EvalError. */
function noInput(): EvalContext {
  return {
    unit: dict(),
    vehicle: null,
    scenario: dict(),
    path: [],
    i: 0,
    roll: null,
    allowance: Rat.ZERO,
    spent: Rat.ZERO,
    hexes: 0,
  };
}
