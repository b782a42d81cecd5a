/**
 * Rulesets → the diff report (report-model.ts). Each ruleset's items (ruleset-items.ts) are aligned into rows: by
 * key (concept), and table entries by member names, then by normalised display names; a row first met
 * in a later ruleset goes after the row of that ruleset's previous definition. Each row gets a cell
 * per ruleset, a status, the situations where its rulesets' answers differ (situations.ts) and notes
 * (notes.ts); rows are then grouped by section, definitions before the domains they draw on.
 */

import { leavesOutLine } from "../coverage/build.js";
import type { ConstraintDef, RulesetIR } from "../ir/ir.js";
import { humanise, normaliseDisplay, scopeOf } from "../render/expr.js";
import { sectionIndex, SECTIONS, sectionTitle } from "../ir/report-sections.js";
import { Canon } from "./canonical-form.js";
import { itemsOf, makeCell, type Item } from "./ruleset-items.js";
import {
  statsOf,
  type Cell,
  type DiffOptions,
  type DiffReport,
  type Row,
  type SectionGroup,
  type Status,
} from "./report-model.js";
import { exceptionNotes, throughNotes } from "./notes.js";
import { searchSituations, type Focus, type Situation, type Subject } from "./situations.js";
import { conceptsDiffer } from "./concepts.js";
import { buildSummary } from "./summary.js";
import { causesOf, type Reading } from "./causes.js";
import { decidingFirst, type DecidingRow } from "./deciding.js";
import { plainScope } from "../render/plain.js";
import { besideOf } from "../ir/beside.js";
import type { Exception } from "../ir/ir.js";

/** An id safe in HTML and URLs, whatever the names hold. */
function slug(s: string): string {
  const t = s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return t === "" ? "x" : t.slice(0, 80);
}

/** The names an entry row goes by, each once: "Wheatfield / Grain" where ASL calls it grain. */
function entryNames(items: readonly (Item | null)[]): string {
  const seen: string[] = [];
  for (const it of items)
    if (
      it?.kind === "table-entry" &&
      !seen.some((d) => normaliseDisplay(d) === normaliseDisplay(it.table.display))
    )
      seen.push(it.table.display);
  return seen.join(" / ");
}

interface Slot {
  key: string;
  concept: string;
  /** Table entries: member-name tuples and normalised display tuples seen in this slot. */
  names: Set<string>;
  displays: Set<string>;
  member: string | null;
  items: (Item | null)[];
  irs: (RulesetIR | null)[];
  firstOrder: number;
  firstRuleset: number;
}

/**
 * For a constraint some rulesets lack, those that lack it because they extend one that has it (a
 * house rule's `remove constraint`): ruleset index → the constraint as that ruleset has it — none, so
 * it always holds — and the id of the ruleset it removed it from.
 */
function absentConstraints(
  irs: readonly RulesetIR[],
  items: readonly (Item | null)[],
): Map<number, { def: ConstraintDef; from: string }> {
  const out = new Map<number, { def: ConstraintDef; from: string }>();
  const having = items.flatMap((it, i) => (it?.kind === "constraint" ? [i] : []));
  if (having.length === 0) return out;
  irs.forEach((ir, i) => {
    if (items[i]) return;
    // Only a removal: a constraint a child adds stays the child's own (its rulesets ask more).
    const h = having.find((j) => ir.extends.includes(irs[j]!.id));
    if (h === undefined) return;
    const def = items[h]!.def as ConstraintDef;
    out.set(i, {
      def: { ...def, cite: "", title: "no such constraint", cond: { k: "bool", v: true } },
      from: irs[h]!.id,
    });
  });
  return out;
}

/**
 * A root cause's situations as causes.ts read them: each one another change explains says so
 * (`follows`, by that change's label), each one whose answer also turns on another change says what
 * the later rulesets answer with that change set apart (`apart`); the row's own evidence comes first,
 * then the situations that turn on another change, then those another change explains. The changes
 * its situations follow from or turn on are the row's `turnsOn` (the summary lists it under them).
 */
