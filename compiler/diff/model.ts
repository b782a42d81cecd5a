/**
 * The diff report model: rulesets side by side, one row per concept, grouped in sections. Pure: it
 * reads IRs (and, for the scenario suite, scenario texts the caller has read) and returns plain data
 * that every format (JSON, text, Markdown, HTML) renders.
 *
 * Rows. Every enum, group, rule, predicate and constraint is a row, keyed by its `concept` (which
 * defaults to its name); a second definition with the same concept in one ruleset is keyed by its
 * own name. Every entry of a table is a row too, keyed by the table's concept and the entry's
 * members: entries line up by member name, then by normalised display name ("Woods" = "woods" =
 * "Wood"), so a ruleset that calls woods `forest "Woods"` still lands on the woods row.
 *
 * Cells and status. A row has a cell per ruleset (null where the ruleset has no such concept). Cells
 * are compared by canonical form (canon.ts: citations, paraphrases and measure names do not count;
 * referenced rules and tables do). A row is `partial` when some ruleset lacks it, `changed` when all
 * have it and two differ, else `same`; `differs` says whether any two present cells differ, whatever
 * the status.
 */

import type { ConstraintDef, EnumDef, GroupDef, RuleDef, RulesetIR, TableDef, TableRow } from '../ir.js';
import { exprText, foldConstant, humanise, measureOf, memberDisplay, normaliseDisplay, ruleLines, ruleText, scopeOf, valueText, type RenderScope } from '../render/expr.js';
import { Canon, hash, valueKey } from './canon.js';
import { inferSection, sectionIndex, SECTIONS, sectionTitle } from '../sections.js';
import { findSituations, searchable, type Situation, type Subject } from './situations.js';
import type { ScenarioSuite } from './scenarios.js';
import { walk } from '../check/graph.js';

export type DefKind = 'enum' | 'group' | 'table-entry' | 'rule' | 'predicate' | 'constraint';

export type CellValue = number | boolean | string | string[] | null;

/** One line of a cell as a reader sees it: the base value, or an exception (depth ≥ 1). */
export interface CellLine {
  depth: number;
  text: string;
  cite: string | null;
}

export interface Cell {
  /** The definition's name in this ruleset (`terrain-cost`, `leader-bonus`). */
  definition: string;
  kind: DefKind;
  /** The ruleset's paraphrase. */
  title: string;
  /** A constant as JSON (2, "all", "NA", true, "woods"), or the formula as text. */
  value: CellValue;
  /** The value in the ruleset's measure, exceptions included: "2 MF", "4 MF; EXC [5.4] 3 MF if …". */
  display: string;
  lines: CellLine[];
  /** Citations: the definition's, then its exceptions' (a table entry: the entry's own or the table's). */
  rules: string[];
  /** Differs from the first present cell of the row. */
  differs: boolean;
  /** Canonical form (not exported to JSON). */
  key: string;
}

export type Status = 'same' | 'changed' | 'partial';

export interface Row {
  /** Anchor id, unique in the report: `r-terrain-cost--woods`. */
  id: string;
  section: string;
  concept: string;
  /** For a table entry: the entry's members (aligned key), e.g. "woods". */
  member: string | null;
  label: string;
  status: Status;
  differs: boolean;
  cells: Record<string, Cell | null>;
  situations: Situation[];
  /** "asl-a4 adds an exception: A4.52 (…)". */
  notes: string[];
}

export interface RulesetInfo {
  id: string;
  title: string;
  measure: string;
  extends: string[];
}

export interface SectionGroup {
  key: string;
  title: string;
  rows: Row[];
}

export interface Stats {
  rows: number;
  same: number;
  changed: number;
  partial: number;
  differing: number;
  withSituations: number;
}

export interface DiffReport {
  rulesets: RulesetInfo[];
  rows: Row[];
  sections: SectionGroup[];
  stats: Stats;
  onlyDifferences: boolean;
  scenarios?: ScenarioSuite;
}

export interface DiffOptions {
  onlyDifferences?: boolean;
  /** Situations per row (default 5; 0 turns the search off). */
  situations?: number;
  /** Evaluations per ruleset and row before the search gives up (default 400; see situations.ts). */
  budget?: number;
}

