/**
 * Map names → each ruleset's own: a map's terrain and hexside names resolve in a ruleset by member
 * name of the enum its steps use for that field (`step.terrain`, `step.hexside`), then by concept: a
 * member declared `clear "Clear" concept open-ground` is what a map's `open-ground` means there (and a
 * map written with `clear` means `open-ground` in a ruleset that has it). A name a ruleset lacks makes
 * those hexes impassable there and is listed in its `notApplicable`.
 */
import type { EnumDef, RulesetIR } from '../ir.js';
import type { MapVocabulary } from './parse.js';

export type MapField = 'terrain' | 'hexside';

/** The enum a ruleset's `step.FIELD` takes, or null when its steps have no such field. */
export function stepEnum(ir: RulesetIR, field: MapField): EnumDef | null {
  const f = ir.inputs.find((i) => i.rec === 'step')?.fields.find((x) => x.name === field);
  if (f === undefined || f.type.t !== 'enum') return null;
  const name = f.type.name;
  return ir.enums.find((e) => e.name === name) ?? null;
}

/** The concept a map name stands for among these rulesets: a member's declared concept, else the name. */
export function conceptOf(irs: readonly RulesetIR[], field: MapField, name: string): string {
  for (const ir of irs) {
    const m = stepEnum(ir, field)?.members.find((x) => x.name === name);
    if (m?.concept !== undefined) return m.concept;
  }
  return name;
}

/** The member a map name means in this ruleset (by name, then by concept), or null when it has none. */
export function resolveName(ir: RulesetIR, field: MapField, name: string, irs: readonly RulesetIR[] = [ir]): string | null {
  const e = stepEnum(ir, field);
  if (e === null) return null;
  if (e.members.some((m) => m.name === name)) return name;
  const c = conceptOf([ir, ...irs], field, name);
  return e.members.find((m) => (m.concept ?? m.name) === c)?.name ?? null;
}

/** Every terrain and hexside name at least one of the rulesets knows (V1004 is a name outside them). */
export function mapVocabulary(irs: readonly RulesetIR[]): MapVocabulary {
  const terrain = new Set<string>();
  const hexside = new Set<string>();
  for (const ir of irs) {
    for (const m of stepEnum(ir, 'terrain')?.members ?? []) terrain.add(m.name).add(m.concept ?? m.name);
    for (const m of stepEnum(ir, 'hexside')?.members ?? []) hexside.add(m.name).add(m.concept ?? m.name);
  }
  return { terrain, hexside };
}
