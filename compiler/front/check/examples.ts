/**
 * Example checking: an `example` declaration → an IR example. Checks each record's fields against the
 * inputs (every required field given, V0802), turns field values and expectations into constants —
 * the compiler's one folder (compiler/ir/fold.ts `foldConstant`) evaluating an expression that reads
 * no input, such as `dm-portage(hmg)`, with the checked rules — and resolves what each expectation
 * names: a rule, a table entry, a step cost, the allowance, a halt, a probability or a distribution.
 */
import type * as A from "../../../grammar/ast.js";
import type { Diagnostic, Span } from "../../../diagnostics/index.js";
import {
  count,
  report,
  type MessageArgs,
  type MessageCode,
  type MessageName,
} from "../../../diagnostics/messages.js";
import { dict } from "../../util/dict.js";
import type * as I from "../../ir/ir.js";
import { camel, type DeclChecker } from "./decls.js";
import type { Evaluator } from "../../interpret/eval.js";
import { isRule, type Scope } from "./scope.js";
import { ANY, enumType, num } from "./types.js";
import { checkStackExpectation, checkStacks, type StackHost } from "./stacks.js";

const NONE: readonly string[] = [];

/** The record literal example `d` gives for `rec` (the first), or null. */
function recordOf(d: A.Decl & { kind: "example" }, rec: A.RecordKw): A.RecordLit | null {
  for (let i = 0; i < d.records.length; i++)
    if (d.records[i]!.rec === rec) return d.records[i]!.value;
  return null;
}

/** Whether record literal `lit` gives field `name`. */
function gives(lit: A.RecordLit | null, name: string): boolean {
  if (lit) for (const f of lit.fields) if (f.name === name) return true;
  return false;
}

/** The one-move answer expectation `e` asks for (`allowance`, `legal`, …), or null for a rule's value. */
function oneMove(e: A.ExpectDecl): string | null {
  if (e.e === "legal") return e.negated ? "not legal" : "legal";
  if (e.e === "violation") return "violation";
  if (e.e === "step") return "step";
  if (e.e === "needs" || e.e === "depends") return e.e;
  if (e.e === "value" && ONE_MOVE.has(e.name)) return e.name;
  return null;
}
const ONE_MOVE: ReadonlySet<string> = new Set([
  "allowance",
  "spent",
  "vehicle-spent",
  "halt",
  "probability",
  "mean",
  "min",
  "max",
]);

export class ExampleChecker implements StackHost {
  readonly scope: Scope;

  constructor(
    /** Checks citations and constants, and knows each declaration's origin. */
    private readonly c: DeclChecker,
    private readonly out: Diagnostic[],
    /** The checked rules, to fold an expression that reads no input. */
    private readonly rules: Evaluator,
  ) {
    this.scope = c.scope;
  }

  private err<C extends MessageCode, M extends MessageName<C>>(
    code: C,
    message: M,
    span: Span | null,
    args: MessageArgs<C, M>,
    hint?: string,
  ): void {
    this.out.push(report(code, message, span, args, hint));
  }

  constValue(e: A.Expr, type: I.Type): I.Value | null {
    return this.c.constValue(e, type, this.rules);
  }

  stackError<M extends MessageName<"V0803">>(
    message: M,
    span: Span | null,
    args: MessageArgs<"V0803", M>,
    hint?: string,
  ): void {
    this.err("V0803", message, span, args, hint);
  }

  noField(span: Span, record: string, field: string, hint: string): void {
    this.err("V0210", "noField", span, { record, field }, hint);
  }

  /** Each record's required fields (no default, not optional), in declaration order: made once. */
  private requiredFields: Map<I.RecordName, string[]> | null = null;

  /** The required fields of record `rec` (none when it is not declared). */
  private required(rec: I.RecordName): readonly string[] {
    if (this.requiredFields === null) {
      this.requiredFields = new Map();
      for (const [r, fields] of this.scope.inputs) {
        const names: string[] = [];
        for (const f of fields.values())
          if (!f.optional && f.decl.default === null) names.push(f.name);
        this.requiredFields.set(r, names);
      }
    }
    return this.requiredFields.get(rec) ?? NONE;
  }

  /**
   * An example gives every required field (no default, not optional) of each record it evaluates —
   * the unit and scenario always, a vehicle when it gives one, every step — as `test` would demand:
   * V0802 at the record, or at the example's header when the record is missing altogether.
   */
  private requiredGiven(d: A.Decl & { kind: "example" }): boolean {
    // An example of stacks gives each unit's fields in its stack (stacks.ts checks them).
    let ok = d.stacks.length > 0 || this.given(d, "unit", recordOf(d, "unit"), "unit");
    if (!this.given(d, "scenario", recordOf(d, "scenario"), "scenario")) ok = false;
    const vehicle = recordOf(d, "vehicle");
    if (vehicle && !this.given(d, "vehicle", vehicle, "vehicle")) ok = false;
    let i = 0;
    for (let j = 0; j < d.records.length; j++) {
      const r = d.records[j]!;
      if (r.rec === "step" && !this.given(d, "step", r.value, `path[${i++}]`)) ok = false;
    }
    if (d.path)
      for (let j = 0; j < d.path.length; j++)
        if (!this.given(d, "step", d.path[j]!, `path[${i++}]`)) ok = false;
    return ok;
  }