/** A definition of one ruleset, before alignment. */
interface Item {
  key: string;
  concept: string;
  section: string;
  kind: DefKind;
  /** Table entries: the table's row key and the entry. */
  table?: { def: TableDef; row: TableRow; names: string; display: string };
  def: EnumDef | GroupDef | RuleDef | ConstraintDef | TableDef;
  order: number;
}

function itemsOf(ir: RulesetIR): Item[] {
  const chain = [...ir.extends].reverse(); // root ancestor first
  const rank = (origin: { ruleset: string; line: number }) => {
    const i = chain.indexOf(origin.ruleset);
    return (i < 0 ? chain.length : i) * 1e7 + origin.line;
  };
  const used = new Set<string>();
  const keyFor = (concept: string, name: string): string => {
    let k = concept;
    if (used.has(k)) k = used.has(name) ? `${concept}/${name}` : name;
    used.add(k);
    return k;
  };
  const out: Item[] = [];
  const push = (d: Item['def'], kind: DefKind, extra: { keys?: readonly string[]; type?: RuleDef['type']; exprs?: RuleDef['value'][] } = {}) => {
    const cs = { concept: d.concept, section: d.section };
    const section = inferSection({ name: d.name, concept: cs.concept, section: cs.section, ...extra }, ir);
    if (kind === 'table-entry') {
      const t = d as TableDef;
      const key = keyFor(cs.concept, t.name);
      const scope = scopeOf(ir);
      t.rows.forEach((row, i) => {
        const display = row.keys.map((k, j) => memberDisplay(scope, t.keys[j]!, k)).join(' · ');
        out.push({ key, concept: cs.concept, section, kind, def: t, table: { def: t, row, names: row.keys.join(' · '), display }, order: rank(t.origin) + i / 1000 });
      });
      return;
    }
    out.push({ key: keyFor(cs.concept, d.name), concept: cs.concept, section, kind, def: d, order: rank(d.origin) });
  };
  for (const e of ir.enums) push(e, 'enum');
  for (const g of ir.groups) push(g, 'group', { keys: [g.enum] });
  for (const t of ir.tables) push(t, 'table-entry', { keys: t.keys, type: t.type });
  for (const r of ir.rules) push(r, r.kind, { type: r.type, exprs: [r.value, ...flatExceptions(r).flatMap((x) => [x.when, x.value])] });
  for (const c of ir.constraints) push(c, 'constraint', { exprs: [c.cond] });
  return out.sort((a, b) => a.order - b.order);
}

function flatExceptions(r: RuleDef): RuleDef['exceptions'] {
  const out: RuleDef['exceptions'] = [];
  const go = (xs: RuleDef['exceptions']) => xs.forEach((x) => { out.push(x); go(x.exceptions); });
  go(r.exceptions);
  return out;
}

function makeCell(canon: Canon, scope: RenderScope, it: Item): Cell {
  switch (it.kind) {
    case 'enum': {
      const e = it.def as EnumDef;
      const names = e.members.map((m) => m.name);
      return {
        definition: e.name, kind: it.kind, title: e.title, value: names,
        display: e.members.map((m) => m.display || m.name).join(', '),
        lines: [{ depth: 0, text: e.members.map((m) => m.display || m.name).join(', '), cite: e.cite }],
        rules: [e.cite], differs: false, key: `enum:${[...names].sort().join(',')}`,
      };
    }
    case 'group': {
      const g = it.def as GroupDef;
      const text = g.members.map((m) => memberDisplay(scope, g.enum, m)).join(', ');
      return {
        definition: g.name, kind: it.kind, title: g.title, value: [...g.members], display: text,
        lines: [{ depth: 0, text, cite: g.cite }], rules: [g.cite], differs: false, key: `group:${[...g.members].sort().join(',')}`,
      };
    }
    case 'table-entry': {
      const t = it.table!.def;
      const row = it.table!.row;
      const m = measureOf(t.type) ?? null;
      const text = valueText(row.value, m, scope);
      const v = row.value;
      const value: CellValue = v.v === 'num' ? Number(eval1(v.q)) : v.v === 'all' ? 'all' : v.v === 'na' ? 'NA' : v.v === 'bool' ? v.b : v.v === 'member' ? v.name : [...v.members];
      const cite = row.cite ?? t.cite;
      return {
        definition: t.name, kind: it.kind, title: t.title, value, display: text,
        lines: [{ depth: 0, text, cite }], rules: [cite], differs: false, key: `entry:${valueKey(v)}`,
      };
    }
    case 'rule':
    case 'predicate': {
      const r = it.def as RuleDef;
      const lines = ruleLines(r, scope);
      const constant = r.exceptions.length === 0 ? constantOf(r) : undefined;
      const display = ruleText(r, scope);
      return {
        definition: r.name, kind: it.kind, title: r.title,
        value: constant !== undefined ? constant : display,
        display,
        lines: lines.map((l) => ({ depth: l.depth, text: l.when === null ? l.value : `${l.value} if ${l.when}`, cite: l.cite })),
        rules: [...new Set([r.cite, ...flatExceptions(r).map((x) => x.cite)])],
        differs: false,
        key: `rule:${hash(canon.rule(r))}`,
      };
    }
    case 'constraint': {
      const c = it.def as ConstraintDef;
      const text = exprText(c.cond, scope);
      return {
        definition: c.name, kind: it.kind, title: c.title, value: text, display: text,
        lines: [{ depth: 0, text, cite: c.cite }], rules: [c.cite], differs: false, key: `constraint:${hash(canon.constraint(c))}`,
      };
    }
  }
}

