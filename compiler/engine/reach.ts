/**
 * Reach on a map: parse the map against the rulesets' names, check the start hex (V1101), read the
 * unit (V1102 when it is not a JSON object) and validate it as a scenario's `unit` record, then
 * build the report. Every diagnostic about the start hex or the unit is located in the text the user
 * typed (the `--from` and `--unit` arguments, the studio's fields), whatever the surface.
 */
import {
  diag,
  hasErrors,
  SourceFile,
  type Diagnostic,
  type Span,
} from "../../diagnostics/index.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { parseMap } from "../map/parse.js";
import { mapVocabulary } from "../map/known-names.js";
import { buildReach, type ReachBuilt } from "../reach/build.js";
import { drawingTooLarge } from "../reach/formats.js";
import { parseScenario } from "../scenario/index.js";
import { readJson } from "../scenario/read.js";
import { buildGraph, columnName, indexOf } from "../../runtime/map.js";
import type { Outcome } from "./outcome.js";

/** A piece of text the user typed, and the name its diagnostics' spans give it. */
export interface Typed {
  text: string;
  file: string;
}

export interface ReachRequest {
  rulesets: readonly RulesetIR[];
  map: Typed;
  /** The start hex (`B3`), as typed. */
  from: Typed;
  /** The unit as a JSON object, as typed; null for `{"kind":"squad"}`. */
  unit: Typed | null;
  /**
   * A unit per ruleset (`--unit ID=JSON`), by ruleset id: it replaces `unit` for that ruleset, so
   * rulesets of different families (an SL squad, a Chain of Command team) share one map.
   */
  units?: Readonly<Record<string, Typed>>;
  phase: "movement" | "advance";
  /** The answer will be drawn (SVG, HTML): a map too large to draw is refused before the search. */
  drawing?: boolean;
}

export const DEFAULT_UNIT = { kind: "squad" };

export function reachOn(req: ReachRequest): Outcome<ReachBuilt> {
  const irs = [...req.rulesets];
  const parsed = parseMap(req.map.text, req.map.file, mapVocabulary(irs));
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const map = parsed.map;
  if (hasErrors(diagnostics) || map === null) return { value: null, diagnostics };
  // A drawing is bounded (docs/cli.md, limits): refused before the search, located at the map.
  const tooLarge = req.drawing
    ? drawingTooLarge(map, irs.length, req.map.file, req.map.text)
    : null;
  if (tooLarge !== null) return { value: null, diagnostics: [...diagnostics, tooLarge] };

  const from = req.from.text;
  if (indexOf(buildGraph(map), from) < 0) {
    const src = new SourceFile(req.from.file, from);
    diagnostics.push(
      diag(
        "V1101",
        `${JSON.stringify(from)} is not a hex of ${map.name} (columns A–${columnName(map.columns - 1)}, rows 1–${map.rows})`,
        src.span(0, from.length),
      ),
    );
    return { value: null, diagnostics };
  }

  // Each distinct unit is validated against the rulesets that move it (a Chain of Command team need
  // not be an SL kind); rulesets without their own unit share the default one.
  const own = req.units ?? {};
  const groups = new Map<Typed | null, number[]>();
  irs.forEach((ir, i) => {
    const typed = own[ir.id] ?? req.unit;
    groups.set(typed, [...(groups.get(typed) ?? []), i]);
  });
  const perRuleset: {
    record: Record<string, unknown>;
    value: ScenarioValue;
    notApplicable: string[];
  }[] = new Array(irs.length);
  let failed = false;
  for (const [typed, which] of groups) {
    const unit = readUnit(
      typed,
      req.phase,
      which.map((i) => irs[i]!),
      diagnostics,
    );
    if (unit === null) {
      failed = true;
      continue;
    }
    which.forEach((i, k) => {
      const p = unit.perRuleset[k]!;
      perRuleset[i] = { record: unit.record, value: p.value, notApplicable: p.notApplicable };
    });
  }
  if (failed) return { value: null, diagnostics };
  const defaultRecord =
    perRuleset.find((_, i) => own[irs[i]!.id] === undefined)?.record ??
    (JSON.parse(req.unit?.text ?? JSON.stringify(DEFAULT_UNIT)) as Record<string, unknown>);
  irs.forEach((ir, i) => {
    const note = needsAction(ir, perRuleset[i]!.value, own[ir.id] ?? req.unit);
    if (note !== null) diagnostics.push(note);
  });
  return {
    value: buildReach({
      map,
      from,
      phase: req.phase,
      unit: defaultRecord,
      rulesets: perRuleset.map((p, i) => ({
        ir: irs[i]!,
        base: p.value,
        notApplicable: p.notApplicable,
        ...(own[irs[i]!.id] !== undefined ? { unit: p.record } : {}),
      })),
    }),
    diagnostics,
  };
}

