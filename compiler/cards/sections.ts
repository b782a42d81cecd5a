/**
 * The card's sections, in print order, and the section of each definition: its `section` clause, or
 * else a guess from what it is (dice, a table's key enum) and the words of its name.
 */

import type { Expr, RulesetIR, Type } from '../ir.js';
import { walk } from '../check/graph.js';

export const CARD_SECTIONS = [
  { key: 'allowances', title: 'Movement allowance' },
  { key: 'bonuses', title: 'Bonuses and penalties' },
  { key: 'terrain', title: 'Terrain' },
  { key: 'hexsides', title: 'Hexsides and elevation' },
  { key: 'roads', title: 'Roads' },
  { key: 'portage', title: 'Portage and IPC' },
  { key: 'who-may-move', title: 'Who may move' },
  { key: 'advance', title: 'Advance' },
  { key: 'special', title: 'Special movement' },
  { key: 'transport', title: 'Transport' },
  { key: 'dice', title: 'Dice' },
] as const;

export const CARD_SECTION_KEYS: ReadonlySet<string> = new Set(CARD_SECTIONS.map((s) => s.key));

const WORDS: [string, readonly string[]][] = [
  ['transport', ['transport', 'vehicle', 'passenger', 'board', 'boarding', 'unload', 'embark', 'disembark', 'mount', 'dismount', 'capacity']],
  ['advance', ['advance', 'advancing']],
  ['special', ['assault', 'dash', 'minimum', 'stack', 'stacking', 'hazardous', 'ovr', 'bypass']],
  ['roads', ['road', 'roads']],
  ['hexsides', ['hexside', 'hexsides', 'wall', 'hedge', 'cliff', 'uphill', 'downhill', 'climb', 'elevation', 'obstacle']],
  ['portage', ['portage', 'ipc', 'pp', 'weapon', 'sw', 'dismantle', 'dm', 'carry', 'load']],
  ['terrain', ['terrain', 'cot', 'cost', 'ground', 'entry']],
  ['who-may-move', ['may-move', 'immobile', 'broken', 'pinned', 'ti', 'prep', 'fired', 'fatigue', 'fatigued', 'enemy']],
  ['bonuses', ['bonus', 'penalty', 'leader', 'officer', 'double', 'cx', 'shock']],
  ['allowances', ['allowance', 'mf', 'mp', 'factor', 'rate']],
];

export interface Sectioned {
  name: string;
  concept: string;
  section: string | null;
  keys?: readonly string[];
  type?: Type;
  exprs?: readonly Expr[];
}

/**
 * The card section of a definition. A lone `section KEY` clause (without `concept`) reaches the IR
 * as `concept: KEY, section: null` in this version of the front end; a concept that is a section key
 * and not the definition's own name is read as the section it was meant to be.
 */
export function cardSection(d: Sectioned, ir: RulesetIR): string {
  if (d.section !== null && CARD_SECTION_KEYS.has(d.section)) return d.section;
  if (d.section === null && d.concept !== d.name && CARD_SECTION_KEYS.has(d.concept)) return d.concept;
  let dice = false;
  for (const e of d.exprs ?? []) walk(e, (x) => { if (x.k === 'dice') dice = true; });
  if (dice) return 'dice';
  if (d.keys && d.keys.length > 0) {
    const w = words(d.keys[0]!);
    if (w.has('hexside') || w.has('obstacle')) return 'hexsides';
    if (w.has('terrain')) return 'terrain';
    if (w.has('weapon') || w.has('carrier')) return 'portage';
    const e = ir.enums.find((x) => x.name === d.keys![0]);
    if (e && e.members.some((m) => /wood|building|clear|open/.test(m.name))) return 'terrain';
  }
  const all = new Set([...words(d.name), ...words(d.concept)]);
  const joined = `${d.name} ${d.concept}`;
  for (const [section, ws] of WORDS) {
    if (ws.some((k) => (k.includes('-') ? joined.includes(k) : all.has(k)))) return section;
  }
  if (d.type && d.type.t === 'num' && d.type.measure === 'PP') return 'portage';
  return 'special';
}

function words(s: string): Set<string> {
  return new Set(s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== ''));
}