function eval1(q: string): number {
  const m = /^(-?\d+)(?:\/(\d+))?$/.exec(q);
  if (!m) return Number(q);
  return Number(m[1]) / (m[2] === undefined ? 1 : Number(m[2]));
}

function constantOf(r: RuleDef): CellValue | undefined {
  const e = r.value;
  const folded = foldConstant(e);
  if (folded !== null) return eval1(folded);
  switch (e.k) {
    case 'num': return eval1(e.q);
    case 'bool': return e.v;
    case 'all': return 'all';
    case 'na': return 'NA';
    case 'member': return e.name;
    default: return undefined;
  }
}

/** An id safe in HTML and URLs, whatever the names hold. */
function slug(s: string): string {
  const t = s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return t === '' ? 'x' : t.slice(0, 80);
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

export function buildReport(irs: readonly RulesetIR[], opts: DiffOptions = {}): DiffReport {
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
    for (const it of itemsOf(ir)) {
      if (it.kind !== 'table-entry') {
        let s = byKey.get(it.key);
        if (!s || s.items[ri]) {
          if (s) continue; // cannot happen: keys are unique within a ruleset
          s = { key: it.key, concept: it.concept, names: new Set(), displays: new Set(), member: null, items: Array(n).fill(null), irs: Array(n).fill(null), firstOrder: it.order, firstRuleset: ri };
          byKey.set(it.key, s);
          place(s);
        }
        s.items[ri] = it;
        s.irs[ri] = ir;
        prev = s;
        continue;
      }
      // A table entry: align by member names, then by normalised display names.
      const list = tableSlots.get(it.key) ?? [];
      tableSlots.set(it.key, list);
      const names = it.table!.names;
      const disp = it.table!.display.split(' · ').map(normaliseDisplay).join('|');
      let s = list.find((x) => !x.items[ri] && x.names.has(names)) ?? list.find((x) => !x.items[ri] && x.displays.has(disp));
      if (!s) {
        s = { key: `${it.key}/${names}`, concept: it.concept, names: new Set(), displays: new Set(), member: it.table!.row.keys.join(' · '), items: Array(n).fill(null), irs: Array(n).fill(null), firstOrder: it.order, firstRuleset: ri };
        list.push(s);
        place(s);
      }
      s.names.add(names);
      s.displays.add(disp);
      s.items[ri] = it;
      s.irs[ri] = ir;
      prev = s;
    }
  });

  const canons = irs.map((ir) => new Canon(ir));
  const scopes = irs.map((ir) => scopeOf(ir));
  const rows: Row[] = [];
  const usedIds = new Set<string>();
  for (const s of slots) {
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
      const c = makeCell(canons[i]!, scopes[i]!, it);
      if (firstKey === null) firstKey = c.key;
      else if (c.key !== firstKey) {
        c.differs = true;
        differs = true;
      }
      cells[ir.id] = c;
    });
    const status: Status = present < n ? 'partial' : differs ? 'changed' : 'same';
    // The section: the first explicit one, else the first ruleset's inference.
    const withSection = s.items.find((it) => it !== null && it.def.section !== null);
    const section = (withSection ?? s.items.find((it) => it !== null)!).section;
    const firstItem = s.items.find((it) => it !== null)!;
    const label =
      firstItem.kind === 'table-entry' ? `${humanise(s.concept)}: ${firstItem.table!.display}`
      : firstItem.kind === 'enum' ? `${humanise(s.concept)} (domain)`
      : firstItem.kind === 'group' ? `${humanise(s.concept)} (group)`
      : humanise(s.concept);
    let id = `r-${slug(s.key.replace('/', '--'))}`;
    if (usedIds.has(id)) {
      let k = 2;
      while (usedIds.has(`${id}-${k}`)) k++;
      id = `${id}-${k}`;
    }
    usedIds.add(id);

    let situations: Situation[] = [];
    const limit = opts.situations ?? 5;
    if (differs && limit > 0) {
      const subjects: Subject[] = [];
      irs.forEach((ir, i) => {
        const it = s.items[i];
        if (it && (it.kind === 'rule' || it.kind === 'predicate' || it.kind === 'constraint')) subjects.push({ id: ir.id, ir, def: it.def as RuleDef | ConstraintDef });
      });
      if (subjects.filter(searchable).length >= 2) situations = findSituations(subjects, { limit, budget: opts.budget });
    }

    const notes = exceptionNotes(irs, s, canons, scopes);
    if (differs) notes.push(...throughNotes(irs, s, canons, cells));
    rows.push({ id, section, concept: s.concept, member: s.member, label, status, differs, cells, situations, notes });
  }

  // By section; within one, definitions before the domains (enums, groups) they draw on.
  const domainLast = (r: Row) => {
    const first = Object.values(r.cells).find((c) => c !== null)!;
    return first.kind === 'enum' || first.kind === 'group' ? 1 : 0;
  };
  rows.sort((a, b) => sectionIndex(a.section) - sectionIndex(b.section) || domainLast(a) - domainLast(b));
  const shown = opts.onlyDifferences ? rows.filter((r) => r.status !== 'same') : rows;
  const sections: SectionGroup[] = SECTIONS.map((x) => ({ key: x.key, title: x.title, rows: shown.filter((r) => r.section === x.key) })).filter((g) => g.rows.length > 0);
  // Any section key outside the list (cannot happen with inference; kept for safety) goes last.
  for (const r of shown) {
    if (!sections.some((g) => g.key === r.section)) sections.push({ key: r.section, title: sectionTitle(r.section), rows: shown.filter((x) => x.section === r.section) });
  }
  const ordered = sections.flatMap((g) => g.rows);
  return {
    rulesets: irs.map((ir) => ({ id: ir.id, title: ir.title, measure: ir.movement.measure, extends: [...ir.extends] })),
    rows: ordered,
    sections,
    stats: statsOf(ordered),
    onlyDifferences: opts.onlyDifferences === true,
  };
}

