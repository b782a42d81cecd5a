/**
 * `npm run bench [-- --json]`: measures, side by side in one process, (1) front-end throughput (and
 * each phase against lexing alone) on a 30,000-line synthetic ruleset, (2) the generated SL Classic
 * module against the interpreter pricing the same 1,000,000 random path steps, (3) whole commands
 * (cold processes) against the process floor (bench/commands.ts), (4) the
 * language server's latency (diagnostics after an edit, hover), (5) the generated module's path
 * pricing and (6) `reach` (SL costs, 40 MF, 16 starts on a 200×200 map) against hand-written TypeScript
 * (bench/handwritten/, bench/reach-hand.ts), reach's growth on a 1,000×1,000 map (bench/reach-large.ts),
 * with the same answers asserted before timing, and (7) the studio's first-load size and keystroke-to-
 * updated-diff latency in Chromium (bench/studio.ts).
 * Reports figures and ratios; asserts nothing.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRuleset } from "../compiler/engine/index.js";
import { nodeHost, rulesetFolders } from "../compiler/node/host.js";
import { Interpreter, prepare as prepareInterp } from "../compiler/interpret/interpreter.js";
import type { RulesetIR, ScenarioValue, Value } from "../compiler/ir/ir.js";
import { pricePath } from "../runtime/move.js";
import { lexText } from "../grammar/parser.js";
import { frontEndFigures } from "./front-end.js";
import { ratNum } from "../runtime/rational.js";
import * as sl from "../generated/sl-classic.js";
import { syntheticRuleset } from "./synthetic.js";
import { buildGraph } from "../runtime/map.js";
import { generateMap } from "./map-gen.js";
import { priceVsHand } from "./price-hand.js";
import { reachVsHand } from "./reach-hand.js";
import { lspLatency } from "./lsp.js";
import { studioFigures } from "./studio.js";
import { reachLarge } from "./reach-large.js";
import { reachUnits } from "./reach-units.js";
import { bestMs } from "./timing.js";
import { commandFigures, commandTable } from "./commands.js";
import { mulberry32 } from "../compiler/util/random.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const json = process.argv.includes("--json");

// 1. Front end throughput, and each phase against lexing alone (bench/front-end.ts).
// 30,000 lines (≈ 915,000 characters): the largest synthetic file under the 1,000,000-character limit (V0108).
const text = syntheticRuleset(30_000);
const lines = text.split("\n").length - 1;
const tokens = lexText(text).tokens.length;
const front = frontEndFigures(text);
if (front.errors > 0) throw new Error(`synthetic ruleset has ${front.errors} errors`);
const frontMs = front.totalMs;

// 2. Generated module vs interpreter over the same random steps.
const ir = loadRuleset("sl-classic", nodeHost(rulesetFolders(root))).ir as RulesetIR;
const random = mulberry32(20261122);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const STEPS = 1_000_000;
const PER_PATH = 10;
const genCtx: sl.Ctx[] = [];
const intCtx: ReturnType<typeof prepareInterp>["ctx"][] = [];
for (let p = 0; p < STEPS / PER_PATH; p++) {
  const unit: sl.Unit = {
    kind: pick(sl.kindValues),
    portage: Math.floor(random() * 6),
    leader: random() < 0.3,
  };
  const path: sl.Step[] = [];
  for (let s = 0; s < PER_PATH; s++) {
    const step: sl.Step = {
      terrain: pick(sl.terrainValues),
      uphill: random() < 0.2,
      viaRoad: random() < 0.3,
    };
    if (random() < 0.2) step.hexside = pick(sl.hexsideValues);
    path.push(step);
  }
  genCtx.push(sl.prepare({ unit, path }));
  const member = (e: string, name: string): Value => ({ v: "member", enum: e, name });
  const sv: ScenarioValue = {
    unit: {
      kind: member("kind", unit.kind),
      portage: { v: "num", q: String(unit.portage) },
      leader: { v: "bool", b: unit.leader! },
    },
    vehicle: null,
    scenario: {},
    path: path.map((s) => {
      const r: Record<string, Value> = {
        terrain: member("terrain", s.terrain),
        uphill: { v: "bool", b: s.uphill! },
        "via-road": { v: "bool", b: s.viaRoad! },
      };
      if (s.hexside) r["hexside"] = member("hexside", s.hexside);
      return r;
    }),
  };
  intCtx.push(prepareInterp(ir, sv).ctx);
}
const interp = new Interpreter(ir);
let genTotal = 0;
let intTotal = 0;
const genMs = bestMs(() => {
  genTotal = 0;
  for (const c of genCtx) {
    const spent = pricePath(sl.model, sl.num, c);
    if (spent === spent) genTotal += spent; // skip NA (NaN) paths, as the interpreter loop does
  }
});
const intMs = bestMs(() => {
  let t = ratNum.zero;
  for (const c of intCtx) {
    const spent = pricePath(interp, ratNum, c);
    if (!spent.isNA()) t = t.add(spent);
  }
  intTotal = t.toNumber();
}, 1);

// 5. Generated path pricing (`price`) vs hand-written, the same 100,000 paths (bench/price-hand.ts:
// answers asserted equal, interleaved, five runs).
const priceHand = priceVsHand(genCtx);

// 6. Reach: the generated module vs a hand-written Dijkstra of the same costs, on searches of
// thousands of hexes (bench/reach-hand.ts: answers asserted equal, interleaved, five runs).
const reachHand = await reachVsHand();
// One generated SL Classic reach from the centre of a 200×200 map (the figure a game aid sees per click).
const bigMap = buildGraph(generateMap(200, 200, 20261125));
const reach200Ms = bestMs(
  () => sl.reach(bigMap, { kind: "squad", leader: true }, bigMap.names[Math.floor(bigMap.n / 2)]!),
  20,
);

// 6b. Reach over large allowances on a 1,000 × 1,000 map, through a generated module: how its time
// grows with the hexes reached.
const large = await reachLarge();

// 6c. Several units (`reach --all`): 1, 10 and 50 squads on the 200×200 map, one search each.
const units = reachUnits(root);

// 3. Whole commands, cold processes, against the process floor (`--version`), in alternating pairs
// (bench/commands.ts); the first of them is the cold start of `variorum check`.
const bin = join(root, "bin", "variorum.js");
const commands = commandFigures(bin, root, 7);

// 4. Language server latency (bench/lsp.ts).
const lsp = await lspLatency(50);

// 7. The studio in Chromium (bench/studio.ts).
const studio = await studioFigures(root, 20);

const result = {
  parseCheckLines: lines,
  parseCheckMs: Math.round(frontMs),
  parseCheckLinesPerSecond: Math.round((lines / frontMs) * 1000),
  parseCheckTokensPerSecond: Math.round((tokens / frontMs) * 1000),
  frontEndPhasesMs: front.phases,
  frontEndVsLex: front.vsLex.median,
  frontEndVsLexSpread: [front.vsLex.min, front.vsLex.max],
  lexAloneMs: front.lexMs,
  frontEndVsLexPerRun: front.vsLexPerRun.median,
  frontEndVsLexPerRunSpread: [front.vsLexPerRun.min, front.vsLexPerRun.max],
  grammarVsLex: front.grammarVsLex.median,
  grammarVsLexSpread: [front.grammarVsLex.min, front.grammarVsLex.max],
  frontEndFirstRunVsLex: front.firstRunVsLex,
  pricedSteps: STEPS,
  generatedMs: Math.round(genMs * 10) / 10,
  interpreterMs: Math.round(intMs),
  generatedVsInterpreter: Math.round((intMs / genMs) * 10) / 10,
  coldCheckMedianMs: commands[0]!.wallMs,
  commands,
  lspDiagnosticsMs: lsp.lspDiagnosticsMs,
  lspHoverMs: lsp.lspHoverMs,
  generatedPriceMs: priceHand.generatedPriceMs,
  handWrittenPriceMs: priceHand.handWrittenPriceMs,
  generatedVsHandWritten: priceHand.generatedVsHandWritten,
  generatedVsHandWrittenSpread: priceHand.generatedVsHandWrittenSpread,
  ...reachHand,
  reach200Ms: Math.round(reach200Ms * 1000) / 1000,
  ...large,
  ...units,
  ...("skipped" in studio ? { studioSkipped: studio.skipped } : studio),
  /** Both loops priced the same paths to the same total (a sanity check, not a timing). */
  sameSpentTotals:
    Math.abs(genTotal / sl.SCALE - intTotal) < 1e-6 && priceHand.priceTotal === genTotal,
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const rows: [string, string, string][] = [
    [
      "front end (parse+resolve+check+lower)",
      `${lines} lines (${tokens} tokens) in ${result.parseCheckMs} ms`,
      `${result.parseCheckLinesPerSecond.toLocaleString("en")} lines/s (goal ≥ 100,000)`,
    ],
    [
      "frontEndVsLex: front end ÷ lexing alone (in blocks: median of 5 block pairs of 10 runs each)",
      `${result.parseCheckMs} ms ÷ ${result.lexAloneMs} ms a run`,
      `ratio ${result.frontEndVsLex}× (${front.vsLex.min}–${front.vsLex.max}; goal ≤ 4×)`,
    ],
    [
      "  the same run by run (median of 11 after 5 warm-up runs)",
      `phases (ms): ${Object.entries(front.phases)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
      `ratio ${result.frontEndVsLexPerRun}× (${front.vsLexPerRun.min}–${front.vsLexPerRun.max})`,
    ],
    ["  the same, the process's first (cold) run", "", `ratio ${result.frontEndFirstRunVsLex}×`],
    [
      "grammarVsLex: parse (lex, parse with the AST, limits) ÷ lexing alone",
      "",
      `ratio ${result.grammarVsLex}× (${front.grammarVsLex.min}–${front.grammarVsLex.max})`,
    ],
    ["pricing 1,000,000 steps: generated", `${result.generatedMs} ms`, ""],
    [
      "pricing 1,000,000 steps: interpreter",
      `${result.interpreterMs} ms`,
      `ratio ${result.generatedVsInterpreter}× (goal ≥ 10×)`,
    ],
    [
      `lsp: didChange → publishDiagnostics (asl-a4, ${lsp.lspLines} lines)`,
      `median ${result.lspDiagnosticsMs} ms of 50 edits`,
      "goal ≤ 50 ms",
    ],
    ["lsp: hover round trip", `median ${result.lspHoverMs} ms of 50`, "goal ≤ 10 ms"],
    [
      "pricing 100,000 paths: generated `price` vs hand-written",
      `${result.generatedPriceMs} ms vs ${result.handWrittenPriceMs} ms`,
      `ratio ${result.generatedVsHandWritten}× (5 runs: ${result.generatedVsHandWrittenSpread[0]}–${result.generatedVsHandWrittenSpread[1]}; goal ≤ 1.3×)`,
    ],
    [
      `reach, SL costs, 40 MF on 200×200 (${result.reachedHexesPerSearch} hexes reached, ${result.reachStarts} starts): generated vs hand-written`,
      `${result.generatedReachMs} ms vs ${result.handWrittenReachMs} ms`,
      `ratio ${result.reachVsHandWritten}× (5 runs: ${result.reachVsHandWrittenSpread[0]}–${result.reachVsHandWrittenSpread[1]}; goal ≤ 1.3×)`,
    ],
    [
      "reach200Ms: generated reach from the centre of the 200×200 map",
      `${result.reach200Ms} ms`,
      "",
    ],
    [
      "reachLargeMs: 40 MP on 1,000×1,000 (generated module)",
      `${result.reachLargeMs} ms; ${large.reachLargeSizes.map((x) => `${x.hexes} hexes ${x.ms} ms`).join(", ")}`,
      `time ∝ hexes^${result.reachLargeGrowth} (goal: near 1)`,
    ],
    [
      "reachUnits50Ms: reach --all, 50 squads on 200×200 (SL)",
      `${result.reachUnits50Ms} ms (1 unit ${result.reachUnits1Ms} ms, 10 units ${result.reachUnits10Ms} ms)`,
      "one search per unit: linear in the units",
    ],
    ...("skipped" in studio
      ? [["studio", `skipped: ${studio.skipped}`, ""] as [string, string, string]]
      : [
          [
            "studio: first load (gzip -9)",
            `${studio.studioFirstLoadKB} KB in ${studio.studioFirstLoadFiles} files`,
            "goal ≤ 600 KB",
          ] as [string, string, string],
          [
            "studio: keystroke → updated diff (asl-a4, 1,482 lines)",
            `median ${studio.studioDiffMs} ms of ${studio.studioEdits} edits`,
            "goal ≤ 150 ms",
          ] as [string, string, string],
        ]),
  ];
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(w[i]!)).join("  "));
  console.log(
    `\nWhole commands, cold processes (CPU and wall: medians of 7 runs paired with the floor, \`--version\`, ${commands[0]!.floorCpuMs} ms CPU):\n`,
  );
  console.log(commandTable(commands));
}