  /** Whether `lit` (record `rec` of example `d`, written `where`) gives its required fields; else V0802. */
  given(
    d: A.Decl & { kind: "example" },
    rec: I.RecordName,
    lit: A.RecordLit | null,
    where: string,
  ): boolean {
    const required = this.required(rec);
    let missing: string[] | null = null;
    for (let i = 0; i < required.length; i++)
      if (!gives(lit, required[i]!)) (missing ??= []).push(required[i]!);
    if (missing === null) return true;
    const list = missing.map((m) => `${where}.${m}`).join(", ");
    if (lit)
      this.err(
        "V0802",
        missing.length > 1 ? "lacksMany" : "lacksOne",
        lit.span,
        { record: where, fields: list },
        `add ${missing.map((m) => `${m}: …`).join(", ")}`,
      );
    else
      this.err(
        "V0802",
        missing.length > 1 ? "givesNoMany" : "givesNoOne",
        {
          file: d.span.file,
          start: d.span.start,
          end: d.span.start + "example".length,
          line: d.span.line,
          col: d.span.col,
        },
        { record: rec, fields: list },
        `add \`${rec} { ${missing.map((m) => `${m}: …`).join(", ")} }\``,
      );
    return false;
  }

  /** The record `lit` (record `rec`) as values of its fields' types; null when one has an error. */
  record(rec: I.RecordName, lit: A.RecordLit): Record<string, I.Value> | null {
    const out: Record<string, I.Value> = dict();
    const fields = this.scope.inputs.get(rec);
    let ok = true;
    for (let i = 0; i < lit.fields.length; i++) {
      const f = lit.fields[i]!;
      const sym = fields?.get(f.name);
      if (!sym) {
        this.err(
          "V0210",
          "noField",
          f.span,
          { record: rec, field: f.name },
          fields ? `fields: ${[...fields.keys()].join(", ")}` : `declare \`input ${rec}\``,
        );
        ok = false;
        continue;
      }
      const v = this.constValue(f.value, sym.type);
      if (v) out[f.name] = v;
      else ok = false;
    }
    return ok ? out : null;
  }

