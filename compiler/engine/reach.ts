/**
 * Reach on a map: parse the map against the rulesets' names, check the start hex (V1101), read the
 * unit (V1102 when it is not a JSON object) and validate it as a scenario's `unit` record, then
 * build the report. Every diagnostic about the start hex or the unit is located in the text the user
 * typed (the `--from` and `--unit` arguments, the studio's fields), whatever the surface.
 */
import { hasErrors, SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { parseMap } from "../map/parse.js";
import { mapVocabulary } from "../map/known-names.js";
import {
  buildReach,
  ReachFault,
  MAX_LISTED_HEXES,
  type ReachBuilt,
  type ReachRequest as ReachInput,
} from "../reach/build.js";
import { drawingTooLarge } from "../reach/formats.js";
import { missingAction } from "../reach/action.js";
import { parseScenario } from "../scenario/index.js";
import { readJson } from "../scenario/read.js";
import { buildGraph, columnName, indexOf, type MapGraph } from "../../runtime/map.js";
import type { ValidMap } from "../map/parse.js";
import { buildUnitsReach, type UnitsReport } from "../reach/units.js";
import { wholeMoveNote } from "../reach/lookahead.js";
import { floorChangeNote } from "../reach/floors.js";
import { own } from "../util/dict.js";
import { MAX_REACH_CASES, valueCount } from "../reach/per-value.js";
import { InputError } from "../../runtime/errors.js";
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
  /**
   * Scenario fields besides the phase, as a JSON object typed (a house rule's `{"winter": true}`),
   * checked as a scenario's own fields (V0901–V0903, located in this text); null or absent: none.
   * A `phase` given here is the phase.
   */
  scenario?: Typed | null;
  /** The answer will be drawn (SVG, HTML): a map too large to draw is refused before the search. */
  drawing?: boolean;
  /** Answer in counts (`--summary`) rather than hex by hex. */
  summary?: boolean;
  /**
   * The unit starts aboard the map's vehicle in the start hex (SQLA 31.5, Tide of Iron's exit from a
   * transport): every move gets off first. A ruleset that cannot, or a start hex without a vehicle,
   * lists `aboard` in `notApplicable` and reaches nothing.
   */
  aboard?: boolean;
}

export const DEFAULT_UNIT = { kind: "squad" };

/**
 * `reach --all`: the most single-unit searches (the side's units × the rulesets asked), refused
 * before searching; each is a whole reach search (docs/cli.md, limits).
 */
export const MAX_UNIT_SEARCHES = 1_000;

/**
 * `reach --all`: the most (hex, unit) entries a listing holds — every hex names each unit that can end
 * there, so the listing grows with units × hexes — refused after the search (docs/cli.md, limits).
 */
export const MAX_UNIT_ENTRIES = 50_000;

export function reachOn(req: ReachRequest): Outcome<ReachBuilt> {
  const inputs = reachInputs(req);
  if (inputs.value === null) return { value: null, diagnostics: inputs.diagnostics };
  const built = searched(req, () => buildReach(inputs.value!));
  if ("fault" in built) return { value: null, diagnostics: [...inputs.diagnostics, built.fault] };
  // A listing is bounded (docs/cli.md, limits): refused after the search, located at the map.
  if (built.tooLarge !== undefined) {
    const n = inputs.value.rulesets.length;
    const d = report(
      "V1003",
      n === 1 ? "tooLargeToList" : "tooLargeToListAll",
      new SourceFile(req.map.file, req.map.text).span(0, 0),
      { count: built.tooLarge.toLocaleString("en"), max: MAX_LISTED_HEXES.toLocaleString("en") },
      "use --summary (counts, cost bands and the furthest hexes), a smaller map or allowance, or fewer rulesets",
    );
    return { value: null, diagnostics: [...inputs.diagnostics, d] };
  }
  return { value: built, diagnostics: inputs.diagnostics };
}

/**
 * Runs a reach (`buildReach`) for `req`: an evaluation fault it meets — a field a rule `need()`s that
 * the unit leaves out, a value beyond the exact range — is V0903 with eval's words, located where the
 * field belongs: a unit's field in the unit as typed (`--unit`, the studio's field), anything else
 * (a step's field, the map's vehicle's) at the map.
 */
export function searched<T>(
  req: Pick<ReachRequest, "unit" | "units" | "map">,
  f: () => T,
): T | { fault: Diagnostic } {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof ReachFault)) throw e;
    const field = e.fault instanceof InputError ? e.fault.field : null;
    const typed = own(req.units ?? {}, e.ruleset) ??
      req.unit ?? { text: JSON.stringify(DEFAULT_UNIT), file: "unit" };
    const span =
      field !== null && field.startsWith("unit.")
        ? new SourceFile(typed.file, typed.text).span(0, typed.text.length)
        : new SourceFile(req.map.file, req.map.text).span(0, 0);
    return {
      fault: report("V0903", "evaluation", span, { ruleset: e.ruleset, fault: e.fault.message }),
    };
  }
}

