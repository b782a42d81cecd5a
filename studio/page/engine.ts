/**
 * The studio's session over one draft: a thin adapter between the page and the engine
 * (compiler/engine/). It holds a language service (diagnostics, hover, completion, outline, examples)
 * and asks the engine the live panes' questions about the draft's checked IR: the diff against another
 * ruleset, the card, a scenario's evaluation side by side with that ruleset, and the reach map. Its
 * answers carry the engine's diagnostics as `Problem`s, so the studio reports what the CLI reports.
 * No DOM and no Node API here; main.ts draws the answers.
 */
import { LanguageService, type ServiceDiagnostic } from "../../compiler/service/index.js";
import {
  card,
  diffReport,
  evaluateScenario,
  loadRuleset,
  memoryHost,
  reachOn,
  reachUnitsOn,
  type RulesetFolder,
  type Typed,
} from "../../compiler/engine/index.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import type { RulesetIR, ScenarioValue } from "../../compiler/ir/ir.js";
import type { ExampleResult } from "../../compiler/interpret/examples.js";
import { renderHtml, templatesFrom, type Templates } from "../../compiler/diff/html.js";
import {
  cardTemplatesFrom,
  renderCardHtml,
  type CardTemplates,
} from "../../compiler/cards/html.js";
import type { PredicateAnswer } from "../../compiler/interpret/predicates.js";
import type { ScenarioReply } from "../../compiler/interpret/answers.js";
import type { StepAnswer } from "../../compiler/interpret/step-answers.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import type { ReachReport } from "../../compiler/reach/report.js";
import { renderUnitsSvg } from "../../compiler/reach/units-drawing.js";
import type { UnitsReport } from "../../compiler/reach/units.js";
import { skeleton } from "../../compiler/service/skeleton.js";
import { dict } from "../../compiler/util/dict.js";
import type { MoveResult } from "../../runtime/types.js";
import { MAPS, RULESETS, readCardTemplate, readDiffTemplate, rulesetById } from "./bundled.js";

/** A located problem in something the author typed (the draft, a scenario's JSON, a unit). */
export interface Problem {
  code: string;
  severity: "error" | "warning";
  message: string;
  line: number;
  col: number;
  /** The field or file it is in (`unit sl-classic`, `maps/skirmish.json`), when the engine says. */
  file?: string;
}

export interface ScenarioAnswer {
  ruleset: string;
  title: string;
  measure: string;
  vehicleMeasure: string | null;
  input: ScenarioValue;
  /** The one answer, or null when it depends on a field or needs a number the scenario leaves out. */
  result: MoveResult | null;
  predicates: PredicateAnswer[];
  perStep: StepAnswer[][];
  /** Every case of the answer (compiler/interpret/answers.ts): one when `dependsOn` is empty. */
  reply: ScenarioReply;
}

export type Answer<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

export const DRAFT_URI = "studio:draft.rules";
/** The names the studio's fields go by in diagnostics (the CLI's are the file, `--from`, `--unit`). */
export const SCENARIO_FILE = "scenario.json";
export const START_FILE = "start";
export const UNIT_FILE = "unit";
/** The reach pane's scenario fields (a house rule's `{"winter": true}`), as its problems name them. */
export const SCENARIO_FIELDS_FILE = "scenario fields";
/** The field of a ruleset's own unit (the CLI's `--unit ID=JSON`). */
export const unitFile = (id: string): string => `unit ${id}`;

/** Which ruleset of the pane a unit is for: the one compared with, or the draft. */
export type Side = "compared" | "draft";

/** The page's ruleset folders: its bundled texts are named by their paths in the project. */
const FOLDERS: RulesetFolder[] = [
  { path: "rulesets", kind: "bundled" },
  { path: "rulesets/house", kind: "house" },
];
const BUNDLED: ReadonlyMap<string, string> = new Map(RULESETS.map((r) => [r.path, r.text]));

/** The page's host over its bundled rulesets alone (the skeletons of new house rules). */
export const pageHost = memoryHost(BUNDLED, FOLDERS);

/** The errors of an engine outcome as problems (warnings aside, as the panes show them). */
function problems(ds: readonly Diagnostic[]): Problem[] {
  return ds.filter((d) => d.severity === "error").map(problem);
}

/** The warnings of an answer that stands (V1103 …): shown beside it, as the CLI prints them. */
function warnings(ds: readonly Diagnostic[]): Problem[] {
  return ds.filter((d) => d.severity === "warning").map(problem);
}

/** A message with its hint, as the studio shows both on one line: `message (hint)`. */
function withHint(message: string, hint: string | undefined): string {
  return message + (hint ? ` (${hint})` : "");
}