  /** The IR example of `d`, or null when it has an error; `measure` is the movement's measure. */
  check(d: A.Decl & { kind: "example" }, measure: string | null): I.ExampleDef | null {
    this.c.enter(d);
    const cite = this.c.cite(d.meta.cite, d.nameSpan);
    let ok = true;
    // The records as given (an empty unit and scenario when not given), in indexed loops (no iterator).
    let unit: Record<string, I.Value> | null = null;
    let scenario: Record<string, I.Value> | null = null;
    let vehicle: Record<string, I.Value> | null = null;
    // The path's steps in a list of their number (a record failed sets ok: the example is dropped).
    let steps = d.path ? d.path.length : 0;
    for (let i = 0; i < d.records.length; i++) if (d.records[i]!.rec === "step") steps++;
    const path: Record<string, I.Value>[] = new Array<Record<string, I.Value>>(steps);
    let step = 0;
    for (let i = 0; i < d.records.length; i++) {
      const r = d.records[i]!;
      const v = this.record(r.rec, r.value);
      if (v === null) {
        ok = false;
        if (r.rec === "step") step++;
        continue;
      }
      if (r.rec === "unit") unit = v;
      else if (r.rec === "vehicle") vehicle = v;
      else if (r.rec === "scenario") scenario = v;
      else path[step++] = v;
    }
    if (d.path)
      for (let i = 0; i < d.path.length; i++) {
        const v = this.record("step", d.path[i]!);
        if (v === null) ok = false;
        else path[step] = v;
        step++;
      }
    const input: I.ScenarioValue = {
      unit: unit ?? dict(),
      vehicle,
      scenario: scenario ?? dict(),
      path,
    };
    if (d.roll) input.roll = d.roll;
    if (!this.requiredGiven(d)) ok = false;
    const stacks = d.stacks.length > 0 ? checkStacks(this, d) : null;
    if (d.stacks.length > 0 && stacks === null) ok = false;
    // One place per expectation (every one failed sets ok, and the example is then dropped).
    const expect: I.Expectation[] = new Array<I.Expectation>(d.expects.length);
    const m = num(measure ?? ANY);
    for (let i = 0; i < d.expects.length; i++) {
      const e = d.expects[i]!;
      if (e.e === "stack" || e.e === "member") {
        if (d.stacks.length === 0) {
          const what = e.e === "stack" ? `stack ${e.hex}` : `${e.unit}.${e.what}`;
          this.stackError("noStacks", e.span, { what });
          ok = false;
        } else if (stacks !== null) {
          const x = checkStackExpectation(this, e, stacks.counters, stacks.corner, m);
          if (x) expect[i] = x;
          else ok = false;
        }
        continue;
      }
      if (d.stacks.length > 0) {
        const what = oneMove(e);
        if (what !== null) this.stackError("oneUnit", e.span, { what });
        else this.stackError("ruleValue", e.span, { what: e.e === "value" ? e.name : e.e });
        ok = false;
        continue;
      }
      if (e.e === "legal") expect[i] = { e: "legal", want: !e.negated };
      else if (e.e === "violation")
        expect[i] = { e: "violation", cite: this.c.cite(e.cite, e.span), want: !e.negated };
      else if (e.e === "needs" || e.e === "depends") {
        const f = this.scope.inputs.get(e.rec)?.get(e.field);
        if (!f) {
          this.err("V0210", "noField", e.span, { record: e.rec, field: e.field });
          ok = false;
        } else {
          const json = camel(e.field);
          expect[i] = {
            e: e.e,
            field:
              e.rec === "step"
                ? `path[].${json}`
                : e.rec === "scenario"
                  ? json
                  : `${e.rec}.${json}`,
          };
        }
      } else if (e.e === "step") {
        const v = this.constValue(e.value, m);
        if (v) expect[i] = { e: "step", index: e.index, want: v };
        else ok = false;
      } else {
        if (e.name === "allowance" || e.name === "spent" || e.name === "vehicle-spent") {
          const v = this.constValue(e.value, e.name === "vehicle-spent" ? num(ANY) : m);
          if (v) expect[i] = { e: "value", what: e.name, want: v };
          else ok = false;
          continue;
        }
        if (e.name === "halt") {
          const v = this.constValue(e.value, m);
          if (v) expect[i] = { e: "halt", want: v };
          else ok = false;
          continue;
        }
        if (e.name === "probability") {
          const v = this.constValue(e.value, num(null));
          if (v) expect[i] = { e: "probability", want: v };
          else ok = false;
          continue;
        }
        if (e.name === "mean" || e.name === "min" || e.name === "max") {
          const v = this.constValue(e.value, m);
          if (v) expect[i] = { e: "dist", what: e.name, want: v };
          else ok = false;
          continue;
        }
        const sym = this.scope.named(e.name);
        if (sym?.kind === "table") {
          // Each key's member (null: not one), in an indexed loop (no closure per expectation).
          const tkeys = sym.keys;
          const keys = new Array<string | null>(tkeys.length);
          let allKeys = true;
          for (let j = 0; j < tkeys.length; j++) {
            const a = e.args[j];
            const v = a && this.constValue(a, enumType(tkeys[j]!.name));
            keys[j] = v?.v === "member" ? v.name : null;
            if (keys[j] === null) allKeys = false;
          }
          const vt = this.c.x.resolveType(sym.type);
          const v = vt && this.constValue(e.value, vt);
          if (e.args.length !== tkeys.length) {
            this.err("V0209", "tableKeys", e.span, {
              name: e.name,
              keys: count(tkeys.length, "key"),
              found: e.args.length,
            });
            ok = false;
          } else if (v && allKeys)
            expect[i] = { e: "table", name: e.name, keys: keys as string[], want: v };
          else ok = false;
          continue;
        }
        if (!isRule(sym)) {
          this.err(
            "V0201",
            "unknownExpected",
            e.span,
            { name: e.name },
            "expect allowance, spent, vehicle-spent, halt, probability, mean, min, max, or a rule, predicate or table",
          );
          ok = false;
          continue;
        }
        const params = sym.params;
        if (e.args.length !== params.length) {
          this.err("V0209", "arguments", e.span, {
            name: e.name,
            params: count(params.length, "argument"),
            found: e.args.length,
          });
          ok = false;
          continue;
        }
        // Each argument's value (null: it has an error), in an indexed loop (no closure per expectation).
        const args = new Array<I.Value | null>(params.length);
        let allArgs = true;
        for (let j = 0; j < params.length; j++) {
          const pt = this.c.x.resolveType(params[j]!.type);
          args[j] = pt && this.constValue(e.args[j]!, pt);
          if (!args[j]) allArgs = false;
        }
        const t = this.c.x.ruleType(sym);
        const v = t && this.constValue(e.value, t);
        if (v && allArgs) expect[i] = { e: "rule", name: e.name, args: args as I.Value[], want: v };
        else ok = false;
      }
    }
    if (!ok) return null;
    const ex: I.ExampleDef = {
      cite,
      title: d.meta.title ?? "",
      input,
      expect,
      origin: this.c.origin(d),
    };
    if (stacks !== null) ex.counters = stacks.counters;
    return ex;
  }
}
