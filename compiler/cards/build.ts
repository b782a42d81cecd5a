/**
 * Builds a card from a RulesetIR. Computed tables come from the interpreter (probe.ts): allowances by
 * kind and status, the terrain chart with its variants (uphill, along a road…) and hexside
 * surcharges, MF left by PP carried, and for a dice ruleset the distance distributions per rate and
 * terrain. Every other definition is listed in its section with its paraphrase, a readable form of
 * its value or condition, and its citation.
 *
 * A house rule's card (`base` given) is compared with its base's card row by row, by key: computed
 * rows per unit kind before kinds with identical rows are merged, so a change to one kind is never
 * hidden in a group.
 */

import { formatQuantity } from '../../runtime/format.js';
import { Rat } from '../../runtime/rational.js';
import type { ConstraintDef, Exception, Expr, RuleDef, RulesetIR, TableDef } from '../ir.js';
import { exprText, humanise, measureOf, memberDisplay, scopeOf, valueText, type RenderScope } from '../render/expr.js';
import type { Card, CardRow, CardSection, CardTable, Cell, Change, DiceCell, DiceChart } from './model.js';
import { plain, plainScope, type PlainScope } from './plain.js';
import type { ICtx } from '../interpret/eval.js';
import { distText, droppedCites, logCites, newCites, newExceptions, Probe, unique, val, type Fields, type Log, type Outcome } from './probe.js';
import { inferSection } from '../sections.js';
import { CARD_SECTIONS } from './sections.js';

export interface BuildOptions {
  /** Where the ruleset was read from, as the reader should see it. */
  source?: string | null;
  /** The base ruleset to compare with (a house rule's parent), already loaded. */
  base?: RulesetIR | null;
}

/** Internal row data: how rows of one unit kind are grouped, and whether the row is worth printing. */
interface RawRow extends CardRow {
  kind?: string;
  kindDisplay?: string;
  /** The row's key without the kind (the condition), for grouping. */
  sub?: string;
  /** The input field of a condition row (conditions of one field with the same answer merge). */
  field?: string | null;
  fieldLabel?: string;
  memberLabel?: string;
  /** False for a condition that does not change the allowance (kept only to compare with the base). */
  shown?: boolean;
  /** For an exception's row: the name of its rule (to say whose exception a removed row was). */
  parent?: string;
}

interface RawTable extends CardTable {
  rows: RawRow[];
  /** Rows are per unit kind: merge kinds whose rows are all alike. */
  groupKinds: boolean;
}

interface RawSection {
  key: string;
  title: string;
  tables: RawTable[];
  charts: DiceChart[];
}

const COLUMN_NAMES: Record<string, string> = { 'via-road': 'Along road', uphill: 'Uphill', downhill: 'Downhill' };

function table(key: string, title: string, columns: string[], labels: number, rows: RawRow[], extra: Partial<RawTable> = {}): RawTable {
  return { key, title, caption: null, columns, labels, columnCites: {}, rows, list: false, groupKinds: false, ...extra };
}

function cell(col: string, text: string, cite: string[] = []): Cell {
  return { col, text, cite };
}

function row(key: string, cells: Cell[], cite: string[], extra: Partial<RawRow> = {}): RawRow {
  return { key, cells, cite: unique(cite), note: null, detail: null, depth: 0, change: null, ...extra };
}

/** The definition a movement binding expression names, when it is a plain rule reference. */
function boundRule(ir: RulesetIR, e: Expr): RuleDef | null {
  return e.k === 'rule' ? ir.rules.find((r) => r.name === e.name) ?? null : null;
}

// ---------------------------------------------------------------------------------------------
// Allowances by kind and condition
// ---------------------------------------------------------------------------------------------

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
  for (const f of p.input('unit')) {
    if (f.name === 'kind') continue;
    if (f.type.t === 'set') {
      const e = p.enumDef(f.type.of);
      for (const m of e?.members ?? []) {
        out.push({ key: `${f.name}=${m.name}`, field: f.name, fieldLabel: '', memberLabel: m.display || m.name, unit: { [f.name]: val.set(f.type.of, [m.name]) }, vehicle: null });
      }
    } else if (f.type.t === 'bool') {
      const def = f.default?.v === 'bool' ? f.default.b : false;
      if (def) continue;
      out.push({ key: f.name, field: f.name, fieldLabel: '', memberLabel: humanise(f.name), unit: { [f.name]: val.bool(true) }, vehicle: null });
    } else if (f.type.t === 'enum') {
      const e = p.enumDef(f.type.name);
      const def = f.default?.v === 'member' ? f.default.name : null;
      for (const m of e?.members ?? []) {
        if (m.name === def) continue;
        out.push({ key: `${f.name}=${m.name}`, field: f.name, fieldLabel: humanise(f.name), memberLabel: m.display || m.name, unit: { [f.name]: val.member(f.type.name, m.name) }, vehicle: null });
      }
    }
  }
  for (const f of p.input('vehicle')) {
    if (f.type.t !== 'enum') continue;
    const e = p.enumDef(f.type.name);
    for (const m of e?.members ?? []) {
      out.push({ key: `vehicle.${f.name}=${m.name}`, field: `vehicle.${f.name}`, fieldLabel: `Vehicle ${humanise(f.name).toLowerCase()}`.replace(/ kind$/, ''), memberLabel: m.display || m.name, unit: {}, vehicle: { [f.name]: val.member(f.type.name, m.name) } });
    }
  }
  return out;
}