export function statsOf(rows: readonly Row[]): Stats {
  return {
    rows: rows.length,
    same: rows.filter((r) => r.status === 'same').length,
    changed: rows.filter((r) => r.status === 'changed').length,
    partial: rows.filter((r) => r.status === 'partial').length,
    differing: rows.filter((r) => r.differs).length,
    withSituations: rows.filter((r) => r.situations.length > 0).length,
  };
}

/**
 * Exceptions one ruleset adds, drops or changes compared with the first ruleset that has the row.
 * Exceptions are paired one to one: first those with the same citation, then those testing the same
 * condition, then those giving the same value at the same depth (a changed condition). Nothing is
 * said when the base values differ and one of the rules has no exceptions at all.
 */
function exceptionNotes(irs: readonly RulesetIR[], s: Slot, canons: readonly Canon[], scopes: readonly RenderScope[]): string[] {
  const rulesAt: { i: number; r: RuleDef }[] = [];
  s.items.forEach((it, i) => {
    if (it && (it.kind === 'rule' || it.kind === 'predicate')) rulesAt.push({ i, r: it.def as RuleDef });
  });
  if (rulesAt.length < 2) return [];
  interface Flat { x: RuleDef['exceptions'][number]; depth: number; when: string; value: string }
  const flat = (i: number, r: RuleDef): Flat[] => {
    const out: Flat[] = [];
    const params = r.params.map((p) => p.name);
    const go = (xs: RuleDef['exceptions'], depth: number) =>
      xs.forEach((x) => {
        out.push({ x, depth, when: canons[i]!.expr(x.when, params), value: canons[i]!.expr(x.value, params, true) });
        go(x.exceptions, depth + 1);
      });
    go(r.exceptions, 1);
    return out;
  };
  const base = rulesAt[0]!;
  const baseId = irs[base.i]!.id;
  const baseExc = flat(base.i, base.r);
  const notes: string[] = [];
  for (const other of rulesAt.slice(1)) {
    const id = irs[other.i]!.id;
    const exc = flat(other.i, other.r);
    // Adding or dropping exceptions is news when the base values agree or both rules have
    // exceptions; a rule that moved all its cases into another rule has nothing to pair with.
    const sameBase = canons[base.i]!.expr(base.r.value, base.r.params.map((p) => p.name)) === canons[other.i]!.expr(other.r.value, other.r.params.map((p) => p.name));
    if (!sameBase && (exc.length === 0 || baseExc.length === 0)) continue;
    const pairedBase = new Set<Flat>();
    const pairedOther = new Map<Flat, Flat>();
    const pair = (test: (b: Flat, e: Flat) => boolean) => {
      for (const e of exc) {
        if (pairedOther.has(e)) continue;
        const b = baseExc.find((x) => !pairedBase.has(x) && test(x, e));
        if (b) {
          pairedBase.add(b);
          pairedOther.set(e, b);
        }
      }
    };
    pair((b, e) => b.x.cite === e.x.cite && b.when === e.when);
    pair((b, e) => b.when === e.when);
    pair((b, e) => b.x.cite === e.x.cite && b.depth === e.depth);
    pair((b, e) => b.value === e.value && b.depth === e.depth);
    for (const e of exc) {
      const b = pairedOther.get(e);
      if (!b) notes.push(`${id} adds an exception: ${e.x.cite} (${e.x.title})`);
      else if (b.when !== e.when) notes.push(`${id} changes the condition of ${baseId}'s exception ${b.x.cite} (${id}: ${e.x.cite}): ${exprText(e.x.when, scopes[other.i]!)}`);
    }
    for (const b of baseExc) {
      if (!pairedBase.has(b)) notes.push(`${id} drops ${baseId}'s exception: ${b.x.cite} (${b.x.title})`);
    }
  }
  return notes;
}

