/**
 * A ruleset whose units move only under an action the unit does not give (Tide of Iron: "only
 * activated with an Advance, Fire and Movement or Assault action", and none of them the default): the
 * warning V1103, located at the unit as typed (`--unit`) or as placed (a map's `units`), instead of a
 * silent answer where the unit keeps to its own hex — or, starting aboard a vehicle (`aboard`),
 * reaches no hex at all, since getting off is itself a move. Found in the rules themselves: an
 * optional enum field of the unit without a default, absent from the unit, that a `may-move`
 * constraint reads (directly or through the rules it calls).
 */
import type { Diagnostic, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";

export function missingAction(
  ir: RulesetIR,
  base: ScenarioValue,
  who: string,
  span: Span,
  aboard = false,
): Diagnostic | null {
  const gates = ir.constraints.filter((c) => c.concept === "may-move");
  const read = new Set<string>();
  const seen = new Set<string>();
  const walk = (e: unknown): void => {
    if (e === null || typeof e !== "object") return;
    const x = e as { k?: string; rec?: string; name?: string };
    if ((x.k === "field" || x.k === "present" || x.k === "need") && x.rec === "unit")
      read.add(x.name!);
    if (x.k === "rule" && !seen.has(x.name!)) {
      seen.add(x.name!);
      const r = ir.rules.find((d) => d.name === x.name);
      if (r !== undefined) walk([r.value, r.exceptions]);
    }
    for (const v of Object.values(e)) walk(v);
  };
  for (const c of gates) walk(c.cond);
  for (const f of ir.inputs.find((i) => i.rec === "unit")?.fields ?? []) {
    if (!read.has(f.name) || !f.optional || f.default !== null || base.unit[f.name] !== undefined)
      continue;
    const type = f.type;
    if (type.t !== "enum") continue;
    const en = ir.enums.find((d) => d.name === type.name);
    if (en === undefined || en.members.length === 0) continue;
    const members = en.members.map((m) => JSON.stringify(m.name));
    return report(
      "V1103",
      aboard ? "gatedAboard" : "gated",
      span,
      { ruleset: ir.id, field: f.json, who, cites: gates.map((c) => c.cite).join(", ") },
      `give one of ${members.join(", ")}, e.g. {"kind":"squad","${f.json}":${members[0]}}`,
    );
  }
  return null;
}