/** Citations of a unit's allowance: the binding's rule, the exceptions that decide it, the dice rules. */
function allowanceCites(p: Probe, o: Outcome, ctx: ICtx): string[] {
  const rule = boundRule(p.ir, p.ir.movement.allowance);
  return unique([rule?.cite ?? p.ir.movement.cite, ...p.relevant(ctx, o).map((x) => x.cite), ...diceRuleCites(o)]);
}

/** Rules whose own (base) value rolled the dice. */
function diceRuleCites(o: Outcome): string[] {
  return o.log.rules.filter((r) => hasDice(r.value) && !r.exceptions.some((x) => o.log.exceptions.includes(x))).map((r) => r.cite);
}

function hasDice(e: Expr): boolean {
  let found = false;
  const go = (x: Expr): void => {
    if (found) return;
    if (x.k === 'dice') {
      found = true;
      return;
    }
    for (const v of Object.values(x)) {
      if (v && typeof v === 'object') {
        if (Array.isArray(v)) for (const y of v) { if (y && typeof y === 'object' && 'k' in y) go(y as Expr); }
        else if ('k' in v) go(v as Expr);
      }
    }
  };
  go(e);
  return found;
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
  if (e.k === 'field' && e.rec === 'vehicle') return e.name;
  if (e.k === 'if') return readsVehicle(e.t) ?? readsVehicle(e.e);
  return null;
}