function markReadings(row: Row, readings: readonly Reading[], changes: readonly Row[]): void {
  const turns = new Set<string>();
  const rank = new Map<Situation, number>();
  row.situations.forEach((sit, i) => {
    const r = readings[i];
    if (r === undefined) return;
    if (r.follows.length > 0) {
      sit.follows = r.follows.map((c) => changes[c]!.label);
      for (const c of r.follows) turns.add(changes[c]!.id);
      rank.set(sit, 2);
    } else if (r.turnsOn.length > 0) {
      for (const c of r.turnsOn) turns.add(changes[c]!.id);
      if (Object.keys(r.apart).length > 0 && r.from !== null)
        sit.apart = {
          from: r.from,
          causes: r.turnsOn.map((c) => changes[c]!.label),
          display: r.apart,
        };
      rank.set(sit, 1);
    }
  });
  row.situations.sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  row.turnsOn = changes.filter((c) => turns.has(c.id)).map((c) => c.id);
}

/**
 * What the report reads of one ruleset alone, made once per IR (an IR is never changed once made):
 * its items, its canonical forms, its render scopes, its cells by item and its "leaves out" line. The
 * studio diffs the draft against the same bundled IR on every keystroke; that side is then read once.
 */
interface Side {
  items: readonly Item[];
  canon: Canon;
  scope: ReturnType<typeof scopeOf>;
  plain: ReturnType<typeof plainScope>;
  cells: Map<Item, Cell>;
  leavesOut: string | null | undefined;
}

const sides = new WeakMap<RulesetIR, Side>();

function sideOf(ir: RulesetIR): Side {
  let s = sides.get(ir);
  if (s === undefined) {
    const items = itemsOf(ir);
    sides.set(
      ir,
      (s = {
        items,
        canon: new Canon(ir),
        scope: scopeOf(ir),
        plain: plainScope(ir),
        cells: cellsAhead(ir, items),
        leavesOut: undefined,
      }),
    );
  }
  return s;
}

/**
 * The cells worked out ahead for `ir` (compiler/ir/beside.ts: the build's `sideCells` of the same
 * IR), by item; empty when none were, or when they do not line up with its items.
 */
function cellsAhead(ir: RulesetIR, items: readonly Item[]): Map<Item, Cell> {
  const cells = new Map<Item, Cell>();
  const text = besideOf(ir, "diff-cells");
  if (text === undefined) return cells;
  const list = JSON.parse(text) as Cell[];
  if (Array.isArray(list) && list.length === items.length)
    items.forEach((it, i) => cells.set(it, list[i]!));
  return cells;
}

/**
 * Every item's cell of ruleset `ir`, in its items' order: what the build works out ahead for the
 * package's own rulesets (compiler/node/front-cache-build.ts), as `cellIn` would on a first diff.
 */
export function sideCells(ir: RulesetIR): Cell[] {
  const side = sideOf(ir);
  return side.items.map((it) => cellOf(side, it));
}

/** Item `it`'s cell in `side`, made once. */
function cellOf(side: Side, it: Item): Cell {
  let c = side.cells.get(it);
  if (c === undefined) side.cells.set(it, (c = makeCell(side.canon, side.scope, it, side.plain)));
  return c;
}

/** Item `it`'s cell in `side`, made once; each report gets its own copy (it marks `differs`). */
function cellIn(side: Side, it: Item): Cell {
  const c = cellOf(side, it);
  return {
    ...c,
    value: Array.isArray(c.value) ? [...c.value] : c.value,
    lines: c.lines.map((l) => ({ ...l })),
    plain: [...c.plain],
    rules: [...c.rules],
  };
}