/**
 * What reach searches, resolved and validated without searching: the map, the start hex, the unit
 * per ruleset. A caller with other costly work (the diff's situation search) asks this first, so a
 * bad map, start or unit is reported before that work is done.
 */
/**
 * The map read and validated against the rulesets' names; a drawing of it is bounded (docs/cli.md,
 * limits): refused before any search, located at the map.
 */
function readMap(
  req: Pick<ReachRequest, "map" | "drawing">,
  irs: readonly RulesetIR[],
): { map: ValidMap | null; diagnostics: Diagnostic[] } {
  const parsed = parseMap(req.map.text, req.map.file, mapVocabulary(irs));
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  const map = parsed.map;
  if (hasErrors(diagnostics) || map === null) return { map: null, diagnostics };
  const tooLarge = req.drawing
    ? drawingTooLarge(map, irs.length, req.map.file, req.map.text)
    : null;
  if (tooLarge !== null) return { map: null, diagnostics: [...diagnostics, tooLarge] };
  return { map, diagnostics };
}

export function reachInputs(req: ReachRequest): Outcome<ReachInput> {
  const irs = [...req.rulesets];
  const { map, diagnostics } = readMap(req, irs);
  if (map === null) return { value: null, diagnostics };

  const from = req.from.text;
  if (indexOf(buildGraph(map), from) < 0) {
    const src = new SourceFile(req.from.file, from);
    diagnostics.push(
      report("V1101", "notHex", src.span(0, from.length), {
        from: JSON.stringify(from),
        map: map.name,
        lastColumn: columnName(map.columns - 1),
        rows: map.rows,
      }),
    );
    return { value: null, diagnostics };
  }
  if (req.aboard === true && map.vehicles?.[from] === undefined) {
    const src = new SourceFile(req.from.file, from);
    diagnostics.push(
      report(
        "V1113",
        Object.keys(map.vehicles ?? {}).length > 0 ? "noVehicleListed" : "noVehicle",
        src.span(0, from.length),
        { from, vehicles: Object.keys(map.vehicles ?? {}).join(", ") },
        "start from a hex the map places a vehicle in, or leave out --aboard",
      ),
    );
    return { value: null, diagnostics };
  }

  // Each distinct unit is validated against the rulesets that move it (a Chain of Command team need
  // not be an SL kind); rulesets without their own unit share the default one.
  const units = req.units ?? {};
  const unitOf = (id: string): Typed | undefined => own(units, id);
  const groups = new Map<Typed | null, number[]>();
  irs.forEach((ir, i) => {
    const typed = unitOf(ir.id) ?? req.unit;
    groups.set(typed, [...(groups.get(typed) ?? []), i]);
  });
  const perRuleset: {
    record: Record<string, unknown>;
    value: ScenarioValue;
    notApplicable: string[];
  }[] = new Array(irs.length);
  let failed = false;
  const fields = scenarioFields(req.scenario ?? null, diagnostics);
  if (fields === null) return { value: null, diagnostics };
  for (const [typed, which] of groups) {
    const unit = readUnit(
      typed,
      req.phase,
      fields,
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
    perRuleset.find((_, i) => unitOf(irs[i]!.id) === undefined)?.record ??
    (JSON.parse(req.unit?.text ?? JSON.stringify(DEFAULT_UNIT)) as Record<string, unknown>);
  irs.forEach((ir, i) => {
    const typed = unitOf(ir.id) ?? req.unit ?? { text: JSON.stringify(DEFAULT_UNIT), file: "unit" };
    const note = missingAction(
      ir,
      perRuleset[i]!.value,
      "the unit",
      new SourceFile(typed.file, typed.text).span(0, typed.text.length),
      req.aboard === true,
    );
    if (note !== null) diagnostics.push(note);
  });
  diagnostics.push(...wholeMoveNotes(irs, req.map));
  // A unit starting in a building could change floor first, which reach does not search (V1121).
  if (req.aboard !== true) {
    const at = new SourceFile(req.from.file, from).span(0, from.length);
    for (const ir of irs) {
      const note = floorChangeNote(ir, map, from, at);
      if (note !== null) diagnostics.push(note);
    }
  }
  return {
    value: {
      map,
      from,
      summary: req.summary === true,
      ...(req.aboard === true ? { aboard: true } : {}),
      phase: req.phase,
      unit: defaultRecord,
      rulesets: perRuleset.map((p, i) => ({
        ir: irs[i]!,
        base: p.value,
        notApplicable: p.notApplicable,
        ...(unitOf(irs[i]!.id) !== undefined ? { unit: p.record } : {}),
      })),
    },
    diagnostics,
  };
}

/** Scenario fields as typed: the object's members as text, where they start in it, and whether `phase` is one. */
interface ScenarioFields {
  typed: Typed | null;
  /** The text between the object's braces (empty: no field). */
  inner: string;
  /** Where `inner` starts in the typed text. */
  at: number;
  phase: boolean;
}

/** `typed` read as a JSON object of scenario fields (V0901/V0903 located in it), or null after an error. */
function scenarioFields(typed: Typed | null, diagnostics: Diagnostic[]): ScenarioFields | null {
  if (typed === null || typed.text.trim() === "")
    return { typed: null, inner: "", at: 0, phase: false };
  const src = new SourceFile(typed.file, typed.text);
  const read = readJson(typed.text, src, "scenario", "V0901");
  if ("error" in read) {
    diagnostics.push(read.error);
    return null;
  }
  const root = read.root;
  if (root.type !== "object") {
    diagnostics.push(
      report("V0903", "notObject", src.span(0, typed.text.length), { found: root.type }),
    );
    return null;
  }
  const at = root.offset + 1;
  const inner = typed.text.slice(at, root.offset + root.length - 1);
  const phase = (root.children ?? []).some((c) => c.children?.[0]?.value === "phase");
  return { typed, inner: inner.trim() === "" ? "" : inner, at, phase };
}

/** The values a unit field can take in `irs` ("true or false", "squad, crew or leader", "any number"). */
function fieldValuesText(irs: readonly RulesetIR[], json: string): string {
  const values = new Set<string>();
  for (const ir of irs) {
    const t = ir.inputs.find((i) => i.rec === "unit")?.fields.find((f) => f.json === json)?.type;
    if (t === undefined) continue;
    if (t.t === "bool") ["true", "false"].forEach((v) => values.add(v));
    else if (t.t === "enum")
      for (const m of ir.enums.find((e) => e.name === t.name)?.members ?? []) values.add(m.name);
    else return "any number";
  }
  const vs = [...values];
  return vs.length <= 1 ? (vs[0] ?? "any value") : `${vs.slice(0, -1).join(", ")} or ${vs.at(-1)}`;
}

/**
 * The unit checked as a scenario's would be: its text is put in a scenario `{…fields, "unit": TEXT}`
 * (with the scenario fields typed, `fields`) and the scenario's diagnostics are moved back into the
 * text they are about: the unit's, or the fields'. Null after an error.
 */
function readUnit(
  typed: Typed | null,
  phase: string,
  fields: ScenarioFields,
  irs: RulesetIR[],
  diagnostics: Diagnostic[],
): {
  record: Record<string, unknown>;
  perRuleset: ReturnType<typeof parseScenario>["perRuleset"];
} | null {
  const unit = typed ?? { text: JSON.stringify(DEFAULT_UNIT), file: "unit" };
  const src = new SourceFile(unit.file, unit.text);
  const read = readJson(unit.text, src, "unit", "V1102");
  if ("error" in read) {
    diagnostics.push({ ...read.error, hint: read.error.hint ?? UNIT_HINT });
    return null;
  }
  if (read.root.type !== "object") {
    diagnostics.push(report("V1102", "notObject", src.span(0, unit.text.length), {}, UNIT_HINT));
    return null;
  }
  const head = `{"name":"reach",${fields.phase ? "" : `"phase":${JSON.stringify(phase)},`}"path":[],`;
  const prefix = `${head}${fields.inner}${fields.inner === "" ? "" : ","}"unit":`;
  const scenario = parseScenario(`${prefix}${unit.text}}`, unit.file, irs);
  // Spans in the scenario → spans in the scenario fields' text, or in the unit's (one outside both
  // covers the whole unit).
  const moved = (s: Span | null): Span | null => {
    if (s === null) return null;
    if (
      fields.typed !== null &&
      s.start >= head.length &&
      s.end <= head.length + fields.inner.length
    )
      return new SourceFile(fields.typed.file, fields.typed.text).span(
        s.start - head.length + fields.at,
        s.end - head.length + fields.at,
      );
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
  // A field given as unknown (null) is searched once per value (compiler/reach/per-value.ts): a
  // field with a few values, a bounded product of them.
  const located = (field: string): Span => {
    const json = field.slice(field.indexOf(".") + 1);
    const at = new RegExp(`"${json.replace(/[^\w-]/g, "")}"\\s*:\\s*null`).exec(unit.text);
    return at === null
      ? src.span(0, unit.text.length)
      : src.span(at.index, at.index + at[0].length);
  };
  let refused = false;
  scenario.perRuleset.forEach((p, k) => {
    const unknown = p.value.unknown ?? [];
    if (unknown.length === 0) return;
    const count = valueCount(irs[k]!, unknown);
    if ("notFinite" in count) {
      refused = true;
      const json = count.notFinite.slice(count.notFinite.indexOf(".") + 1);
      diagnostics.push(
        report("V1102", "unknownNumber", located(count.notFinite), {
          field: count.notFinite,
          values: fieldValuesText([irs[k]!], json),
        }),
      );
    } else if (count.count > MAX_REACH_CASES) {
      refused = true;
      diagnostics.push(
        report("V1102", "tooManyValues", located(unknown[0]!), {
          fields: unknown.join(", "),
          count: count.count.toLocaleString("en"),
          ruleset: irs[k]!.id,
          max: MAX_REACH_CASES,
        }),
      );
    }
  });
  if (refused) return null;
  return {
    record: JSON.parse(unit.text) as Record<string, unknown>,
    perRuleset: scenario.perRuleset,
  };
}

const UNIT_HINT = 'write the unit as a JSON object, e.g. {"kind":"squad","portage":2}';

export interface UnitsReachRequest {
  rulesets: readonly RulesetIR[];
  map: Typed;
  phase: "movement" | "advance";
  side: "friendly" | "enemy";
  /** The answer will be drawn (SVG, HTML): a map too large to draw is refused before the search. */
  drawing?: boolean;
}

export interface UnitsBuilt {
  report: UnitsReport;
  graph: MapGraph;
}

/**
 * Every unit the map places on one side (its `units`), each searched alone, with per hex how many
 * can end there and whether the ruleset's stacking limit lets them (compiler/reach/units.ts). A map
 * that places no unit of that side is V1104, located at the map.
 */
export function reachUnitsOn(req: UnitsReachRequest): Outcome<UnitsBuilt> {
  const irs = [...req.rulesets];
  const { map, diagnostics } = readMap(req, irs);
  if (map === null) return { value: null, diagnostics };
  const ofSide = Object.values(map.units ?? {}).some((l) => l.some((u) => u.side === req.side));
  if (!ofSide) {
    diagnostics.push(
      report(
        "V1104",
        "noUnits",
        new SourceFile(req.map.file, req.map.text).span(0, 0),
        { map: map.name, side: req.side },
        `add e.g. "units": { "C3": [{ "kind": "squad", "side": "${req.side}" }] }`,
      ),
    );
    return { value: null, diagnostics };
  }
  // Bounded (docs/cli.md, limits): the searches before they run, located at the first unit past
  // the bound; the listing after, at the map.
  const placed = Object.values(map.units ?? {})
    .flat()
    .filter((u) => u.side === req.side)
    .sort((a, b) => a.offset - b.offset);
  const at = new SourceFile(req.map.file, req.map.text);
  if (placed.length * irs.length > MAX_UNIT_SEARCHES) {
    const past = placed[Math.floor(MAX_UNIT_SEARCHES / irs.length)]!;
    diagnostics.push(
      report(
        "V1003",
        "tooManyUnits",
        at.span(past.offset, past.offset + past.length),
        {
          units: placed.length.toLocaleString("en"),
          side: req.side,
          rulesets: irs.length,
          max: MAX_UNIT_SEARCHES.toLocaleString("en"),
        },
        "move fewer units at once (a map per group), or ask fewer rulesets",
      ),
    );
    return { value: null, diagnostics };
  }
  const built = buildUnitsReach({
    map,
    mapText: req.map.text,
    mapFile: req.map.file,
    phase: req.phase,
    side: req.side,
    rulesets: irs,
  });
  if (hasErrors(built.diagnostics))
    return { value: null, diagnostics: [...diagnostics, ...built.diagnostics] };
  const listed = built.report.results.reduce(
    (n, r) => n + Object.values(r.hexes).reduce((m, h) => m + h.count, 0),
    0,
  );
  if (listed > MAX_UNIT_ENTRIES) {
    const d = report(
      "V1003",
      "tooLargeToListUnits",
      at.span(0, 0),
      { count: listed.toLocaleString("en"), max: MAX_UNIT_ENTRIES.toLocaleString("en") },
      "move fewer units at once (a map per group), a smaller allowance, or ask fewer rulesets",
    );
    return { value: null, diagnostics: [...diagnostics, ...built.diagnostics, d] };
  }
  return {
    value: { report: built.report, graph: built.graph },
    diagnostics: [...diagnostics, ...built.diagnostics, ...wholeMoveNotes(irs, req.map)],
  };
}

/**
 * V1120 for each ruleset whose step cost reads the whole move (compiler/reach/lookahead.ts): its
 * reach answer is not the price `eval` gives the same path, and every reach answer says so, located
 * at the map as the answer is (the front end marks the ruleset's `cost:` binding).
 */
function wholeMoveNotes(irs: readonly RulesetIR[], map: Typed): Diagnostic[] {
  const at = new SourceFile(map.file, map.text).span(0, 0);
  return irs.flatMap((ir) => wholeMoveNote(ir, at) ?? []);
}
