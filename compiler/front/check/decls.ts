/**
 * Declaration checking: merged declarations → IR definitions. Checks citations against the ruleset's
 * style, enum and group members, input fields and defaults, table domains (missing and duplicate
 * keys), rule and exception bodies, constraints and the movement binding. Rules and constraints come
 * out as bodies without a context: the dependency analysis (graph.ts) gives each its context, and
 * `ruleDef`/`constraintDef` build the definitions. Examples are checked in examples.ts.
 */
import { SECTION_KEYS } from "../../ir/report-sections.js";
import { closest } from "../../util/suggest.js";
import type * as A from "../../../grammar/ast.js";
import type { Diagnostic, DiagnosticData, Span } from "../../../diagnostics/index.js";
import {
  nameList,
  count,
  report,
  type MessageArgs,
  type MessageCode,
  type MessageName,
} from "../../../diagnostics/messages.js";
import type * as I from "../../ir/ir.js";
import type { Merged } from "../resolve.js";
import { foldConstant, isPlainWhole } from "../../ir/fold.js";
import { ExprChecker, rulesEvaluator, type Env } from "./expr.js";
import type { Evaluator } from "../../interpret/eval.js";
import type { Scope } from "./scope.js";
import { ANY, BOOL, irType, num } from "./types.js";

