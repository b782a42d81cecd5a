/** Map steps → the interpreter's scenario values (field names and enum members of one ruleset). */
import type { PlainStep } from '../../runtime/reach-map.js';
import type { RulesetIR, Value } from '../ir.js';
import { stepEnum } from '../map/vocabulary.js';

/** A plain step → the interpreter's scenario values for `ir`. */
export function stepValues(ir: RulesetIR, s: PlainStep): Record<string, Value> {
  const fields = ir.inputs.find((i) => i.rec === 'step')?.fields ?? [];
  const byJson = new Map(fields.map((f) => [f.json, f]));
  const out: Record<string, Value> = {};
  const t = stepEnum(ir, 'terrain');
  const h = stepEnum(ir, 'hexside');
  if (t !== null) out[byJson.get('terrain')!.name] = { v: 'member', enum: t.name, name: s.terrain };
  if (s.hexside !== undefined && h !== null) out[byJson.get('hexside')!.name] = { v: 'member', enum: h.name, name: s.hexside };
  for (const f of ['viaRoad', 'uphill', 'downhill'] as const) if (s[f] === true && byJson.has(f)) out[byJson.get(f)!.name] = { v: 'bool', b: true };
  return out;
}

