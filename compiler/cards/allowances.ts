/**
 * The allowance table, from a Probe of the ruleset: each unit kind's standard allowance, then under it
 * the allowance in every condition that can change it (each status, each yes/no unit field, each other
 * enum value, each vehicle kind), as raw rows per kind. A condition that leaves the allowance alone
 * is kept unshown, for the comparison with a base; one that changes it is cited by the exceptions
 * that make the difference.
 */

import type { Expr, ScenarioValue } from "../ir/ir.js";
import { humanise } from "../render/expr.js";
import {
  droppedCites,
  newExceptions,
  type Fields,
  type Outcome,
  type Probe,
  val,
} from "./card-answers.js";
import { unique } from "../../runtime/lists.js";
import {
  allowanceCite,
  boundRule,
  cell,
  diceRuleCites,
  row,
  table,
  type RawRow,
  type RawTable,
} from "./raw-card.js";

interface Condition {
  key: string;
  field: string;
  fieldLabel: string;
  memberLabel: string;
  unit: Fields;
  vehicle: Fields | null;
}

/** What can change a unit's allowance: each status, each yes/no unit field, each other enum value. */
function conditions(p: Probe): Condition[] {
  const out: Condition[] = [];
  for (const f of p.input("unit")) {
    if (f.name === "kind") continue;
    if (f.type.t === "set") {
      const e = p.enumDef(f.type.of);
      for (const m of e?.members ?? []) {
        out.push({
          key: `${f.name}=${m.name}`,
          field: f.name,
          fieldLabel: "",
          memberLabel: m.display || m.name,
          unit: { [f.name]: val.set(f.type.of, [m.name]) },
          vehicle: null,
        });
      }
    } else if (f.type.t === "bool") {
      const def = f.default?.v === "bool" ? f.default.b : false;
      if (def) continue;
      out.push({
        key: f.name,
        field: f.name,
        fieldLabel: "",
        memberLabel: humanise(f.name),
        unit: { [f.name]: val.bool(true) },
        vehicle: null,
      });
    } else if (f.type.t === "enum") {
      const e = p.enumDef(f.type.name);
      const def = f.default?.v === "member" ? f.default.name : null;
      for (const m of e?.members ?? []) {
        if (m.name === def) continue;
        out.push({
          key: `${f.name}=${m.name}`,
          field: f.name,
          fieldLabel: humanise(f.name),
          memberLabel: m.display || m.name,
          unit: { [f.name]: val.member(f.type.name, m.name) },
          vehicle: null,
        });
      }
    }
  }
  for (const f of p.input("vehicle")) {
    if (f.type.t !== "enum") continue;
    const e = p.enumDef(f.type.name);
    for (const m of e?.members ?? []) {
      out.push({
        key: `vehicle.${f.name}=${m.name}`,
        field: `vehicle.${f.name}`,
        fieldLabel: `Vehicle ${humanise(f.name).toLowerCase()}`.replace(/ kind$/, ""),
        memberLabel: m.display || m.name,
        unit: {},
        vehicle: { [f.name]: val.member(f.type.name, m.name) },
      });
    }
  }
  return out;
}

/** Citations of a unit's allowance: the binding's rule, the exceptions that decide it, the dice rules. */
function allowanceCites(p: Probe, o: Outcome, ctx: ScenarioValue): string[] {
  return unique([
    allowanceCite(p.ir),
    ...p.relevant(ctx, o).map((x) => x.cite),
    ...diceRuleCites(o),
  ]);
}

/** "vehicle's MP" for an allowance that is NA only because the card has no vehicle to read. */
function naText(o: Outcome): string {
  for (const x of o.log.exceptions) {
    const f = readsVehicle(x.value);
    if (f) return `vehicle's ${humanise(f)}`;
  }
  return o.text;
}

function readsVehicle(e: Expr): string | null {
  if (e.k === "field" && e.rec === "vehicle") return e.name;
  if (e.k === "if") return readsVehicle(e.t) ?? readsVehicle(e.e);
  return null;
}

export function allowanceTable(p: Probe): RawTable | null {
  const kinds = p.kinds();
  if (!kinds) return null;
  const conds = conditions(p);
  const rows: RawRow[] = [];
  for (const k of kinds.members) {
    const unit: Fields = { kind: val.member(kinds.name, k.name) };
    const ctx0 = p.ctx(unit);
    if (!ctx0) continue;
    const o0 = p.allowance(ctx0);
    const text0 = o0.na ? naText(o0) : o0.text;
    const display = k.display || k.name;
    rows.push(
      row(
        `allow:${k.name}`,
        [cell("Unit", display), cell("Condition", "standard"), cell("Allowance", text0)],
        allowanceCites(p, o0, ctx0),
        {
          kind: k.name,
          kindDisplay: display,
          sub: "",
          field: null,
          shown: true,
        },
      ),
    );
    for (const c of conds) {
      const ctx = p.ctx({ ...unit, ...c.unit }, [], c.vehicle);
      if (!ctx) continue;
      const o = p.allowance(ctx);
      const text = o.na ? naText(o) : o.text;
      const shown = text !== text0;
      // Only exceptions that make the difference are cited (and worth the cost of finding them).
      const xs = shown ? p.relevant(ctx, o, newExceptions(o.log, o0.log)) : [];
      const cites = shown ? unique([...xs.map((x) => x.cite), ...droppedCites(o.log, o0.log)]) : [];
      rows.push(
        row(
          `allow:${k.name}:${c.key}`,
          [
            cell("Unit", display),
            cell("Condition", c.fieldLabel ? `${c.fieldLabel}: ${c.memberLabel}` : c.memberLabel),
            cell("Allowance", text),
          ],
          cites.length > 0 ? cites : [allowanceCite(p.ir)],
          {
            kind: k.name,
            kindDisplay: display,
            sub: c.key,
            field: c.field,
            fieldLabel: c.fieldLabel,
            memberLabel: c.memberLabel,
            note: xs.length > 0 ? unique(xs.map((x) => x.title)).join("; ") : null,
            depth: 1,
            shown,
          },
        ),
      );
    }
  }
  if (rows.length === 0) return null;
  const rule = boundRule(p.ir, p.ir.movement.allowance);
  return table(
    "allowances",
    "Allowance by unit and condition",
    ["Unit", "Condition", "Allowance"],
    2,
    rows,
    {
      caption: `In ${p.measure}${p.dice ? ", rolled" : ""}: ${rule ? rule.title : "what a unit may spend"}. Each condition is shown where it changes the standard allowance.`,
      groupKinds: true,
    },
  );
}