function allowanceTable(p: Probe): RawTable | null {
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
    rows.push(row(`allow:${k.name}`, [cell('Unit', display), cell('Condition', 'standard'), cell('Allowance', text0)], allowanceCites(p, o0, ctx0), {
      kind: k.name, kindDisplay: display, sub: '', field: null, shown: true,
    }));
    for (const c of conds) {
      const ctx = p.ctx({ ...unit, ...c.unit }, [], c.vehicle);
      if (!ctx) continue;
      const o = p.allowance(ctx);
      const text = o.na ? naText(o) : o.text;
      const shown = text !== text0;
      // Only exceptions that make the difference are cited (and worth the cost of finding them).
      const xs = shown ? p.relevant(ctx, o, newExceptions(o.log, o0.log)) : [];
      const cites = shown ? unique([...xs.map((x) => x.cite), ...droppedCites(o.log, o0.log)]) : [];
      const fallback = [boundRule(p.ir, p.ir.movement.allowance)?.cite ?? p.ir.movement.cite];
      rows.push(row(`allow:${k.name}:${c.key}`, [cell('Unit', display), cell('Condition', c.fieldLabel ? `${c.fieldLabel}: ${c.memberLabel}` : c.memberLabel), cell('Allowance', text)], cites.length > 0 ? cites : fallback, {
        kind: k.name, kindDisplay: display, sub: c.key, field: c.field, fieldLabel: c.fieldLabel, memberLabel: c.memberLabel,
        note: xs.length > 0 ? unique(xs.map((x) => x.title)).join('; ') : null,
        depth: 1, shown,
      }));
    }
  }
  if (rows.length === 0) return null;
  const rule = boundRule(p.ir, p.ir.movement.allowance);
  return table('allowances', 'Allowance by unit and condition', ['Unit', 'Condition', 'Allowance'], 2, rows, {
    caption: `In ${p.measure}${p.dice ? ', rolled' : ''}: ${rule ? rule.title : 'what a unit may spend'}. Each condition is shown where it changes the standard allowance.`,
    groupKinds: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Terrain chart, hexside surcharges, costs that differ by unit
// ---------------------------------------------------------------------------------------------

interface TerrainResult {
  tables: RawTable[];
  consumed: Set<string>;
}

function terrainTables(p: Probe): TerrainResult {
  const none: TerrainResult = { tables: [], consumed: new Set() };
  const tf = p.field('step', 'terrain');
  if (!tf || tf.type.t !== 'enum') return none;
  const tenum = p.enumDef(tf.type.name);
  if (!tenum) return none;
  const kinds = p.kinds();
  const kindList = kinds ? kinds.members : [];
  const unitOf = (k: string | null): Fields => (k && kinds ? { kind: val.member(kinds.name, k) } : {});
  const flags = p.input('step').filter((f) => f.type.t === 'bool' && !f.optional);
  const hexF = p.field('step', 'hexside');
  const logs: Log[] = [];

  type Costs = { plain: Outcome | null; variants: Map<string, Outcome | null> };
  const chart = (k: string | null): Map<string, Costs> => {
    const m = new Map<string, Costs>();
    for (const t of tenum.members) {
      const step: Fields = { terrain: val.member(tenum.name, t.name) };
      const c0 = p.ctx(unitOf(k), [step]);
      const plainO = c0 ? p.cost(c0) : null;
      if (plainO) logs.push(plainO.log);
      const variants = new Map<string, Outcome | null>();
      for (const f of flags) {
        const c = p.ctx(unitOf(k), [{ ...step, [f.name]: val.bool(true) }]);
        const o = c ? p.cost(c) : null;
        if (o) logs.push(o.log);
        variants.set(f.name, o);
      }
      m.set(t.name, { plain: plainO, variants });
    }
    return m;
  };

  const main = kindList[0]?.name ?? null;
  const charts = new Map<string | null, Map<string, Costs>>();
  for (const k of main === null ? [null] : kindList.map((x) => x.name)) charts.set(k, chart(k));
  const mainChart = charts.get(main)!;

  // A ruleset whose steps cost nothing (distance comes from dice) has no cost chart.
  const allZero = [...charts.values()].every((c) =>
    [...c.values()].every((x) => (x.plain === null || (x.plain.exact !== null && x.plain.exact.isZero())) && [...x.variants.values()].every((v) => v === null || (v.exact !== null && v.exact.isZero()))),
  );
  if (allZero) return none;

  const columns = flags.filter((f) => [...mainChart.values()].some((x) => x.variants.get(f.name)?.text !== x.plain?.text)).map((f) => f.name);
  const colName = (f: string) => COLUMN_NAMES[f] ?? humanise(f);
  const costRule = boundRule(p.ir, p.ir.movement.cost);
  const fallback = [costRule?.cite ?? p.ir.movement.cite];
  const rows: RawRow[] = [];
  const cellCites = new Map<string, string[][]>();
  for (const t of tenum.members) {
    const x = mainChart.get(t.name)!;
    if (!x.plain) continue;
    const own = logCites(x.plain.log);
    const cites = own.length > 0 ? own : fallback;
    const costList = cellCites.get('Cost') ?? [];
    costList.push(cites);
    cellCites.set('Cost', costList);
    const cells = [cell('Terrain', t.display || t.name), cell('Cost', x.plain.text, cites)];
    for (const f of columns) {
      const v = x.variants.get(f) ?? null;
      const nc = v ? newCites(v.log, x.plain.log) : [];
      const list = cellCites.get(colName(f)) ?? [];
      list.push(nc);
      cellCites.set(colName(f), list);
      cells.push(cell(colName(f), v ? v.text : '—', nc));
    }
    rows.push(row(`terrain:${t.name}`, cells, []));
  }
  const mainName = main && kinds ? memberDisplay(scopeOf(p.ir), kinds.name, main) : null;
  const chartTable = table('terrain-chart', 'Terrain cost chart', ['Terrain', 'Cost', ...columns.map(colName)], 1, rows, {
    caption: `${p.measure} to enter a hex${mainName ? `, priced for a ${mainName}` : ''}${costRule ? ` (${costRule.title})` : ''}.${hexF ? ' Hexside surcharges below are added on top.' : ''}`,
  });
  hoistColumnCites(chartTable, cellCites);
  const tables = [chartTable];

  // Hexsides: the surcharge over a plain hex of the first terrain with a fixed cost.
  if (hexF && hexF.type.t === 'enum') {
    const henum = p.enumDef(hexF.type.name);
    const ref = tenum.members.find((t) => mainChart.get(t.name)?.plain?.exact != null);
    if (henum && ref) {
      const refO = mainChart.get(ref.name)!.plain!;
      const hrows: RawRow[] = [];
      const hcites: string[][] = [];
      for (const h of henum.members) {
        const c = p.ctx(unitOf(main), [{ terrain: val.member(tenum.name, ref.name), hexside: val.member(henum.name, h.name) }]);
        if (!c) continue;
        const o = p.cost(c);
        logs.push(o.log);
        let text = o.text;
        if (o.exact !== null && refO.exact !== null) {
          const d = o.exact.sub(refO.exact);
          text = d.lt(Rat.ZERO) ? `−${formatQuantity(d.neg().toString())}` : `+${formatQuantity(d.toString())}`;
        }
        const nc = newCites(o.log, refO.log);
        const cites = nc.length > 0 ? nc : fallback;
        hcites.push(cites);
        hrows.push(row(`hexside:${h.name}`, [cell('Hexside', h.display || h.name), cell('Surcharge', text, cites)], []));
      }
      if (hrows.length > 0) {
        const ht = table('hexsides', 'Hexside surcharges', ['Hexside', 'Surcharge'], 1, hrows, {
          caption: `${p.measure} added to the cost of the hex entered across the hexside (NA: may not cross).`,
        });
        hoistColumnCites(ht, new Map([['Surcharge', hcites]]));
        tables.push(ht);
      }
    }
  }

  // Other unit kinds: only the costs that differ from the chart above.
  if (main !== null && kinds) {
    const diffs = new Map<string, { kinds: string[]; terrain: string; col: string; text: string; cite: string[] }>();
    for (const k of kindList.slice(1)) {
      const ch = charts.get(k.name)!;
      for (const t of tenum.members) {
        const a = ch.get(t.name)!;
        const b = mainChart.get(t.name)!;
        const pairs: [string, Outcome | null, Outcome | null][] = [['Cost', a.plain, b.plain], ...flags.map((f) => [colName(f.name), a.variants.get(f.name) ?? null, b.variants.get(f.name) ?? null] as [string, Outcome | null, Outcome | null])];
        for (const [col, x, y] of pairs) {
          if (!x || x.text === (y?.text ?? null)) continue;
          const key = `${t.name}|${col}|${x.text}`;
          const d = diffs.get(key);
          const cites = y ? newCites(x.log, y.log) : logCites(x.log);
          if (d) d.kinds.push(k.display || k.name);
          else diffs.set(key, { kinds: [k.display || k.name], terrain: t.display || t.name, col, text: x.text, cite: cites.length > 0 ? cites : fallback });
        }
      }
    }
    if (diffs.size > 0) {
      const drows = [...diffs.entries()].map(([key, d]) =>
        row(`terrain-unit:${key.split('|').slice(0, 2).join(':')}:${d.kinds.join('+')}`, [cell('Unit', d.kinds.join(', ')), cell('Terrain', d.terrain), cell('Case', d.col), cell('Cost', d.text)], d.cite),
      );
      tables.push(table('terrain-units', `Costs that differ from a ${mainName ?? 'unit'}'s`, ['Unit', 'Terrain', 'Case', 'Cost'], 3, drows));
    }
  }

  const consumed = new Set<string>();
  for (const l of logs) for (const r of l.rows) consumed.add(r.table);
  return { tables, consumed };
}

/** A column's most common citation goes to its header; cells keep only citations that differ from it. */
function hoistColumnCites(t: CardTable, cellCites: Map<string, string[][]>): void {
  for (const [col, lists] of cellCites) {
    const counts = new Map<string, number>();
    for (const l of lists) if (l.length > 0) counts.set(l.join(', '), (counts.get(l.join(', ')) ?? 0) + 1);
    const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
    if (!best) continue;
    t.columnCites[col] = best[0].split(', ');
    for (const r of t.rows) for (const c of r.cells) if (c.col === col && c.cite.join(', ') === best[0]) c.cite = [];
  }
}

// ---------------------------------------------------------------------------------------------
// Portage: IPC and allowance by PP carried
// ---------------------------------------------------------------------------------------------

function portageTable(p: Probe): RawTable | null {
  const pf = p.field('unit', 'portage');
  const kinds = p.kinds();
  if (!pf || pf.type.t !== 'num' || !kinds || p.dice) return null;
  const ppm = pf.type.measure ?? '';
  const ipc = p.ir.rules.find((r) => (r.name === 'ipc' || r.concept === 'ipc') && r.params.length === 0 && r.kind === 'rule') ?? null;
  const MAX = 10;
  type Cellv = { text: string; cite: string[]; moves: boolean };
  const perKind = new Map<string, { ipc: string | null; ipcCite: string[]; cells: Cellv[] }>();
  for (const k of kinds.members) {
    const unit: Fields = { kind: val.member(kinds.name, k.name) };
    const c0 = p.ctx(unit);
    if (!c0) continue;
    let ipcText: string | null = null;
    let ipcCite: string[] = [];
    if (ipc) {
      const r = p.ruleValue(ipc, c0);
      if (r && r.value instanceof Rat) {
        ipcText = r.value.isNA() ? 'NA' : formatQuantity(r.value.toString());
        ipcCite = unique([ipc.cite, ...r.log.exceptions.map((x) => x.cite)]);
      }
    }
    const cells: Cellv[] = [];
    for (let pp = 0; pp <= MAX; pp++) {
      const ctx = p.ctx({ ...unit, portage: val.num(pp) });
      if (!ctx) {
        cells.push({ text: '—', cite: [], moves: false });
        continue;
      }
      const vs = p.violations(ctx);
      if (vs.length > 0) {
        cells.push({ text: 'NA', cite: unique(vs.map((v) => v.rule)), moves: false });
        continue;
      }
      const o = p.allowance(ctx);
      cells.push({ text: o.na ? 'NA' : o.exact !== null ? formatQuantity(o.exact.toString()) : o.text, cite: [], moves: o.exact !== null && !o.exact.isZero() });
    }
    perKind.set(k.name, { ipc: ipcText, ipcCite, cells });
  }
  if (perKind.size === 0) return null;
  let last = 0;
  for (const v of perKind.values()) v.cells.forEach((c, i) => { if (c.moves) last = Math.max(last, i); });
  const n = Math.min(MAX, last + 1);
  const ppCols = Array.from({ length: n + 1 }, (_, i) => `${i} ${ppm}`.trim());
  const rows: RawRow[] = [];
  for (const k of kinds.members) {
    const v = perKind.get(k.name);
    if (!v) continue;
    const display = k.display || k.name;
    const cells = [cell('Unit', display)];
    if (ipc) cells.push(cell('IPC', v.ipc ?? '—', []));
    v.cells.slice(0, n + 1).forEach((c, i) => cells.push(cell(ppCols[i]!, c.text, c.cite)));
    rows.push(row(`portage:${k.name}`, cells, ipc ? v.ipcCite : [], { kind: k.name, kindDisplay: display, sub: '', field: null, shown: true }));
  }
  const excess = p.ir.rules.find((r) => r.name === 'portage-excess' || r.concept === 'portage-excess');
  return table('portage-chart', `${p.measure} left by ${ppm || 'load'} carried`, ['Unit', ...(ipc ? ['IPC'] : []), ...ppCols], 1, rows, {
    caption: `${ipc ? `IPC: ${ipc.title} [${ipc.cite}]. ` : ''}${excess ? `${capital(excess.title)} [${excess.cite}]. ` : ''}NA: the unit may not carry that much.`,
    groupKinds: true,
  });
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Dice: the distance distribution per rate and terrain
// ---------------------------------------------------------------------------------------------

function diceChart(p: Probe): { chart: DiceChart; consumed: Set<string> } | null {
  if (!p.dice) return null;
  const kinds = p.kinds();
  const scope = scopeOf(p.ir);
  const rateF = p.input('unit').find((f) => f.name !== 'kind' && f.type.t === 'enum' && f.default !== null) ?? null;
  const terrF = p.field('step', 'terrain');
  const extraFs = p.input('step').filter((f) => f.name !== 'terrain' && f.type.t === 'enum' && f.default !== null);
  const rates = rateF && rateF.type.t === 'enum' ? p.enumDef(rateF.type.name)?.members ?? [] : [];
  const terrains = terrF && terrF.type.t === 'enum' ? p.enumDef(terrF.type.name)?.members ?? [] : [];
  const k0 = kinds?.members[0] ?? null;
  const consumed = new Set<string>();
  const base: Fields = k0 && kinds ? { kind: val.member(kinds.name, k0.name) } : {};
  const rateDefault = rateF?.default?.v === 'member' ? rateF.default.name : null;

  const cellFor = (unit: Fields, step: Fields | null, key: string): DiceCell => {
    const ctx = p.ctx(unit, step ? [step] : []);
    if (!ctx) return { key, min: null, max: null, mean: null, bars: [], reason: 'needs more input', cite: [], change: null };
    const vs = p.violations(ctx);
    if (vs.length > 0) return { key, min: null, max: null, mean: null, bars: [], reason: 'not allowed', cite: unique(vs.map((v) => v.rule)), change: null };
    const o = p.allowance(ctx);
    for (const r of o.log.rows) consumed.add(r.table);
    const d = o.dist ?? (o.exact !== null ? { min: o.exact.toNumber(), max: o.exact.toNumber(), mean: o.exact.toNumber(), distribution: { [String(o.exact.toNumber())]: 1 } } : null);
    if (!d) return { key, min: null, max: null, mean: null, bars: [], reason: o.na ? 'NA' : 'varies', cite: [], change: null };
    const bars = Object.entries(d.distribution).map(([v, pr]) => ({ value: Number(v), p: pr })).sort((a, b) => a.value - b.value);
    // Every roll was priced: the exceptions and rows that any roll used are cited (finding which
    // ones decide the distribution would price every roll again per exception).
    const rule = boundRule(p.ir, p.ir.movement.allowance);
    return { key, min: d.min, max: d.max, mean: d.mean, bars, reason: null, cite: unique([rule?.cite ?? p.ir.movement.cite, ...diceRuleCites(o), ...logCites(o.log)]), change: null };
  };

  const terrainStep = (t: string | null): Fields | null => (t !== null && terrF && terrF.type.t === 'enum' ? { terrain: val.member(terrF.type.name, t) } : null);
  const cols = terrains.length > 0 ? terrains.map((t) => t.name) : [null];
  const rows: DiceChart['rows'] = [];
  const rateList = rates.length > 0 ? rates : [null];
  for (const r of rateList) {
    const unit: Fields = r && rateF && rateF.type.t === 'enum' ? { ...base, [rateF.name]: val.member(rateF.type.name, r.name) } : base;
    rows.push({
      label: r ? r.display || r.name : 'Roll',
      cells: cols.map((t) => cellFor(unit, terrainStep(t), `dice:${r?.name ?? '-'}:${t ?? '-'}`)),
    });
  }
  for (const f of extraFs) {
    if (f.type.t !== 'enum') continue;
    const fEnum = f.type.name;
    const def = f.default?.v === 'member' ? f.default.name : null;
    const e = p.enumDef(fEnum);
    for (const m of e?.members ?? []) {
      if (m.name === def) continue;
      const rateName = rateDefault && rateF && rateF.type.t === 'enum' ? memberDisplay(scope, rateF.type.name, rateDefault) : null;
      rows.push({
        label: `${m.display || m.name}${rateName ? `, ${rateName}` : ''}`,
        cells: cols.map((t) => {
          const step = terrainStep(t) ?? {};
          return cellFor(base, { ...step, [f.name]: val.member(fEnum, m.name) }, `dice:${f.name}=${m.name}:${t ?? '-'}`);
        }),
      });
    }
  }
  let maxValue = 0;
  let maxP = 0;
  for (const r of rows) for (const c of r.cells) for (const b of c.bars) { maxValue = Math.max(maxValue, b.value); maxP = Math.max(maxP, b.p); }
  const kName = k0 ? k0.display || k0.name : 'unit';
  return {
    chart: {
      title: 'Distance rolled',
      caption: `The distribution of the allowance over every roll, for a ${kName} moving through one kind of ground${rateF ? `, by ${humanise(rateF.name).toLowerCase()}` : ''}. Each bar is one result, its height its chance (relative within each chart).`,
      rowHeader: rateF ? humanise(rateF.name) : 'Case',
      columns: cols.map((t) => (t !== null && terrF && terrF.type.t === 'enum' ? memberDisplay(scope, terrF.type.name, t) : 'Any ground')),
      rows,
      measure: p.measure,
      maxValue,
      maxP,
    },
    consumed,
  };
}

// ---------------------------------------------------------------------------------------------
// Definitions listed by section
// ---------------------------------------------------------------------------------------------

function ruleRows(r: RuleDef, scope: RenderScope, ps: PlainScope): RawRow[] {
  const m = measureOf(r.type);
  const label = r.params.length > 0 ? `${humanise(r.name)} (${r.params.map((x) => x.name).join(', ')})` : humanise(r.name);
  const out: RawRow[] = [];
  if (r.kind === 'predicate') {
    const constant = r.value.k === 'bool';
    out.push(row(`def:${r.name}`, [cell('Name', label), cell('Value', constant ? (r.value.k === 'bool' && r.value.v ? 'yes' : 'no') : '')], [r.cite], {
      note: r.title, detail: constant ? null : `holds when ${plain(r.value, ps)}`,
    }));
  } else {
    out.push(row(`def:${r.name}`, [cell('Name', label), cell('Value', exprText(r.value, scope, m))], [r.cite], { note: r.title }));
  }
  // An exception is keyed by its condition, so that a house rule's exception lines up with the base's
  // exception for the same case, wherever it stands in the list.
  const go = (xs: readonly Exception[], depth: number, path: string) => {
    const seen = new Map<string, number>();
    xs.forEach((x) => {
      const value = r.kind === 'predicate' && x.value.k === 'bool' ? (x.value.v ? 'yes' : 'no') : exprText(x.value, scope, m);
      const when = plain(x.when, ps);
      const n = seen.get(when) ?? 0;
      seen.set(when, n + 1);
      const key = `${path}/${when}${n > 0 ? ` #${n + 1}` : ''}`;
      out.push(row(`def:${r.name}${key}`, [cell('Name', ''), cell('Value', value)], [x.cite], { note: x.title, detail: `when ${when}`, depth, parent: label }));
      go(x.exceptions, depth + 1, key);
    });
  };
  go(r.exceptions, 1, '');
  return out;
}

function constraintRows(c: ConstraintDef, ps: PlainScope): RawRow[] {
  return [row(`def:${c.name}`, [cell('Name', humanise(c.name)), cell('Value', 'must hold')], [c.cite], { note: c.title, detail: plain(c.cond, ps) })];
}

/**
 * Tables of one section keyed by the same enum print as one chart, a column (or a group of columns,
 * for a two-key table) per table: "By weapon: PP for a squad, PP for a leader, may dismantle".
 * A column's most common citation goes to its header.
 */
function tableCards(section: string, ts: readonly TableDef[], ir: RulesetIR, scope: RenderScope): RawTable[] {
  const keyTitle = (e: string) => humanise(ir.enums.find((x) => x.name === e)?.name ?? e);
  const byKey = new Map<string, TableDef[]>();
  const out: RawTable[] = [];
  for (const t of ts) {
    if (t.keys.length > 2 || t.keys.length === 0) {
      out.push(wideTable(t, ir, scope));
      continue;
    }
    const list = byKey.get(t.keys[0]!) ?? [];
    list.push(t);
    byKey.set(t.keys[0]!, list);
  }
  for (const [first, group] of byKey) {
    const merged = group.length > 1;
    const columns: { col: string; table: TableDef; member: string | null }[] = [];
    for (const t of group) {
      if (t.keys.length === 1) columns.push({ col: merged ? humanise(t.name) : 'Value', table: t, member: null });
      else {
        const colEnum = ir.enums.find((e) => e.name === t.keys[1]);
        for (const m of colEnum?.members ?? []) columns.push({ col: `${merged ? `${humanise(t.name)}: ` : ''}${m.display || m.name}`, table: t, member: m.name });
      }
    }
    const members = ir.enums.find((e) => e.name === first)?.members.map((m) => m.name) ?? [];
    const present = members.filter((m) => group.some((t) => t.rows.some((r) => r.keys[0] === m)));
    const cellCites = new Map<string, string[][]>();
    const rows: RawRow[] = present.map((m) => {
      const cells = [cell(keyTitle(first), memberDisplay(scope, first, m))];
      for (const c of columns) {
        const r = c.table.rows.find((x) => x.keys[0] === m && (c.member === null || x.keys[1] === c.member));
        const cite = r ? [r.cite ?? c.table.cite] : [];
        cells.push(cell(c.col, r ? valueText(r.value, null, scope) : '—', cite));
        const list = cellCites.get(c.col) ?? [];
        list.push(cite);
        cellCites.set(c.col, list);
      }
      return row(merged ? `table:${section}:${first}:${m}` : `table:${group[0]!.name}:${m}`, cells, []);
    });
    const captionOf = (t: TableDef) => {
      const measure = measureOf(t.type);
      return `${merged ? `${humanise(t.name)}: ` : ''}${merged ? t.title : capital(t.title)}${measure ? ` (${measure})` : ''}.`;
    };
    const tb = table(merged ? `tables-${section}-${first}` : `table-${group[0]!.name}`, merged ? `By ${keyTitle(first).toLowerCase()}` : humanise(group[0]!.name), [keyTitle(first), ...columns.map((c) => c.col)], 1, rows, {
      caption: group.map(captionOf).join(' '),
    });
    hoistColumnCites(tb, cellCites);
    out.push(tb);
  }
  return out;
}

/** A table of three or more keys: one row per entry. */
function wideTable(t: TableDef, ir: RulesetIR, scope: RenderScope): RawTable {
  const keyTitle = (e: string) => humanise(ir.enums.find((x) => x.name === e)?.name ?? e);
  const rows: RawRow[] = t.rows.map((r) =>
    row(`table:${t.name}:${r.keys.join(',')}`, [...r.keys.map((k, i) => cell(keyTitle(t.keys[i]!), memberDisplay(scope, t.keys[i]!, k))), cell('Value', valueText(r.value, null, scope))], [r.cite ?? t.cite]),
  );
  return table(`table-${t.name}`, humanise(t.name), [...t.keys.map(keyTitle), 'Value'], t.keys.length, rows, { caption: `${capital(t.title)}.` });
}

interface Listed {
  section: string;
  order: [number, number];
  rows?: RawRow[];
  table?: TableDef;
}

function definitions(ir: RulesetIR, consumed: Set<string>): Listed[] {
  const scope = scopeOf(ir);
  const ps = plainScope(ir);
  const chain = [...ir.extends].reverse().concat(ir.id);
  const order = (o: { ruleset: string; line: number }): [number, number] => [Math.max(0, chain.indexOf(o.ruleset)), o.line];
  const out: Listed[] = [];
  for (const t of ir.tables) {
    if (consumed.has(t.name)) continue;
    out.push({ section: inferSection({ name: t.name, concept: t.concept, section: t.section, keys: t.keys, type: t.type }, ir), order: order(t.origin), table: t });
  }
  const allowance = boundRule(ir, ir.movement.allowance);
  for (const r of ir.rules) {
    if (r === allowance) continue;
    const exprs: Expr[] = [r.value];
    const add = (xs: readonly Exception[]) => xs.forEach((x) => { exprs.push(x.when, x.value); add(x.exceptions); });
    add(r.exceptions);
    out.push({ section: inferSection({ name: r.name, concept: r.concept, section: r.section, type: r.type, exprs }, ir), order: order(r.origin), rows: ruleRows(r, scope, ps) });
  }
  for (const c of ir.constraints) {
    out.push({ section: inferSection({ name: c.name, concept: c.concept, section: c.section, exprs: [c.cond] }, ir), order: order(c.origin), rows: constraintRows(c, ps) });
  }
  return out.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
}

// ---------------------------------------------------------------------------------------------
// The card, and the comparison with a base
// ---------------------------------------------------------------------------------------------

interface RawCard {
  ir: RulesetIR;
  sections: RawSection[];
}

function rawCard(ir: RulesetIR): RawCard {
  const p = new Probe(ir);
  const sections = new Map<string, RawSection>(CARD_SECTIONS.map((s) => [s.key, { key: s.key, title: s.title, tables: [], charts: [] }]));
  const sec = (k: string) => sections.get(k) ?? sections.get('special')!;

  const allow = allowanceTable(p);
  if (allow) sec('allowances').tables.push(allow);
  const terrain = terrainTables(p);
  for (const t of terrain.tables) sec('terrain').tables.push(t);
  const portage = portageTable(p);
  if (portage) sec('portage').tables.push(portage);
  const dice = diceChart(p);
  // The distance chart is what a player of a dice ruleset looks up for a move: it prints first.
  if (dice) sec('allowances').charts.push(dice.chart);

  const consumed = new Set([...terrain.consumed]);
  const listed = definitions(ir, consumed);
  for (const s of sections.values()) {
    const rows: RawRow[] = [];
    const tables: TableDef[] = [];
    for (const l of listed) {
      if (l.section !== s.key) continue;
      if (l.rows) rows.push(...l.rows);
      if (l.table) tables.push(l.table);
    }
    s.tables.push(...tableCards(s.key, tables, ir, scopeOf(ir)));
    if (rows.length > 0) {
      s.tables.push(table(`rules-${s.key}`, s.tables.length > 0 || s.charts.length > 0 ? 'Rules' : s.title, ['Name', 'Value'], 1, rows, { list: true }));
    }
  }
  // Rules lists print after the section's charts and tables.
  for (const s of sections.values()) s.tables.sort((a, b) => Number(a.list) - Number(b.list));
  return { ir, sections: [...sections.values()] };
}

function valueCells(r: CardRow, labels: number): Cell[] {
  return r.cells.slice(labels);
}

function sig(r: CardRow, labels: number): string {
  return JSON.stringify([valueCells(r, labels).map((c) => [c.col, c.text]), r.detail]);
}

function oldText(r: CardRow, b: CardRow, labels: number): string {
  const mine = valueCells(r, labels);
  const theirs = valueCells(b, labels);
  const parts: string[] = [];
  const single = mine.length <= 1 && theirs.length <= 1;
  for (const c of theirs) {
    const m = mine.find((x) => x.col === c.col);
    if (m && m.text === c.text) continue;
    parts.push(single ? c.text || '—' : `${c.col}: ${c.text || '—'}`);
  }
  if (r.detail !== b.detail && b.detail !== null) parts.push(b.detail);
  return parts.join('; ') || '—';
}

interface Indexed {
  row: RawRow;
  labels: number;
}

function index(card: RawCard): Map<string, Indexed> {
  const m = new Map<string, Indexed>();
  for (const s of card.sections) for (const t of s.tables) for (const r of t.rows) m.set(r.key, { row: r, labels: t.labels });
  return m;
}

function diceIndex(card: RawCard): Map<string, DiceCell> {
  const m = new Map<string, DiceCell>();
  for (const s of card.sections) for (const c of s.charts) for (const r of c.rows) for (const x of r.cells) m.set(x.key, x);
  return m;
}

function diceSig(c: DiceCell): string {
  return JSON.stringify([c.reason, c.bars.map((b) => [b.value, Math.round(b.p * 1e9)])]);
}

function diceOld(c: DiceCell): string {
  if (c.reason !== null) return c.reason;
  return distText({ min: c.min!, max: c.max!, mean: c.mean!, distribution: {} });
}

function markAgainst(card: RawCard, base: RawCard, from: string): RawRow[] {
  const theirs = index(base);
  const mineKeys = new Set<string>();
  for (const s of card.sections) {
    for (const t of s.tables) {
      for (const r of t.rows) {
        mineKeys.add(r.key);
        const b = theirs.get(r.key);
        let change: Change | null = null;
        if (!b) change = { kind: 'added', from, old: null };
        else if (sig(r, t.labels) !== sig(b.row, b.labels)) change = { kind: 'changed', from, old: oldText(r, b.row, t.labels) };
        r.change = change;
        // A condition that changed the base's allowance is printed even when it no longer changes this one.
        if (r.shown === false && b && b.row.shown !== false && change) r.shown = true;
        if (r.shown === false && !b) r.change = null;
      }
    }
    const theirDice = diceIndex(base);
    for (const ch of s.charts) {
      for (const rr of ch.rows) {
        for (const c of rr.cells) {
          const b = theirDice.get(c.key);
          if (!b) c.change = { kind: 'added', from, old: null };
          else if (diceSig(c) !== diceSig(b)) c.change = { kind: 'changed', from, old: diceOld(b) };
        }
      }
    }
  }
  const removed: RawRow[] = [];
  for (const [key, b] of theirs) {
    if (mineKeys.has(key) || b.row.shown === false) continue;
    const cells = b.row.parent !== undefined && b.row.cells[0]?.text === '' ? [{ ...b.row.cells[0]!, text: `${b.row.parent}, exception` }, ...b.row.cells.slice(1)] : b.row.cells;
    removed.push({ ...b.row, cells, change: null });
  }
  return removed;
}

/** Kinds whose rows are alike print as one group ("Squad, Half-squad, Crew (MMC)"). */
function groupKinds(t: RawTable, ir: RulesetIR): RawRow[] {
  const shown = t.rows.filter((r) => r.shown !== false);
  const byKind = new Map<string, RawRow[]>();
  for (const r of shown) {
    const k = r.kind ?? '';
    const list = byKind.get(k) ?? [];
    list.push(r);
    byKind.set(k, list);
  }
  // Conditions of one field with the same answer merge: "Vehicle: Tank, Halftrack, Truck".
  for (const [k, rows] of byKind) {
    const merged: RawRow[] = [];
    for (const r of rows) {
      const same = r.field ? merged.find((m) => m.field === r.field && m.depth === r.depth && rest(m, t.labels) === rest(r, t.labels)) : undefined;
      if (same) {
        same.memberLabel = `${same.memberLabel}, ${r.memberLabel}`;
        same.sub = `${same.sub}+${r.sub}`;
        const c = same.cells.find((x) => x.col === 'Condition');
        if (c) c.text = same.fieldLabel ? `${same.fieldLabel}: ${same.memberLabel}` : same.memberLabel!;
      } else merged.push({ ...r, cells: r.cells.map((c) => ({ ...c })) });
    }
    byKind.set(k, merged);
  }
  const profile = (rows: RawRow[]) => JSON.stringify(rows.map((r) => [r.sub, r.cells.slice(1), r.cite, r.note, r.change]));
  const groups: { kinds: string[]; displays: string[]; rows: RawRow[] }[] = [];
  for (const [k, rows] of byKind) {
    const prof = profile(rows);
    const g = groups.find((x) => profile(x.rows) === prof);
    if (g) {
      g.kinds.push(k);
      g.displays.push(rows[0]?.kindDisplay ?? k);
    } else groups.push({ kinds: [k], displays: [rows[0]?.kindDisplay ?? k], rows });
  }
  const kindEnum = ir.inputs.find((i) => i.rec === 'unit')?.fields.find((f) => f.name === 'kind');
  const enumName = kindEnum && kindEnum.type.t === 'enum' ? kindEnum.type.name : '';
  const out: RawRow[] = [];
  for (const g of groups) {
    const grp = ir.groups.find((x) => x.enum === enumName && x.members.length === g.kinds.length && x.members.every((m) => g.kinds.includes(m)));
    const label = g.displays.join(', ') + (grp && g.kinds.length > 1 ? ` (${grp.name})` : '');
    g.rows.forEach((r, i) => {
      const cells = r.cells.map((c) => (c.col === t.columns[0] ? { ...c, text: i === 0 || r.depth === 0 ? label : '' } : c));
      out.push({ ...r, key: `${t.key}:${g.kinds.join('+')}:${r.sub ?? ''}`, cells });
    });
  }
  return out;
}

function rest(r: RawRow, labels: number): string {
  return JSON.stringify([r.cells.slice(labels), r.cite, r.note, r.change]);
}

function clean(r: RawRow): CardRow {
  return { key: r.key, cells: r.cells, cite: r.cite, note: r.note, detail: r.detail, depth: r.depth, change: r.change };
}

export function buildCard(ir: RulesetIR, opts: BuildOptions = {}): Card {
  const raw = rawCard(ir);
  const base = opts.base ?? null;
  const removed = base ? markAgainst(raw, rawCard(base), base.id) : [];
  const sections: CardSection[] = [];
  let rows = 0;
  let changed = 0;
  let added = 0;
  for (const s of raw.sections) {
    const tables: CardTable[] = [];
    for (const t of s.tables) {
      const rs = t.groupKinds ? groupKinds(t, ir) : t.rows.filter((r) => r.shown !== false);
      if (rs.length === 0) continue;
      const { groupKinds: _g, ...plainTable } = t;
      void _g;
      tables.push({ ...plainTable, rows: rs.map(clean) });
      for (const r of rs) {
        rows++;
        if (r.change?.kind === 'changed') changed++;
        if (r.change?.kind === 'added') added++;
      }
    }
    for (const c of s.charts) for (const r of c.rows) for (const x of r.cells) {
      rows++;
      if (x.change?.kind === 'changed') changed++;
      if (x.change?.kind === 'added') added++;
    }
    if (tables.length > 0 || s.charts.length > 0) sections.push({ key: s.key, title: s.title, tables, charts: s.charts });
  }
  const mdef = ir.measures.find((m) => m.name === ir.movement.measure);
  return {
    id: ir.id,
    title: ir.title,
    edition: ir.edition,
    source: opts.source ?? null,
    extends: ir.extends,
    measure: { name: ir.movement.measure, title: mdef?.title ?? '' },
    citeStyle: ir.citeStyle,
    base: base ? { id: base.id, title: base.title } : null,
    sections,
    removed: removed.map(clean),
    stats: { rows, changed, added, removed: removed.length },
  };
}