function problem(d: Diagnostic): Problem {
  return {
    code: d.code,
    severity: d.severity,
    message: withHint(d.message, d.hint),
    line: d.span?.line ?? 1,
    col: d.span?.col ?? 1,
    ...(d.span ? { file: d.span.file } : {}),
  };
}

export class StudioSession {
  /**
   * What the session's host reads: the bundled rulesets, and the files beside the served FILE (the
   * draft is `studio:draft.rules`: its folder is `studio:`, where `beside` puts them).
   */
  private readonly files = new Map(BUNDLED);
  readonly host = memoryHost(this.files, FOLDERS);
  readonly service = new LanguageService(this.host);
  private readonly bases = new Map<string, RulesetIR | null>();
  private diffTemplates: Templates | null = null;
  private cardTemplates: CardTemplates | null = null;

  constructor(text = "") {
    this.service.open(DRAFT_URI, text);
  }

  /**
   * The files beside the served FILE that its `extends` chain reads (the server's `bases`), by name:
   * the draft's bases are then found as `variorum check FILE` finds them.
   */
  beside(files: Readonly<Record<string, string>>): void {
    for (const [name, text] of Object.entries(files)) this.files.set(`studio:${name}`, text);
    this.bases.clear();
    this.service.refresh();
  }

  setText(text: string): void {
    this.service.update(DRAFT_URI, text);
  }
  text(): string {
    return this.service.text(DRAFT_URI) ?? "";
  }
  diagnostics(): ServiceDiagnostic[] {
    return this.service.diagnostics(DRAFT_URI);
  }
  /** The draft's diagnostics as the problems list shows them: with the CLI's hint, as every pane. */
  problems(): Problem[] {
    return this.diagnostics().map((d) => ({
      code: d.code,
      severity: d.severity,
      message: withHint(d.message, d.hint),
      line: d.range.start.line + 1,
      col: d.range.start.character + 1,
    }));
  }
  /** The draft's checked IR, or null while it has errors. */
  ir(): RulesetIR | null {
    return this.service.analysis(DRAFT_URI)?.ir ?? null;
  }
  examples(): ExampleResult[] {
    return this.service.analysis(DRAFT_URI)?.examples ?? [];
  }
  /** The draft's own id and the id it extends, from its header. */
  header(): { id: string | null; extends: string | null } {
    const h = this.service.analysis(DRAFT_URI)?.doc.out.ast.header;
    return { id: h?.id ?? null, extends: h?.extends?.id ?? null };
  }

  /** A bundled ruleset's IR (checked once). */
  bundled(id: string): RulesetIR | null {
    if (!this.bases.has(id))
      this.bases.set(id, rulesetById(id) ? loadRuleset(id, this.host).ir : null);
    return this.bases.get(id)!;
  }

  /**
   * The ruleset the draft is compared with (when there is one), then the draft — renamed `ID-draft`
   * when both have one id (a bundled ruleset opened for editing); null while the draft has errors.
   */
  private compared(otherId: string | null): RulesetIR[] | null {
    const ir = this.ir();
    if (!ir) return null;
    const other = otherId === null ? null : this.bundled(otherId);
    if (!other) return [ir];
    return [other, ir.id === other.id ? { ...ir, id: `${ir.id}-draft` } : ir];
  }

  /**
   * The diff report (HTML page) of `otherId` against the draft. `situations: false` leaves out the
   * search for situations where the answers differ (the costly part): the page draws that first, as
   * the author types, and the full report once typing rests.
   */
  diffHtml(
    otherId: string,
    onlyDifferences: boolean,
    situations = true,
  ): Answer<{ html: string; changed: number; rows: number }> {
    const pair = this.compared(otherId);
    if (!pair || pair.length < 2) return { ok: false, problems: [] };
    const { value: report, diagnostics } = diffReport({
      rulesets: pair,
      options: situations ? { onlyDifferences } : { onlyDifferences, situations: 0 },
    });
    if (report === null) return { ok: false, problems: problems(diagnostics) };
    this.diffTemplates ??= templatesFrom(readDiffTemplate);
    return {
      ok: true,
      value: {
        html: renderHtml(report, this.diffTemplates),
        changed: report.stats.changed,
        rows: report.stats.rows,
      },
    };
  }

  /** The draft's reference card (HTML page), its changes marked against `baseId` when given. */
  cardHtml(baseId: string | null): Answer<string> {
    const ir = this.ir();
    if (!ir) return { ok: false, problems: [] };
    const base = baseId !== null && baseId !== ir.id ? this.bundled(baseId) : null;
    const { value: model, diagnostics } = card(ir, { source: "studio draft", base });
    if (model === null) return { ok: false, problems: problems(diagnostics) };
    this.cardTemplates ??= cardTemplatesFrom(readCardTemplate);
    return { ok: true, value: renderCardHtml(model, this.cardTemplates) };
  }

