import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../compiler/pipeline.js';
import { parseScenario } from '../../compiler/scenario.js';
import { buildReach } from '../../compiler/reach/build.js';
import { reachProfile } from '../../compiler/reach/profile.js';
import type { MapJson } from '../../runtime/map.js';

const ROOT = join(__dirname, '..', '..');
const host = {
  readFile: (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return null; } },
  resolveId: (id: string) => join(ROOT, 'rulesets', `${id}.rules`),
};
const map: MapJson = {
  name: 'Test', columns: 5, rows: 4,
  terrain: { default: 'open-ground', hexes: { C2: 'woods', D3: 'building' } },
  levels: { E1: 1 },
  roads: [['A2', 'B2', 'C3', 'D3', 'E3']],
  hexsides: [{ hexes: ['B1', 'B2'], feature: 'wall' }],
};
describe('smoke', () => {
  for (const id of ['sl-classic', 'asl-a4', 'sqla-31', 'tide-of-iron']) {
    it(id, () => {
      const ir = loadRuleset(id, host).ir!;
      console.log(id, JSON.stringify({ ...reachProfile(ir), aggregates: reachProfile(ir).aggregates.length }));
      const p = parseScenario(JSON.stringify({ unit: { kind: 'squad' }, path: [] }), 's.json', [ir]);
      expect(p.diagnostics).toEqual([]);
      const b = buildReach({ map, from: 'A2', phase: 'movement', unit: { kind: 'squad' }, rulesets: [{ ir, base: p.perRuleset[0]!.value, notApplicable: [] }] });
      console.log(Object.entries(b.report.results[0]!.hexes).map(([k, v]) => `${k}:${v.cost}`).join(' '), b.report.results[0]!.notApplicable, b.mismatches);
      expect(b.mismatches).toEqual([]);
    });
  }
});
