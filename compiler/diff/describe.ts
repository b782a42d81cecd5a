/**
 * A situation as the report shows it, from an assignment over the domain (domain.ts): its inputs as a
 * scenario-shaped object (`variorum eval` reads the same fields) and as text for a reader
 * ("Half-squad, portage 3 PP, entering Woods"). Dimensions at their default are left out, except
 * required ones; members print as the first declaring ruleset's display names.
 */

import { Rat } from "../../runtime/rational.js";
import { humanise, memberDisplay, quantity, scopeOf } from "../render/expr.js";
import { orList } from "../render/plain.js";
import { enumMembers, fieldDef, type Assignment, type Dim, type Subject } from "./domain.js";

/** Inputs of a situation, shaped as a scenario file (`variorum eval` reads the same fields). */
export interface SituationInputs {
  unit?: Record<string, string | number | boolean | string[]>;
  phase?: string;
  [scenarioField: string]: unknown;
  path?: Record<string, string | number | boolean | string[]>[];
}

/** Words before a step's enum value: "held by a lone enemy leader", "through Shell hole". */
const STEP_LEAD: Readonly<Record<string, string>> = {
  enemy: "held by ",
  bypassThrough: "through ",
  hexside: "across ",
  alsoTerrain: "also ",
};

/** After "held by" a display reads in lower case ("a lone enemy leader or hero"). */
function lowerLead(json: string, shown: string): string {
  return json === "enemy" ? shown.charAt(0).toLowerCase() + shown.slice(1) : shown;
}

/**
 * A number field in words: "portage 3 PP"; a count of a measure named by a plural word takes the
 * singular for one ("bypassing 1 hexside", not "bypass 1 hexsides").
 */
function numberWords(d: Dim, q: string): string {
  const name = d.json === "bypass" ? "bypassing" : humanise(d.json).toLowerCase();
  const one = q === "1" && d.measure !== null && /^[a-z]+s$/.test(d.measure);
  return `${name} ${one ? `1 ${d.measure!.slice(0, -1)}` : quantity(q, d.measure)}`;
}

/** Situations folded into one (situations.ts): dimension `index` takes any of `members`. */
export interface Fold {
  index: number;
  members: readonly string[];
}

/**
 * The inputs of a situation as a scenario-shaped object, and as text ("moving one hex" for a
 * path-level row). With `fold`, that dimension's text names every member ("Tank, Halftrack or
 * Truck"); the inputs keep the assignment's own (a scenario that runs).
 */
export function describe(
  subjects: readonly Subject[],
  dims: readonly Dim[],
  a: Readonly<Assignment>,
  oneHex: boolean,
  fold?: Fold,
): { inputs: SituationInputs; text: string } {
  const inputs: SituationInputs = {};
  const unit: Record<string, string | number | boolean | string[]> = {};
  const step: Record<string, string | number | boolean | string[]> = {};
  const unitText: string[] = [];
  const scenText: string[] = [];
  const stepText: string[] = [];
  const displayOf = (d: Dim, member: string): string => {
    for (const s of subjects) {
      const f = fieldDef(s.ir, d.rec, "json", d.json);
      const e = f?.type.t === "enum" ? f.type.name : f?.type.t === "set" ? f.type.of : null;
      if (e && enumMembers(s.ir, e).includes(member))
        return memberDisplay(scopeOf(s.ir), e, member);
    }
    return member;
  };
  dims.forEach((d, i) => {
    const given = a[i] !== undefined;
    if (!given && !d.required) return;
    const v = given ? a[i]! : d.def;
    if (v === null) return;
    const words = d.rec === "unit" ? unitText : d.rec === "step" ? stepText : scenText;
    let jsonValue: string | number | boolean;
    if (d.kind === "flag") {
      if (v !== true) return;
      const holder: Record<string, unknown> =
        d.rec === "unit" ? unit : d.rec === "step" ? step : inputs;
      const list = (holder[d.json] as string[] | undefined) ?? [];
      list.push(d.member!);
      holder[d.json] = list;
      words.push(displayOf(d, d.member!));
      return;
    }
    if (d.kind === "enum") {
      jsonValue = v as string;
      const shown =
        fold?.index === i
          ? orList(fold.members.map((m) => displayOf(d, m)))
          : displayOf(d, v as string);
      words.push(
        d.rec === "step" ? `${STEP_LEAD[d.json] ?? ""}${lowerLead(d.json, shown)}` : shown,
      );
    } else if (d.kind === "bool") {
      jsonValue = v as boolean;
      const name = humanise(d.json).toLowerCase();
      words.push(v ? name : `no ${name}`);
    } else {
      const q = (v as string).slice(2);
      jsonValue = Rat.parse(q).toNumber();
      words.push(numberWords(d, q));
    }
    if (d.rec === "unit") unit[d.json] = jsonValue;
    else if (d.rec === "step") step[d.json] = jsonValue;
    else inputs[d.json] = jsonValue;
  });
  // A step described only by what else it is ("via road") names the terrain it enters at its
  // default too: "entering Open Ground, via road", never "entering via road".
  const terrain = dims.findIndex((d) => d.rec === "step" && d.json === "terrain");
  const td = dims[terrain];
  if (stepText.length > 0 && td && a[terrain] === undefined && !td.required && td.def !== null)
    stepText.unshift(`${STEP_LEAD[td.json] ?? ""}${displayOf(td, td.def as string)}`);
  const out: SituationInputs = {};
  if (Object.keys(unit).length > 0) out.unit = unit;
  for (const [k, v] of Object.entries(inputs)) out[k] = v;
  if (Object.keys(step).length > 0) out.path = [step];
  let text = unitText.join(", ");
  if (scenText.length > 0) text += (text ? ", " : "") + scenText.join(", ");
  if (stepText.length > 0) text += (text ? ", " : "") + `entering ${stepText.join(", ")}`;
  else if (oneHex) text += (text ? ", " : "") + "moving one hex";
  return { inputs: out, text: text || "the default unit" };
}