  /** A scenario (JSON text) under `otherId` and the draft, side by side. */
  scenario(
    text: string,
    otherId: string | null,
  ): Answer<{ name: string; answers: ScenarioAnswer[] }> {
    const irs = this.compared(otherId);
    if (!irs) return { ok: false, problems: [] };
    const { value, diagnostics } = evaluateScenario({ rulesets: irs, text, file: SCENARIO_FILE });
    if (value === null || hasErrors(diagnostics))
      return { ok: false, problems: problems(diagnostics) };
    return {
      ok: true,
      value: {
        name: value.name,
        answers: value.answers.map((a) => ({
          ruleset: a.ir.id,
          title: a.ir.title,
          measure: a.ir.movement.measure,
          vehicleMeasure: a.ir.movement.vehicleMeasure ?? null,
          input: a.input,
          result: a.result,
          predicates: a.predicates,
          perStep: a.perStep,
          reply: a.reply,
        })),
      },
    };
  }

  /**
   * The reach map of a bundled map from hex `from`, for `otherId` and the draft side by side: the
   * unit `unitJson` for both, unless `own` gives one of them its own (the CLI's `--unit ID=JSON`; an
   * empty text is no unit of its own), with the scenario fields `scenarioJson` (a JSON object, as a
   * scenario's own fields: a house rule's `{"winter": true}`; empty, none) for both.
   */
  reach(
    mapName: string,
    from: string,
    unitJson: string,
    phase: string,
    otherId: string | null,
    own: Partial<Record<Side, string>> = {},
    scenarioJson = "",
  ): Answer<{ svg: string; report: ReachReport; warnings: Problem[] }> {
    const irs = this.compared(otherId);
    const mapText = MAPS[mapName];
    if (!irs || mapText === undefined) return { ok: false, problems: [] };
    const units = dict<Typed>();
    irs.forEach((ir, i) => {
      const text = own[i === irs.length - 1 ? "draft" : "compared"]?.trim() ?? "";
      if (text !== "") units[ir.id] = { text, file: unitFile(ir.id) };
    });
    const { value: built, diagnostics } = reachOn({
      rulesets: irs,
      map: { text: mapText, file: `maps/${mapName}.json` },
      from: { text: from, file: START_FILE },
      unit: { text: unitJson, file: UNIT_FILE },
      scenario: { text: scenarioJson, file: SCENARIO_FIELDS_FILE },
      units,
      phase: phase === "advance" ? "advance" : "movement",
      drawing: true,
    });
    if (built === null) return { ok: false, problems: problems(diagnostics) };
    return {
      ok: true,
      value: {
        svg: renderReachSvg(built.graph, built.report),
        report: built.report,
        warnings: warnings(diagnostics),
      },
    };
  }

  /**
   * Every unit a bundled map places on `side`, for `otherId` and the draft side by side: per hex how
   * many can end their move there and whether the stacking limit lets them all (`variorum reach
   * --all [--side enemy]`, the same engine call and drawing).
   */
  reachAll(
    mapName: string,
    side: "friendly" | "enemy",
    phase: string,
    otherId: string | null,
  ): Answer<{ svg: string; report: UnitsReport; warnings: Problem[] }> {
    const irs = this.compared(otherId);
    const mapText = MAPS[mapName];
    if (!irs || mapText === undefined) return { ok: false, problems: [] };
    const { value: built, diagnostics } = reachUnitsOn({
      rulesets: irs,
      map: { text: mapText, file: `maps/${mapName}.json` },
      phase: phase === "advance" ? "advance" : "movement",
      side,
      drawing: true,
    });
    if (built === null) return { ok: false, problems: problems(diagnostics) };
    return {
      ok: true,
      value: {
        svg: renderUnitsSvg(built.graph, built.report),
        report: built.report,
        warnings: warnings(diagnostics),
      },
    };
  }

  /** The ids the reach pane's rulesets go by (the draft renamed `ID-draft` beside its original). */
  reachIds(otherId: string | null): Partial<Record<Side, string>> {
    const irs = this.compared(otherId);
    if (!irs) return {};
    return irs.length === 1 ? { draft: irs[0]!.id } : { compared: irs[0]!.id, draft: irs[1]!.id };
  }

  /** `variorum new`'s skeleton: a house rule `id` over the bundled `baseId`. */
  static skeleton(
    id: string,
    baseId: string,
  ): { ok: true; text: string } | { ok: false; message: string } {
    const s = skeleton(id, baseId, pageHost);
    return s.ok ? { ok: true, text: s.text } : { ok: false, message: s.message };
  }
}
