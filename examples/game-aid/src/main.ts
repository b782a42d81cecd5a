// A game aid built on the light rules package, `variorum-rules` (no dependencies, nothing of Node):
// a rules module (`variorum-rules/rules/sl-classic`), the runtime (`variorum-rules/runtime`) and a
// bundled map (`variorum-rules/maps/crossroads`). It prices a move and shades the hexes a squad
// reaches on the map, darker the more it costs.
import { evaluate, reach } from "variorum-rules/rules/sl-classic";
import { buildGraph, checkMap, hexName, indexOf } from "variorum-rules/runtime";
import crossroads from "variorum-rules/maps/crossroads";

const $ = (id: string): HTMLElement => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`#${id} is missing`);
  return el;
};

// 1. Price a move: open ground, then woods uphill, with a leader.
const move = evaluate({
  unit: { kind: "squad", leader: true },
  path: [{ terrain: "open-ground" }, { terrain: "woods", uphill: true }],
});
// Every detail the rules read is given, so the answer is one move (without `dependsOn` or `needs`).
if (!("steps" in move)) throw new Error("the move leaves out a detail the rules need");
$("move").innerHTML =
  `A squad with a leader: allowance <b id="allowance">${String(move.allowance)}</b> MF, ` +
  `spends <b id="spent">${move.spent}</b> MF — ${move.legal ? "legal" : "not legal"} ` +
  `<span class="rules">[${move.steps.flatMap((s) => s.rules).join(", ")}]</span>`;

// 2. Reach on the map, shaded by cost. A map from elsewhere (a file the user opens) is checked
// first: `checkMap` returns each mistake with its JSON path, and never throws.
const checked = checkMap(crossroads);
if (checked.map === null)
  throw new Error(checked.issues.map((i) => `${i.path}: ${i.message}`).join("\n"));
const map = buildGraph(checked.map);
const from = "B3";
const answer = reach(map, { kind: "squad" }, from);
$("start").textContent = from;
$("map-name").textContent = map.name;

const R = 18;
const W = 1.5 * R;
const H = Math.sqrt(3) * R;
const svg = $("map");
svg.setAttribute("width", String(W * map.columns + R));
svg.setAttribute("height", String(H * (map.rows + 0.5) + 2));
const max = Math.max(...[...answer.cost].filter((c) => !Number.isNaN(c)), 1);
let reached = 0;
const NS = "http://www.w3.org/2000/svg";
for (let col = 0; col < map.columns; col++)
  for (let row = 0; row < map.rows; row++) {
    const hex = indexOf(map, hexName(col, row));
    const cx = R + col * W;
    const cy = H / 2 + row * H + (col % 2 === 1 ? H / 2 : 0);
    const points = [0, 1, 2, 3, 4, 5]
      .map((k) => `${cx + R * Math.cos((Math.PI / 3) * k)},${cy + R * Math.sin((Math.PI / 3) * k)}`)
      .join(" ");
    const cost = answer.cost[hex] ?? Number.NaN;
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", points);
    poly.setAttribute("stroke", "#999");
    poly.setAttribute("data-hex", map.names[hex] ?? "");
    if (Number.isNaN(cost)) poly.setAttribute("fill", "#fff");
    else {
      reached++;
      poly.setAttribute("class", "reached");
      poly.setAttribute("fill", `hsl(140 45% ${90 - (50 * cost) / max}%)`);
    }
    const label = document.createElementNS(NS, "text");
    label.setAttribute("x", String(cx));
    label.setAttribute("y", String(cy));
    label.textContent = Number.isNaN(cost) ? (map.names[hex] ?? "") : answer.exact(hex);
    svg.append(poly, label);
  }
$("reach-summary").textContent = `${reached} hexes reached with ${answer.allowance} MF.`;
document.body.dataset["ready"] = "true";