export function buildReport(irs: readonly RulesetIR[], opts: DiffOptions = {}): DiffReport {
  const side = irs.map(sideOf);
  const n = irs.length;
  const slots: Slot[] = [];
  const byKey = new Map<string, Slot>();
  const tableSlots = new Map<string, Slot[]>();

  // A row first met in a later ruleset goes right after the row of that ruleset's previous definition.
  let prev: Slot | null = null;
  const place = (s: Slot) => {
    const at = prev === null ? -1 : slots.indexOf(prev);
    if (at < 0 || s.firstRuleset === 0) slots.push(s);
    else slots.splice(at + 1, 0, s);
  };
  irs.forEach((ir, ri) => {
    prev = null;
    for (const it of side[ri]!.items) {
      if (it.kind !== "table-entry") {
        let s = byKey.get(it.key);
        if (!s || s.items[ri]) {
          if (s) continue; // cannot happen: keys are unique within a ruleset
          s = {
            key: it.key,
            concept: it.concept,
            names: new Set(),
            displays: new Set(),
            member: null,
            items: Array(n).fill(null),
            irs: Array(n).fill(null),
            firstOrder: it.order,
            firstRuleset: ri,
          };
          byKey.set(it.key, s);
          place(s);
        }
        s.items[ri] = it;
        s.irs[ri] = ir;
        prev = s;
        continue;
      }
      // A table entry: align by member names, then by the members' concept keys, then by normalised
      // display names.
      const list = tableSlots.get(it.key) ?? [];
      tableSlots.set(it.key, list);
      const names = it.table.names;
      const disp = it.table.display.split(" · ").map(normaliseDisplay).join("|");
      // By member name, then by a concept key the members declare, then by display name.
      // A member with several keys (`broken concept wheatfield | brush`) takes the first that has a row.
      const free = (x: Slot) => !x.items[ri];
      let s: Slot | undefined;
      let matched: string | undefined;
      for (const a of it.table.aliases) {
        s = list.find((x) => free(x) && x.names.has(a));
        if (s) {
          matched = a;
          break;
        }
      }
      s ??= list.find((x) => free(x) && x.displays.has(disp));
      if (!s) {
        s = {
          key: `${it.key}/${names}`,
          concept: it.concept,
          names: new Set(),
          displays: new Set(),
          member: it.table.row.keys.join(" · "),
          items: Array(n).fill(null),
          irs: Array(n).fill(null),
          firstOrder: it.order,
          firstRuleset: ri,
        };
        list.push(s);
        place(s);
      }
      s.names.add(names);
      s.names.add(matched ?? it.table.aliases[1] ?? names);
      s.displays.add(disp);
      s.items[ri] = it;
      s.irs[ri] = ir;
      prev = s;
    }
  });

  const canons = side.map((x) => x.canon);
  const scopes = side.map((x) => x.scope);
  const rows: Row[] = [];
  const usedIds = new Set<string>();
  // What each definition's rulesets change (its exceptions' notes and focus), by slot and by
  // definition name: a row that follows from a definition is exercised by that definition's changes.
  const changesOf = slots.map((s) => exceptionNotes(irs, s.items, canons, scopes));
  const focusByName = new Map<string, Focus>();
  slots.forEach((s, k) => {
    const c = changesOf[k]!;
    const exceptions = new Map<string, Set<Exception>>();
    for (const [i, set] of c.focus) exceptions.set(irs[i]!.id, set);
    for (const it of s.items)
      if (it && (it.kind === "rule" || it.kind === "predicate") && !focusByName.has(it.def.name))
        focusByName.set(it.def.name, { exceptions, base: c.baseDiffers });
  });
  const rowSlots: Slot[] = [];
  const deciding: DecidingRow[] = [];
  for (const [k, s] of slots.entries()) {
    rowSlots.push(s);
    const cells: Record<string, Cell | null> = {};
    let firstKey: string | null = null;
    let differs = false;
    let present = 0;
    irs.forEach((ir, i) => {
      const it = s.items[i];
      if (!it) {
        cells[ir.id] = null;
        return;
      }
      present++;
      const c = cellIn(side[i]!, it);
      if (firstKey === null) firstKey = c.key;
      else if (c.key !== firstKey) {
        c.differs = true;
        differs = true;
      }
      cells[ir.id] = c;
    });
    const status: Status = present < n ? "partial" : differs ? "changed" : "same";
    // The section: the first explicit one, else the first ruleset's inference.
    const withSection = s.items.find((it) => it !== null && it.def.section !== null);
    const section = (withSection ?? s.items.find((it) => it !== null)!).section;
    const firstItem = s.items.find((it) => it !== null)!;
    const label =
      firstItem.kind === "table-entry"
        ? `${humanise(s.concept)}: ${entryNames(s.items)}`
        : firstItem.kind === "enum"
          ? `${humanise(s.concept)} (domain)`
          : firstItem.kind === "group"
            ? `${humanise(s.concept)} (group)`
            : humanise(s.concept);
    let id = `r-${slug(s.key.replace("/", "--"))}`;
    if (usedIds.has(id)) {
      let k = 2;
      while (usedIds.has(`${id}-${k}`)) k++;
      id = `${id}-${k}`;
    }
    usedIds.add(id);

    const changes = changesOf[k]!;
    const notes = changes.notes;
    let followsFrom: string[] = [];
    const through = differs ? throughNotes(irs, s.items, canons, cells) : null;
    if (through !== null && status === "changed") followsFrom = through.followsFrom;
    let situations: Situation[] = [];
    const limit = opts.situations ?? 5;
    // A constraint a house rule removes (or adds): the ruleset without it allows every move.
    const absent = status === "partial" ? absentConstraints(irs, s.items) : new Map();
    if ((differs || absent.size > 0) && limit > 0) {
      const subjects: Subject[] = [];
      irs.forEach((ir, i) => {
        const it = s.items[i];
        if (it && (it.kind === "rule" || it.kind === "predicate" || it.kind === "constraint"))
          subjects.push({ id: ir.id, ir, def: it.def });
        const none = absent.get(i);
        if (none) subjects.push({ id: ir.id, ir, def: none.def });
      });
      for (const [i, { from }] of absent)
        notes.push(
          `${irs[i]!.id} removes ${from}'s ${label}: every move is allowed where it applied`,
        );
      const differ = conceptsDiffer(subjects);
      if (differ !== null) notes.push(differ);
      else if (subjects.length >= 2) {
        // The row's own changes; for a row that follows from others, theirs.
        const own = new Map<string, Set<Exception>>();
        for (const [i, set] of changes.focus) own.set(irs[i]!.id, set);
        let focus: Focus = { exceptions: own, base: changes.baseDiffers };
        if (followsFrom.length > 0) {
          const merged = new Map<string, Set<Exception>>();
          let base = false;
          for (const name of followsFrom) {
            const f = focusByName.get(name);
            if (!f) continue;
            base ||= f.base;
            for (const [id, set] of f.exceptions)
              merged.set(id, new Set([...(merged.get(id) ?? []), ...set]));
          }
          focus = { exceptions: merged, base };
        }
        const found = searchSituations(subjects, { limit, budget: opts.budget, focus });
        situations = found.situations;
        for (const sit of situations)
          for (const i of absent.keys())
            if (sit.display[irs[i]!.id] !== null)
              sit.display[irs[i]!.id] = `${sit.display[irs[i]!.id]} (no such constraint)`;
        if (found.why !== null) notes.push(found.why);
        else
          for (const u of found.unfired)
            notes.push(
              `no situation ${found.exhausted ? "within the search" : "in the inputs the rulesets share"} fires ${u.id}'s exception ${u.exception.cite} (${u.exception.title}) with answers that differ`,
            );
      }
    }

    // Readings the rulesets state where their text is open (`note "…"`).
    irs.forEach((ir, i) => {
      const d = s.items[i]?.def as { note?: string } | undefined;
      if (d?.note !== undefined) notes.push(`${ir.id} reads the text this way: ${d.note}`);
    });
    if (through !== null) notes.push(...through.notes);
    const row: Row = {
      id,
      section,
      concept: s.concept,
      member: s.member,
      label,
      status,
      // A removed constraint differs where its situations show it.
      differs: differs || (absent.size > 0 && situations.length > 0),
      followsFrom,
      causes: [],
      turnsOn: [],
      cells,
      situations,
      notes,
    };
    rows.push(row);
    deciding.push({
      row,
      items: s.items,
      ownDiffers: through !== null && through.followsFrom.length === 0,
    });
  }
  // Each situation cites first the definitions whose own values differ (deciding.ts).
  decidingFirst(irs, deciding);

  // One cause per change: a changed row whose every situation follows from other changed rows
  // folds under them; a root cause's situations that another change explains, or that turn on one,
  // are marked so, and its own evidence comes first (causes.ts). In a diff of three or more, a row
  // some rulesets lack counts as a change where those that have it differ.
  const changed = rows
    .map((r, k) => ({ r, k }))
    .filter(({ r, k }) => {
      const first = rowSlots[k]!.items.find((it) => it !== null)!;
      return (
        r.differs &&
        r.followsFrom.length === 0 &&
        (r.status === "changed" || (n > 2 && first.kind !== "enum" && first.kind !== "group"))
      );
    });
  const found = causesOf(
    irs,
    changed.map(({ r, k }) => {
      const items = rowSlots[k]!.items;
      const first = items.find((it) => it !== null)!;
      return {
        items,
        situations: r.situations,
        candidate:
          first.kind !== "table-entry" &&
          first.kind !== "enum" &&
          first.kind !== "group" &&
          !r.notes.some((n) => n.startsWith("no situation")),
      };
    }),
  );
  found.of.forEach((cs, x) => {
    const row = changed[x]!.r;
    if (cs.length === 0) {
      markReadings(
        row,
        found.readings[x]!,
        changed.map((c) => c.r),
      );
      return;
    }
    const causes = cs.map((c) => changed[c]!.r);
    row.causes = causes.map((c) => c.id);
    row.followsFrom = [
      ...new Set(
        causes.flatMap((c) =>
          Object.values(c.cells).flatMap((cell) =>
            cell ? [c.member === null ? cell.definition : `${cell.definition}(${c.member})`] : [],
          ),
        ),
      ),
    ].sort();
  });

  // By section; within one, definitions before the domains (enums, groups) they draw on.
  const domainLast = (r: Row) => {
    const first = Object.values(r.cells).find((c) => c !== null)!;
    return first.kind === "enum" || first.kind === "group" ? 1 : 0;
  };
  rows.sort(
    (a, b) => sectionIndex(a.section) - sectionIndex(b.section) || domainLast(a) - domainLast(b),
  );
  const shown = opts.onlyDifferences
    ? // Every row where any two rulesets that have it differ (a partial row of the five-way diff too).
      rows.filter((r) => r.differs || (opts.includePartial && r.status === "partial"))
    : rows;
  const sections: SectionGroup[] = SECTIONS.map((x) => ({
    key: x.key,
    title: x.title,
    rows: shown.filter((r) => r.section === x.key),
  })).filter((g) => g.rows.length > 0);
  // Any section key outside the list (cannot happen with inference; kept for safety) goes last.
  for (const r of shown) {
    if (!sections.some((g) => g.key === r.section))
      sections.push({
        key: r.section,
        title: sectionTitle(r.section),
        rows: shown.filter((x) => x.section === r.section),
      });
  }
  const ordered = sections.flatMap((g) => g.rows);
  const rulesets = irs.map((ir, i) => {
    const own = side[i]!;
    if (own.leavesOut === undefined) own.leavesOut = leavesOutLine(ir);
    const leavesOut = own.leavesOut;
    return {
      id: ir.id,
      title: ir.title,
      measure: ir.movement.measure,
      extends: [...ir.extends],
      ...(leavesOut === null ? {} : { leavesOut }),
    };
  });
  return {
    rulesets,
    rows: ordered,
    summary: buildSummary(rulesets, rows),
    sections,
    stats: statsOf(ordered),
    onlyDifferences: opts.onlyDifferences === true,
    includePartial: opts.onlyDifferences === true && opts.includePartial === true,
  };
}
