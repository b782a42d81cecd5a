/**
 * The portage chart, from a Probe of a ruleset whose units carry a numeric load (`unit.portage`) and
 * whose allowance is not rolled: per unit kind, its IPC and the allowance left at 0, 1, 2… PP carried
 * ("NA" where a constraint forbids the load), up to one column past the last load that still moves.
 */

import { formatQuantity } from "../../runtime/format.js";
import { Rat } from "../../runtime/rational.js";
import { unique } from "../../runtime/lists.js";
import { type Fields, type Probe, val } from "./card-answers.js";
import { capital, cell, row, table, type RawRow, type RawTable } from "./raw-card.js";

export function portageTable(p: Probe): RawTable | null {
  const pf = p.field("unit", "portage");
  const kinds = p.kinds();
  if (!pf || pf.type.t !== "num" || !kinds || p.dice) return null;
  const ppm = pf.type.measure ?? "";
  const ipc =
    p.ir.rules.find(
      (r) =>
        (r.name === "ipc" || r.concept === "ipc") && r.params.length === 0 && r.kind === "rule",
    ) ?? null;
  // A load limit binds a unit that moves (a unit may always move "none": SL 5.1, ASL A4.1), so the
  // chart asks about a move of one hex, into the first terrain of the step's terrain enum.
  const tf = p.field("step", "terrain");
  const te = tf && tf.type.t === "enum" ? p.enumDef(tf.type.name) : null;
  const oneHex: Fields[] =
    tf && te && te.members.length > 0
      ? [{ [tf.name]: val.member(te.name, te.members[0].name) }]
      : [];
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
        ipcText = r.value.isNA() ? "NA" : formatQuantity(r.value.toString());
        ipcCite = unique([ipc.cite, ...r.log.exceptions.map((x) => x.cite)]);
      }
    }
    const cells: Cellv[] = [];
    for (let pp = 0; pp <= MAX; pp++) {
      const ctx = p.ctx({ ...unit, portage: val.num(pp) });
      if (!ctx) {
        cells.push({ text: "—", cite: [], moves: false });
        continue;
      }
      const moving = oneHex.length > 0 ? p.ctx({ ...unit, portage: val.num(pp) }, oneHex) : null;
      const vs = p.violations(moving ?? ctx);
      if (vs.length > 0) {
        cells.push({ text: "NA", cite: unique(vs.map((v) => v.rule)), moves: false });
        continue;
      }
      const o = p.allowance(ctx);
      cells.push({
        text: o.na ? "NA" : o.exact !== null ? formatQuantity(o.exact.toString()) : o.text,
        cite: [],
        moves: o.exact !== null && !o.exact.isZero(),
      });
    }
    perKind.set(k.name, { ipc: ipcText, ipcCite, cells });
  }
  if (perKind.size === 0) return null;
  let last = 0;
  for (const v of perKind.values())
    v.cells.forEach((c, i) => {
      if (c.moves) last = Math.max(last, i);
    });
  const n = Math.min(MAX, last + 1);
  const ppCols = Array.from({ length: n + 1 }, (_, i) => `${i} ${ppm}`.trim());
  const rows: RawRow[] = [];
  for (const k of kinds.members) {
    const v = perKind.get(k.name);
    if (!v) continue;
    const display = k.display || k.name;
    const cells = [cell("Unit", display)];
    if (ipc) cells.push(cell("IPC", v.ipc ?? "—", []));
    v.cells.slice(0, n + 1).forEach((c, i) => cells.push(cell(ppCols[i]!, c.text, c.cite)));
    const hidden = v.cells.slice(n + 1).map((c, i) => cell(`${n + 1 + i} ${ppm}`.trim(), c.text));
    rows.push(
      row(`portage:${k.name}`, cells, ipc ? v.ipcCite : [], {
        hidden,
        kind: k.name,
        kindDisplay: display,
        sub: "",
        field: null,
        shown: true,
      }),
    );
  }
  const excess = p.ir.rules.find(
    (r) => r.name === "portage-excess" || r.concept === "portage-excess",
  );
  return table(
    "portage-chart",
    `${p.measure} left by ${ppm || "load"} carried`,
    ["Unit", ...(ipc ? ["IPC"] : []), ...ppCols],
    1,
    rows,
    {
      caption: `${ipc ? `IPC: ${ipc.title} [${ipc.cite}]. ` : ""}${excess ? `${capital(excess.title)} [${excess.cite}]. ` : ""}NA: the unit may not carry that much.`,
      groupKinds: true,
    },
  );
}
