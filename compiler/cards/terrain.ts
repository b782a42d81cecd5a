/**
 * The terrain tables, from a Probe of the ruleset: the cost chart (a unit of the first kind entering
 * each terrain, plain and in each variant that changes a cost: uphill, along a road…), the hexside
 * surcharges over a plain hex, and the costs other unit kinds pay where they differ from the chart.
 * Also the tables the charts consumed (their rows are printed here, so not again as definitions).
 */

import { formatQuantity } from "../../runtime/format.js";
import { Rat } from "../../runtime/rational.js";
import { humanise, memberDisplay, scopeOf } from "../render/expr.js";
import {
  logCites,
  newCites,
  type Fields,
  type Log,
  type Outcome,
  type Probe,
  val,
} from "./card-answers.js";
import {
  append,
  boundRule,
  cell,
  hoistColumnCites,
  row,
  table,
  type RawRow,
  type RawTable,
} from "./raw-card.js";

const COLUMN_NAMES: Record<string, string> = {
  "via-road": "Along road",
  uphill: "Uphill",
  downhill: "Downhill",
};

export interface TerrainResult {
  tables: RawTable[];
  consumed: Set<string>;
}

export function terrainTables(p: Probe): TerrainResult {
  const none: TerrainResult = { tables: [], consumed: new Set() };
  const tf = p.field("step", "terrain");
  if (!tf || tf.type.t !== "enum") return none;
  const tenum = p.enumDef(tf.type.name);
  if (!tenum) return none;
  const kinds = p.kinds();
  const kindList = kinds ? kinds.members : [];
  const unitOf = (k: string | null): Fields =>
    k && kinds ? { kind: val.member(kinds.name, k) } : {};
  const flags = p.input("step").filter((f) => f.type.t === "bool" && !f.optional);
  const hexF = p.field("step", "hexside");
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
    [...c.values()].every(
      (x) =>
        (x.plain === null || (x.plain.exact !== null && x.plain.exact.isZero())) &&
        [...x.variants.values()].every((v) => v === null || (v.exact !== null && v.exact.isZero())),
    ),
  );
  if (allZero) return none;

  const columns = flags
    .filter((f) =>
      [...mainChart.values()].some((x) => x.variants.get(f.name)?.text !== x.plain?.text),
    )
    .map((f) => f.name);
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
    append(cellCites, "Cost", cites);
    const cells = [cell("Terrain", t.display || t.name), cell("Cost", x.plain.text, cites)];
    for (const f of columns) {
      const v = x.variants.get(f) ?? null;
      const nc = v ? newCites(v.log, x.plain.log) : [];
      append(cellCites, colName(f), nc);
      cells.push(cell(colName(f), v ? v.text : "—", nc));
    }
    const hidden = flags
      .filter((f) => !columns.includes(f.name))
      .map((f) => cell(colName(f.name), x.variants.get(f.name)?.text ?? "—"));
    rows.push(row(`terrain:${t.name}`, cells, [], { hidden }));
  }
  const mainName = main && kinds ? memberDisplay(scopeOf(p.ir), kinds.name, main) : null;
  const chartTable = table(
    "terrain-chart",
    "Terrain cost chart",
    ["Terrain", "Cost", ...columns.map(colName)],
    1,
    rows,
    {
      caption: `${p.measure} to enter a hex${mainName ? `, priced for a ${mainName}` : ""}${costRule ? ` (${costRule.title})` : ""}.${hexF ? " Hexside surcharges below are added on top." : ""}`,
    },
  );
  hoistColumnCites(chartTable, cellCites);
  const tables = [chartTable];

  // Hexsides: the surcharge over a plain hex of the first terrain with a fixed cost.
  if (hexF && hexF.type.t === "enum") {
    const henum = p.enumDef(hexF.type.name);
    const ref = tenum.members.find((t) => mainChart.get(t.name)?.plain?.exact != null);
    if (henum && ref) {
      const refO = mainChart.get(ref.name)!.plain!;
      const hrows: RawRow[] = [];
      const hcites: string[][] = [];
      for (const h of henum.members) {
        const c = p.ctx(unitOf(main), [
          { terrain: val.member(tenum.name, ref.name), hexside: val.member(henum.name, h.name) },
        ]);
        if (!c) continue;
        const o = p.cost(c);
        logs.push(o.log);
        let text = o.text;
        if (o.exact !== null && refO.exact !== null) {
          const d = o.exact.sub(refO.exact);
          text = d.lt(Rat.ZERO)
            ? `−${formatQuantity(d.neg().toString())}`
            : `+${formatQuantity(d.toString())}`;
        }
        const nc = newCites(o.log, refO.log);
        const cites = nc.length > 0 ? nc : fallback;
        hcites.push(cites);
        hrows.push(
          row(
            `hexside:${h.name}`,
            [cell("Hexside", h.display || h.name), cell("Surcharge", text, cites)],
            [],
          ),
        );
      }
      if (hrows.length > 0) {
        const ht = table("hexsides", "Hexside surcharges", ["Hexside", "Surcharge"], 1, hrows, {
          caption: `${p.measure} added to the cost of the hex entered across the hexside (NA: may not cross).`,
        });
        hoistColumnCites(ht, new Map([["Surcharge", hcites]]));
        tables.push(ht);
      }
    }
  }

  // Other unit kinds: only the costs that differ from the chart above.
  if (main !== null && kinds) {
    const diffs = new Map<
      string,
      { kinds: string[]; terrain: string; col: string; text: string; cite: string[] }
    >();
    for (const k of kindList.slice(1)) {
      const ch = charts.get(k.name)!;
      for (const t of tenum.members) {
        const a = ch.get(t.name)!;
        const b = mainChart.get(t.name)!;
        const pairs: [string, Outcome | null, Outcome | null][] = [
          ["Cost", a.plain, b.plain],
          ...flags.map(
            (f) =>
              [colName(f.name), a.variants.get(f.name) ?? null, b.variants.get(f.name) ?? null] as [
                string,
                Outcome | null,
                Outcome | null,
              ],
          ),
        ];
        for (const [col, x, y] of pairs) {
          if (!x || x.text === (y?.text ?? null)) continue;
          const key = `${t.name}|${col}|${x.text}`;
          const d = diffs.get(key);
          const cites = y ? newCites(x.log, y.log) : logCites(x.log);
          if (d) d.kinds.push(k.display || k.name);
          else
            diffs.set(key, {
              kinds: [k.display || k.name],
              terrain: t.display || t.name,
              col,
              text: x.text,
              cite: cites.length > 0 ? cites : fallback,
            });
        }
      }
    }
    if (diffs.size > 0) {
      const drows = [...diffs.entries()].map(([key, d]) =>
        row(
          `terrain-unit:${key.split("|").slice(0, 2).join(":")}:${d.kinds.join("+")}`,
          [
            cell("Unit", d.kinds.join(", ")),
            cell("Terrain", d.terrain),
            cell("Case", d.col),
            cell("Cost", d.text),
          ],
          d.cite,
        ),
      );
      tables.push(
        table(
          "terrain-units",
          `Costs that differ from a ${mainName ?? "unit"}'s`,
          ["Unit", "Terrain", "Case", "Cost"],
          3,
          drows,
        ),
      );
    }
  }

  const consumed = new Set<string>();
  for (const l of logs) for (const r of l.rows) consumed.add(r.table);
  return { tables, consumed };
}
