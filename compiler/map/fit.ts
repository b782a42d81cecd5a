/**
 * What a valid map must also give for the rulesets it is asked about: a ruleset that measures
 * stretches in inches (its steps have `inches`) needs the map's `hexInches`, the width of a hex. Without
 * it that ruleset cannot price a hex entered, so the map is a located error (V1003), never a crash.
 */
import { diag, SourceFile, type Diagnostic } from '../diagnostics.js';
import type { RulesetIR } from '../ir.js';
import type { MapJson } from '../../runtime/map.js';

export function mapFitsRulesets(map: MapJson, irs: readonly RulesetIR[], text: string, file: string): Diagnostic[] {
  if (map.hexInches !== undefined) return [];
  const inInches = irs.filter((ir) => ir.inputs.some((i) => i.rec === 'step' && i.fields.some((f) => f.json === 'inches')));
  if (inInches.length === 0) return [];
  const src = new SourceFile(file, text);
  const start = Math.max(0, text.indexOf('{'));
  return [
    diag('V1003', `${inInches.map((ir) => ir.id).join(', ')} ${inInches.length === 1 ? 'measures' : 'measure'} moves in inches: the map needs \`hexInches\`, the width of a hex`, src.span(start, start + 1), 'add e.g. "hexInches": 3'),
  ];
}