/**
 * The unit checked as a scenario's would be: its text is put in a scenario `{…, "unit": TEXT}` and
 * the scenario's diagnostics are moved back into the unit's text. Null after an error.
 */
function readUnit(
  typed: Typed | null,
  phase: string,
  irs: RulesetIR[],
  diagnostics: Diagnostic[],
): {
  record: Record<string, unknown>;
  perRuleset: ReturnType<typeof parseScenario>["perRuleset"];
} | null {
  const unit = typed ?? { text: JSON.stringify(DEFAULT_UNIT), file: "unit" };
  const src = new SourceFile(unit.file, unit.text);
  const read = readJson(unit.text, src, "unit", "V1102", "the unit is not valid JSON");
  if ("error" in read) {
    diagnostics.push({ ...read.error, hint: read.error.hint ?? UNIT_HINT });
    return null;
  }
  if (read.root.type !== "object") {
    diagnostics.push(
      diag("V1102", "the unit is not a JSON object", src.span(0, unit.text.length), UNIT_HINT),
    );
    return null;
  }
  const prefix = `{"name":"reach","phase":${JSON.stringify(phase)},"path":[],"unit":`;
  const scenario = parseScenario(`${prefix}${unit.text}}`, unit.file, irs);
  // Spans in the scenario → spans in the unit's text (one outside it covers the whole unit).
  const moved = (s: Span | null): Span | null => {
    if (s === null) return null;
    const start = s.start - prefix.length;
    const end = s.end - prefix.length;
    return start >= 0 && end <= unit.text.length
      ? src.span(start, end)
      : src.span(0, unit.text.length);
  };
  for (const d of scenario.diagnostics) {
    const m: Diagnostic = { ...d, span: moved(d.span) };
    if (d.related) m.related = d.related.map((r) => ({ ...r, span: moved(r.span)! }));
    diagnostics.push(m);
  }
  if (hasErrors(scenario.diagnostics)) return null;
  return {
    record: JSON.parse(unit.text) as Record<string, unknown>,
    perRuleset: scenario.perRuleset,
  };
}

const UNIT_HINT = 'write the unit as a JSON object, e.g. {"kind":"squad","portage":2}';

/**
 * A ruleset whose units move only under an action the unit does not give (Tide of Iron: "only
 * activated with an Advance, Fire and Movement or Assault action", and no default among them): a
 * warning (V1103) located at the unit, naming the field and its values, instead of a silent map where
 * the unit reaches only its own hex. Found in the rules themselves: an optional unit field without
 * a default that a `may-move` constraint reads (directly or through the rules it calls).
 */
function needsAction(ir: RulesetIR, base: ScenarioValue, typed: Typed | null): Diagnostic | null {
  const unitFields = ir.inputs.find((i) => i.rec === "unit")?.fields ?? [];
  const read = new Set<string>();
  const seen = new Set<string>();
  const walk = (e: unknown): void => {
    if (e === null || typeof e !== "object") return;
    if (Array.isArray(e)) {
      for (const x of e) walk(x);
      return;
    }
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
  const gates = ir.constraints.filter((c) => c.concept === "may-move");
  for (const c of gates) walk(c.cond);
  for (const f of unitFields) {
    if (!read.has(f.name) || !f.optional || f.default !== null || base.unit[f.name] !== undefined)
      continue;
    if (f.type.t !== "enum") continue;
    const en = ir.enums.find((d) => d.name === (f.type as { name: string }).name);
    if (en === undefined) continue;
    const members = en.members.map((m) => JSON.stringify(m.name));
    const cite = gates.map((c) => c.cite).join(", ");
    const unit = typed ?? { text: JSON.stringify(DEFAULT_UNIT), file: "unit" };
    const src = new SourceFile(unit.file, unit.text);
    return diag(
      "V1103",
      `${ir.id} moves a unit only under \`${f.json}\`, which the unit does not give (${cite}): it reaches only its own hex`,
      src.span(0, unit.text.length),
      `give one of ${members.join(", ")}, e.g. --unit ${ir.id}='{"kind":"squad","${f.json}":${members[0]}}'`,
    );
  }
  return null;
}