/**
 * When two cells read the same but differ, say through which definitions: "beta reads the same as
 * alpha, but differs through: terrain-cost".
 */
function throughNotes(irs: readonly RulesetIR[], s: Slot, canons: readonly Canon[], cells: Record<string, Cell | null>): string[] {
  const at = irs.map((_, i) => i).filter((i) => s.items[i] !== null);
  const base = at[0]!;
  const baseCell = cells[irs[base]!.id]!;
  const notes: string[] = [];
  for (const i of at.slice(1)) {
    const c = cells[irs[i]!.id]!;
    if (!c.differs || c.display !== baseCell.display) continue;
    const refs = new Set<string>();
    const defs = [s.items[base]!.def, s.items[i]!.def];
    for (const d of defs) {
      const exprs = 'cond' in d ? [d.cond] : 'value' in d ? [d.value, ...flatExceptions(d as RuleDef).flatMap((x) => [x.when, x.value])] : [];
      for (const e of exprs) walk(e, (x) => { if (x.k === 'rule' || x.k === 'table') refs.add(x.name); });
    }
    const deep = (ci: number, name: string): string => {
      const ir = irs[ci]!;
      const r = ir.rules.find((x) => x.name === name);
      if (r) return canons[ci]!.rule(r);
      const t = ir.tables.find((x) => x.name === name);
      return t ? canons[ci]!.table(t) : '';
    };
    const through = [...refs].filter((n) => deep(base, n) !== deep(i, n)).sort();
    if (through.length > 0) notes.push(`${irs[i]!.id} reads the same as ${irs[base]!.id} but differs through: ${through.join(', ')}`);
  }
  return notes;
}