/** A rule number, its ordinal among paragraphs numbered alike (`31.11#2`), then a qualifier (`EX#1`). */
const NUMBERED = /^(?:[A-Z]{1,4} ?)?\d+[A-Z]?(?:\.\d+)*(?:-\.?\d+)?(?:#\d+)?(?: \S.*)?$/;
const HEADING = /^[A-Za-z].*$/;

const noEnv = (records: Iterable<I.RecordName | "path"> = []): Env => ({
  params: new Map(),
  base: null,
  narrowed: new Set(),
  records: new Set(records),
});

/** Where a constant is checked (defaults, table cells, examples): reads no record. Shared: never changed. */
const CONSTANT_ENV = noEnv();

/** Whether the first `count` of `members` have one named `name`. */
function listed(members: readonly I.EnumMember[], count: number, name: string): boolean {
  for (let i = 0; i < count; i++) if (members[i]!.name === name) return true;
  return false;
}

export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * A checked rule before the dependency analysis has given it its context. It holds a provisional
 * context in the IR's place for it, so `ruleDef` completes it where it stands rather than copying it.
 */
export type RuleBody = Omit<I.RuleDef, "context">;
/** A checked constraint before the dependency analysis has given it its context (as `RuleBody`). */
export type ConstraintBody = Omit<I.ConstraintDef, "context">;

/** The rule definition of `body` in `context`: the body itself, completed (its fields in the IR's order). */
export function ruleDef(body: RuleBody, context: I.Context): I.RuleDef {
  const r = body as I.RuleDef;
  r.context = context;
  return r;
}

/** The constraint definition of `body` in `context`: the body itself, completed. */
export function constraintDef(body: ConstraintBody, context: I.Context): I.ConstraintDef {
  const k = body as I.ConstraintDef;
  k.context = context;
  return k;
}

/** The records a rule, a constraint or the step cost may read. Shared: never changed. */
const ALL_RECORDS: ReadonlySet<I.RecordName | "path"> = new Set([
  "unit",
  "vehicle",
  "scenario",
  "step",
  "path",
]);
/** No parameters, nothing narrowed. Shared: never changed. */
const NO_PARAMS = new Map<string, I.Type>();
const NOTHING_NARROWED = new Set<string>();

/** The most members an enum may have (docs/cli.md, limits; V0108 past it). */
export const MAX_ENUM_MEMBERS = 1_000;

export class DeclChecker {
  readonly x: ExprChecker;
  constructor(
    private readonly merged: Merged,
    readonly scope: Scope,
    private readonly out: Diagnostic[],
    /** Citation style of each ruleset in the chain: a definition is judged by its own file's style. */
    private readonly styles: ReadonlyMap<string, "numbered" | "headings">,
  ) {
    this.x = new ExprChecker(scope, out);
  }

  private style: "numbered" | "headings" = "numbered";
  /** The ruleset that wrote the citations being checked. */
  private ruleset = "";
  /** Every citation checked, where it is written and by which ruleset (check/coverage.ts reads them). */
  readonly citations: { text: string; span: Span; ruleset: string; example: boolean }[] = [];
  /** Whether the declaration being checked is an example (its citation carries a worked example). */
  private inExample = false;

  /** Starts checking `d`: its citations follow the style of the ruleset that wrote it. */
  enter(d: A.Decl): void {
    const o = this.scope.owners.get(d);
    // Its ruleset as `origin` gives it, without making the origin.
    const ruleset = o ? (o.extendedFrom ?? o.origin) : this.merged.header.id;
    this.style = this.styles.get(ruleset) ?? "numbered";
    this.ruleset = ruleset;
    this.inExample = d.kind === "example";
  }

  private err<C extends MessageCode, M extends MessageName<C>>(
    code: C,
    message: M,
    span: Span | null,
    args: MessageArgs<C, M>,
    hint?: string,
    data?: DiagnosticData,
  ): void {
    this.out.push(report(code, message, span, args, hint, data));
  }

  origin(d: A.Decl): I.Origin {
    const o = this.scope.owners.get(d);
    // An extended rule stays where its parent put it: it is the parent's rule with edited exceptions.
    return { ruleset: o?.extendedFrom ?? o?.origin ?? this.merged.header.id, line: d.span.line };
  }

  cite(c: A.Cite | null, where: Span): string {
    if (!c) {
      this.err("V0302", "missing", where, {});
      return "";
    }
    if (c.text === "") {
      this.err("V0302", "empty", c.span, {});
      return c.text;
    }
    this.citations.push({
      text: c.text,
      span: c.span,
      ruleset: this.ruleset,
      example: this.inExample,
    });
    if (!(this.style === "numbered" ? NUMBERED : HEADING).test(c.text)) {
      this.err(
        "V0301",
        this.style === "numbered" ? "notNumbered" : "notHeading",
        c.span,
        { cite: c.text },
        this.style === "numbered"
          ? "write `cites headings` in the header for a rulebook cited by section headings"
          : undefined,
      );
    }
    return c.text;
  }

  def(d: A.Decl): I.Def {
    this.enter(d);
    const section = d.meta.section;
    if (section !== null && !SECTION_KEYS.has(section)) {
      const near = closest(section, SECTION_KEYS);
      this.err(
        "V0214",
        "unknownSection",
        d.meta.sectionSpan ?? d.nameSpan,
        { section },
        near
          ? `did you mean \`${near}\`? (sections: ${[...SECTION_KEYS].join(", ")})`
          : `sections: ${[...SECTION_KEYS].join(", ")}`,
      );
    }
    const def: I.Def = {
      name: d.name,
      cite: this.cite(d.meta.cite, d.nameSpan),
      title: d.meta.title ?? "",
      concept: d.meta.concept ?? d.name,
      section: d.meta.section,
      origin: this.origin(d),
    };
    if (d.meta.note !== undefined) def.note = d.meta.note;
    if (d.meta.helper) def.helper = true;
    return def;
  }

  measure(d: A.Decl & { kind: "measure" }): I.MeasureDef {
    return this.def(d);
  }

  enumDef(d: A.Decl & { kind: "enum" }): I.EnumDef {
    // An enum's members are bounded (docs/cli.md, limits): each is a case of every answer that
    // leaves its field out, a row of its tables, a line of the module and the card. Past the bound,
    // one error at the first member too many, and the members before it kept.
    if (d.members.length > MAX_ENUM_MEMBERS) {
      const n = (x: number) => x.toLocaleString("en");
      this.err(
        "V0108",
        "members",
        d.members[MAX_ENUM_MEMBERS]!.span,
        { name: d.name, count: n(d.members.length), max: n(MAX_ENUM_MEMBERS) },
        "split it into groups of a smaller enum, or keep the members the rules tell apart",
      );
      d = { ...d, members: d.members.slice(0, MAX_ENUM_MEMBERS) };
    }
    // The members kept are the names seen: a few, looked for in the list (a set only for many).
    const seen = d.members.length > 32 ? new Set<string>() : null;
    // A place per member (the list cut to those kept), not a list grown by pushing.
    const members: I.EnumMember[] = new Array<I.EnumMember>(d.members.length);
    let kept = 0;
    for (let i = 0; i < d.members.length; i++) {
      const m = d.members[i]!;
      if (seen ? seen.has(m.name) : listed(members, kept, m.name)) {
        this.err("V0202", "memberTwice", m.span, { name: d.name, member: m.name });
        continue;
      }
      seen?.add(m.name);
      const member: I.EnumMember = {
        name: m.name,
        display: m.display ?? m.name,
        cite: m.cite ? this.cite(m.cite, m.span) : null,
      };
      if (m.concepts.length > 0) {
        const concepts = m.concepts.filter((c) => c !== m.name);
        if (concepts.length > 0) member.concepts = concepts;
      }
      members[kept++] = member;
    }
    if (kept < members.length) members.length = kept;
    const e = this.def(d) as I.EnumDef;
    e.members = members;
    return e;
  }

  group(d: A.Decl & { kind: "group" }): I.GroupDef | null {
    const def = this.def(d);
    const v = this.x.groupValue(d);
    if (!v) return null;
    const g = def as I.GroupDef;
    g.enum = v.enum;
    g.members = v.members;
    return g;
  }

  /** Registers input fields in the scope (first pass) and returns the IR input. */
  input(d: A.Decl & { kind: "input" }): I.InputDef {
    this.enter(d);
    const cite = this.cite(d.meta.cite, d.nameSpan);
    const fields: I.InputField[] = [];
    const map = new Map<
      string,
      { name: string; type: I.Type; optional: boolean; decl: A.FieldDecl }
    >();
    for (const f of d.fields) {
      if (map.has(f.name)) {
        this.err("V0202", "fieldTwice", f.span, { field: `${d.rec}.${f.name}` });
        continue;
      }
      const type = this.x.resolveType(f.type);
      if (!type) continue;
      map.set(f.name, { name: f.name, type, optional: f.optional, decl: f });
      fields.push({
        name: f.name,
        json: camel(f.name),
        type,
        optional: f.optional,
        default: null,
        cite,
      });
    }
    this.scope.inputs.set(d.rec, map);
    return { rec: d.rec, cite, fields };
  }

  /** Second pass over inputs: defaults are constants of the field's type. */
  inputDefaults(d: A.Decl & { kind: "input" }, ir: I.InputDef): void {
    for (const f of ir.fields) {
      const decl = d.fields.find((x) => x.name === f.name)!;
      if (decl.default) {
        if (f.optional)
          this.err("V0402", "optionalDefault", decl.default.span, { field: `${d.rec}.${f.name}` });
        f.default = this.constValue(decl.default, f.type);
      } else if (!f.optional && f.type.t === "set") {
        f.default = { v: "set", enum: f.type.of, members: [] };
      } else if (!f.optional && f.type.t === "bool") {
        f.default = { v: "bool", b: false };
      }
    }
  }

  /**
   * A constant expression as an IR value, checked against `type`. With `rules` (examples, once the
   * rules are checked), an expression that reads no input, such as `dm-portage(hmg)`, is evaluated.
   */
  constValue(e: A.Expr, type: I.Type, rules: Evaluator | null = null): I.Value | null {
    const literal = this.literal(e, type);
    if (literal) return literal;
    const c = this.x.check(e, CONSTANT_ENV, type);
    if (!c) return null;
    const ir = c;
    if (ir.k === "all") return { v: "all" };
    if (ir.k === "na") return { v: "na" };
    if (ir.k === "bool") return { v: "bool", b: ir.v };
    if (ir.k === "member") return { v: "member", enum: ir.enum, name: ir.name };
    if (ir.k === "set") return { v: "set", enum: ir.enum, members: ir.members };
    if (ir.k === "table") {
      const v = this.tableConstant(ir);
      if (v) return v;
    }
    const folded = foldConstant(ir, type, rules && rulesEvaluator(rules));
    if (folded === "overflow") {
      this.err("V0105", "overflow", e.span, {});
      return null;
    }
    if (folded) return folded;
    this.err("V0406", "constantNeeded", e.span, {});
    return null;
  }

  /**
   * The value of the commonest constants, written as they are wanted — a plain whole number where a
   * number is wanted, true or false where a bool is, a member of the enum wanted — without checking
   * an expression: what `constValue` would make of them by checking and folding.
   */
  private literal(e: A.Expr, type: I.Type): I.Value | null {
    if (e.k === "num")
      return type.t === "num" && e.measure === null && isPlainWhole(e.q)
        ? { v: "num", q: e.q }
        : null;
    if (e.k === "bool") return type.t === "bool" ? { v: "bool", b: e.v } : null;
    if (e.k === "name" && e.member === null && type.t === "enum")
      return this.scope.enumMembers(type.name)?.includes(e.name)
        ? { v: "member", enum: type.name, name: e.name }
        : null;
    return null;
  }

  private tableConstant(ir: I.Expr & { k: "table" }): I.Value | null {
    if (this.scope.named(ir.name)?.kind !== "table" || !ir.keys.every((k) => k.k === "member"))
      return null;
    const keys = ir.keys.map((k) => (k as { name: string }).name);
    const t = this.tables.get(ir.name);
    return t?.rows.find((r) => r.keys.every((k, i) => k === keys[i]))?.value ?? null;
  }

  readonly tables = new Map<string, I.TableDef>();

  table(d: A.Decl & { kind: "table" }): I.TableDef | null {
    const def = this.def(d);
    const type = this.x.resolveType(d.type);
    const domains = d.keys.map((k) => {
      const ms = this.scope.enumMembers(k.name);
      if (!ms) this.err("V0201", "keyNotEnum", k.span, { name: k.name });
      return ms;
    });
    if (!type || domains.some((x) => !x)) return null;
    if (domains.length > 2) {
      this.err("V0402", "tableKeys", d.nameSpan, {});
      return null;
    }
    const rowsDomain = domains[0]!;
    // Each member's first place in the domain, looked up once per key (a domain may be large).
    const placeOf = new Map<string, number>();
    for (let i = rowsDomain.length - 1; i >= 0; i--) placeOf.set(rowsDomain[i]!, i);
    const place = (k: string) => placeOf.get(k) ?? -1;
    const cols = domains.length === 2 ? domains[1]! : null;
    // A place per entry the domain has (each member's row once, a value per column), the list cut
    // to those made: a table keeps its rows exactly, and no list grown by pushing is copied.
    const rows = new Array<I.TableRow>(rowsDomain.length * (cols ? cols.length : 1));
    let made = 0;
    // Where each member of the rows' domain is first given, by its (first) place in the domain.
    const seen: (Span | undefined)[] = new Array<Span | undefined>(rowsDomain.length);
    let otherwise: A.RowDecl | null = null;
    for (let ri = 0; ri < d.rows.length; ri++) {
      const r = d.rows[ri]!;
      const width = cols ? cols.length : 1;
      if (r.values.length !== width) {
        if (r.keys !== "otherwise")
          for (const k of r.keys) {
            const at = place(k);
            if (at >= 0 && seen[at] === undefined) seen[at] = r.span;
          }
        const args = {
          values: count(r.values.length, "value"),
          table: d.name,
          columns: count(width, "column"),
        };
        if (cols) this.err("V0503", "widthNamed", r.span, { ...args, names: cols.join(", ") });
        else this.err("V0503", "width", r.span, args);
        continue;
      }
      const cite = r.cite ? this.cite(r.cite, r.span) : null;
      if (r.keys === "otherwise") {
        otherwise = r;
        continue;
      }
      for (let ki = 0; ki < r.keys.length; ki++) {
        const k = r.keys[ki]!;
        const at = place(k);
        if (at < 0) {
          this.err(
            "V0201",
            "notMember",
            r.span,
            { key: k, enum: d.keys[0]!.name },
            `members: ${nameList(rowsDomain)}`,
          );
          continue;
        }
        const first = seen[at];
        if (first !== undefined) {
          this.err(
            "V0502",
            "keyTwice",
            r.span,
            { table: d.name, key: k },
            `first defined on line ${first.line}`,
          );
          continue;
        }
        seen[at] = r.span;
        made = this.putRow(rows, made, k, r.values, cols, type, cite);
      }
    }
    const missing: string[] = [];
    for (let i = 0; i < rowsDomain.length; i++)
      if (seen[place(rowsDomain[i]!)] === undefined) missing.push(rowsDomain[i]!);
    if (missing.length && !otherwise) {
      this.err(
        "V0501",
        "missingRows",
        d.nameSpan,
        { table: d.name, missing: nameList(missing) },
        `add a row for each, or \`otherwise: NA\``,
        { fix: "rows", missing },
      );
    } else if (otherwise) {
      const cite = otherwise.cite ? this.cite(otherwise.cite, otherwise.span) : null;
      for (const m of missing)
        made = this.putRow(rows, made, m, otherwise.values, cols, type, cite);
    }
    if (made < rows.length) rows.length = made;
    if (otherwise) rows.sort((a, b) => place(a.keys[0]!) - place(b.keys[0]!));
    const t = def as I.TableDef;
    t.keys = d.keys.map((k) => k.name);
    t.type = type;
    t.rows = rows;
    this.tables.set(d.name, t);
    return t;
  }

  /**
   * Puts member `key`'s entries (a value per column) in `rows` from place `at` on, those whose value
   * is a constant of `type`; returns the place after them.
   */
  private putRow(
    rows: I.TableRow[],
    at: number,
    key: string,
    values: A.Expr[],
    cols: string[] | null,
    type: I.Type,
    cite: string | null,
  ): number {
    for (let i = 0; i < values.length; i++) {
      const value = this.constValue(values[i]!, type);
      if (value) rows[at++] = { keys: cols ? [key, cols[i]!] : [key], value, cite };
    }
    return at;
  }

  rule(d: A.Decl & { kind: "rule" | "predicate" }): RuleBody | null {
    const def = this.def(d);
    const type = this.x.ruleType(d);
    const params: { name: string; type: I.Type }[] = [];
    const env: Env = {
      params: d.params.length > 0 ? new Map() : NO_PARAMS,
      base: null,
      narrowed: NOTHING_NARROWED,
      records: ALL_RECORDS,
    };
    for (const p of d.params) {
      const t = this.x.resolveType(p.type);
      if (!t) return null;
      if (env.params.has(p.name)) this.err("V0202", "paramTwice", p.span, { name: p.name });
      env.params.set(p.name, t);
      params.push({ name: p.name, type: t });
    }
    if (!type) return null;
    const value = this.x.check(d.value, env, type);
    const exceptions = this.exceptions(d.exceptions, env, type);
    if (!value || !exceptions) return null;
    const body = def as RuleBody;
    body.kind = d.kind;
    body.params = params;
    body.type = irType(type);
    (body as I.RuleDef).context = "unit"; // provisional: `ruleDef` gives the context
    body.value = value;
    body.exceptions = exceptions;
    return body;
  }

  private exceptions(list: A.ExceptionDecl[], env: Env, type: I.Type): I.Exception[] | null {
    // A place per exception (one failed: the whole list is null), not a list grown by pushing.
    const out: I.Exception[] = list.length === 0 ? [] : new Array<I.Exception>(list.length);
    let ok = true;
    // Inside an exception `base` is the rule's value; one environment for all (never changed).
    const inner: Env | null =
      list.length === 0
        ? null
        : env.base === type
          ? env
          : { params: env.params, base: type, narrowed: env.narrowed, records: env.records };
    for (let i = 0; i < list.length; i++) {
      const e = list[i]!;
      // An exception an `extend` added is judged by its own file's citation style.
      const style = this.style;
      const ruleset = this.ruleset;
      if (e.origin !== undefined) {
        this.style = this.styles.get(e.origin) ?? style;
        this.ruleset = e.origin;
      }
      const cite = this.cite(e.cite, e.span);
      this.style = style;
      this.ruleset = ruleset;
      const when = this.x.check(e.when, env, BOOL);
      const value = this.x.check(e.value, inner!, type);
      const subs = this.exceptions(e.exceptions, inner!, type);
      if (!when || !value || !subs) {
        ok = false;
        continue;
      }
      out[i] = { cite, title: e.title ?? "", when, value, exceptions: subs };
    }
    return ok ? out : null;
  }

  constraint(d: A.Decl & { kind: "constraint" }): ConstraintBody | null {
    const def = this.def(d);
    const env: Env = {
      params: NO_PARAMS,
      base: null,
      narrowed: NOTHING_NARROWED,
      records: ALL_RECORDS,
    };
    const c = this.x.check(d.cond, env, BOOL);
    if (!c) return null;
    const body = def as ConstraintBody;
    (body as I.ConstraintDef).context = "unit"; // provisional: `constraintDef` gives the context
    body.cond = c;
    return body;
  }

  movement(d: (A.Decl & { kind: "movement" }) | undefined): I.Movement | null {
    if (!d) {
      this.err("V0212", "noMovement", this.merged.header.span, {});
      return null;
    }
    this.enter(d);
    const cite = this.cite(d.meta.cite, d.nameSpan);
    if (!this.scope.isMeasure(d.measure)) {
      this.err("V0201", "unknownMeasure", d.span, { measure: d.measure });
      return null;
    }
    const m = num(d.measure);
    const roles: Record<string, { want: I.Type; records: (I.RecordName | "path")[] }> = {
      allowance: { want: m, records: ["unit", "vehicle", "scenario", "path"] },
      cost: { want: m, records: ["unit", "vehicle", "scenario", "step", "path"] },
      "minimum-move": { want: BOOL, records: ["unit", "vehicle", "scenario", "path"] },
      "vehicle-spent": { want: num(ANY), records: ["unit", "vehicle", "scenario", "path"] },
      "halt-at": { want: BOOL, records: ["unit", "vehicle", "scenario", "step", "path"] },
      "halt-allowance": { want: m, records: ["unit", "vehicle", "scenario", "path"] },
    };
    const got: Record<string, I.Expr> = {};
    let vehicleMeasure: string | null = null;
    for (const e of d.entries) {
      const role = roles[e.role];
      if (!role) {
        this.err(
          "V0201",
          "unknownRole",
          e.span,
          { role: e.role },
          `roles: ${Object.keys(roles).join(", ")}`,
        );
        continue;
      }
      let want = role.want;
      if (e.measure !== null) {
        if (!this.scope.isMeasure(e.measure)) {
          this.err("V0201", "unknownMeasure", e.span, { measure: e.measure });
          continue;
        }
        want = num(e.measure);
        if (e.role === "vehicle-spent") vehicleMeasure = e.measure;
      }
      const c = this.x.check(e.value, noEnv(role.records), want);
      if (c) got[e.role] = c;
    }
    if (!got["allowance"] || !got["cost"]) {
      for (const r of ["allowance", "cost"])
        if (!d.entries.some((e) => e.role === r))
          this.err("V0212", "movementNeeds", d.span, { role: r });
      return null;
    }
    const movement: I.Movement = {
      cite,
      measure: d.measure,
      allowance: got["allowance"],
      cost: got["cost"],
      minimumMove: got["minimum-move"] ?? null,
      vehicleSpent: got["vehicle-spent"] ?? null,
      vehicleMeasure,
    };
    const haltAt = got["halt-at"];
    if (haltAt !== undefined) {
      movement.haltAt = haltAt;
      movement.haltCite =
        haltAt.k === "rule" ? (this.scope.named(haltAt.name)?.meta.cite?.text ?? cite) : cite;
      if (got["halt-allowance"] !== undefined) movement.haltAllowance = got["halt-allowance"];
    } else if (got["halt-allowance"] !== undefined) {
      const e = d.entries.find((x) => x.role === "halt-allowance")!;
      this.err("V0212", "haltAllowance", e.span, {});
    }
    return movement;
  }
}
