/**
 * A deterministic map for benchmarks: mostly open ground with woods, buildings, shell holes and
 * wheatfields, hills of levels 1–2, long winding roads, walls and hedges on hexsides.
 */
import { hexName, neighbourOf, type MapJson } from "../runtime/map.js";
import { mulberry32 } from "../compiler/util/random.js";

export function generateMap(columns: number, rows: number, seed: number): MapJson {
  const random = mulberry32(seed);
  const hexes: Record<string, string> = {};
  const levels: Record<string, number> = {};
  const TERRAIN = ["woods", "woods", "building", "shell-hole", "wheatfield"];
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      if (random() < 0.3) hexes[hexName(c, r)] = TERRAIN[Math.floor(random() * TERRAIN.length)]!;
    }
  }
  // Hills: discs of level 1 with a level-2 top.
  for (let k = 0; k < (columns * rows) / 400; k++) {
    const c0 = Math.floor(random() * columns);
    const r0 = Math.floor(random() * rows);
    for (let c = Math.max(0, c0 - 3); c < Math.min(columns, c0 + 4); c++) {
      for (let r = Math.max(0, r0 - 3); r < Math.min(rows, r0 + 4); r++) {
        const d = Math.abs(c - c0) + Math.abs(r - r0);
        if (d <= 3) levels[hexName(c, r)] = d <= 1 ? 2 : 1;
      }
    }
  }
  // Roads: random walks that keep going roughly one way.
  const roads: string[][] = [];
  for (let k = 0; k < Math.max(2, (columns + rows) / 20); k++) {
    let p = { col: Math.floor(random() * columns), row: Math.floor(random() * rows) };
    const seen = new Set<string>([hexName(p.col, p.row)]);
    const chain = [hexName(p.col, p.row)];
    let dir = Math.floor(random() * 6);
    for (let s = 0; s < Math.min(columns, rows) * 2; s++) {
      if (random() < 0.25) dir = (dir + (random() < 0.5 ? 1 : 5)) % 6;
      const q = neighbourOf(p.col, p.row, dir);
      const name = hexName(q.col, q.row);
      if (q.col < 0 || q.row < 0 || q.col >= columns || q.row >= rows || seen.has(name)) break;
      seen.add(name);
      chain.push(name);
      delete hexes[name];
      p = q;
    }
    if (chain.length > 1) roads.push(chain);
  }
  const hexsides: { hexes: [string, string]; feature: string }[] = [];
  const sides = new Set<string>();
  for (let k = 0; k < (columns * rows) / 20; k++) {
    const c = Math.floor(random() * columns);
    const r = Math.floor(random() * rows);
    const q = neighbourOf(c, r, Math.floor(random() * 6));
    if (q.col < 0 || q.row < 0 || q.col >= columns || q.row >= rows) continue;
    const a = hexName(c, r);
    const b = hexName(q.col, q.row);
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (sides.has(key)) continue;
    sides.add(key);
    hexsides.push({ hexes: [a, b], feature: random() < 0.5 ? "wall" : "hedge" });
  }
  return {
    name: `generated ${columns}×${rows}`,
    columns,
    rows,
    terrain: { default: "open-ground", hexes },
    levels,
    roads,
    hexsides,
  };
}
