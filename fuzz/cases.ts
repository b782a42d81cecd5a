/**
 * One fuzz case: a mutant ruleset through `variorum check` (or `compile` or `test`), a mutant
 * scenario through `variorum eval`, or a mutant map through `variorum reach` (all in-process, through
 * the same `run()` that bin/variorum.js calls), with what
 * a hostile-input contract promises checked: nothing escapes `run()` (that would be exit 70), the exit
 * code is 0 or 1, every error line is located (`file:line:col: error CODE`), and the output stays
 * bounded. Used by test/hostile/fuzz.test.ts and by `npm run fuzz`.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createColors } from "picocolors";
import type { Ctx } from "../compiler/cli/context.js";
import { run } from "../compiler/cli/main.js";
import { mutant } from "./mutate.js";

export type CaseKind = "rules" | "scenario" | "map";
/** What a rules mutant is run through. */
export type RulesCommand = "check" | "compile" | "test";

export interface CaseResult {
  kind: CaseKind;
  /** The command run (`check`, `compile`, `test`, `eval` or `reach`). */
  command: string;
  base: string;
  index: number;
  op: string;
  /** The exit code, or 70 when an exception escaped run(). */
  code: number;
  /** The escaped exception's message (exit 70), else null. */
  crash: string | null;
  /** Error lines printed without `line:col`. */
  unlocated: string[];
  outputChars: number;
  ms: number;
}

export interface Corpus {
  rules: { id: string; text: string }[];
  scenarios: { file: string; text: string; ruleset: string }[];
  maps: { file: string; text: string }[];
}

/** The bundled rulesets and scenario files under `root`. */
export function corpus(root: string): Corpus {
  const rules = readdirSync(join(root, "rulesets"))
    .filter((f) => f.endsWith(".rules"))
    .sort()
    .map((f) => ({
      id: f.slice(0, -".rules".length),
      text: readFileSync(join(root, "rulesets", f), "utf8"),
    }));
  const scenarios = readdirSync(join(root, "scenarios"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({
      file: f,
      text: readFileSync(join(root, "scenarios", f), "utf8"),
      ruleset: rulesetFor(f),
    }));
  const maps = readdirSync(join(root, "maps"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ file: f, text: readFileSync(join(root, "maps", f), "utf8") }));
  return { rules, scenarios, maps };
}

/** How a map mutant is asked: the rulesets side by side, a start, an output format. */
const REACH_ASKS = [
  ["sl-classic,asl-a4", "B3", "text"],
  ["asl-a4", "C3", "json"],
  ["asl-a4,tide-of-iron", "B3", "svg"],
  ["sl-classic,asl-a4", "E5", "html"],
  ["tide-of-iron,asl-a4", "C3", "text"],
] as const;

/** Scenario files are named for the rulesets they ask (sl-…, std-coc-…, std-toi-…, std-sqla-…). */
function rulesetFor(file: string): string {
  if (file.startsWith("std-coc-")) return "chain-of-command";
  if (file.startsWith("std-toi-")) return "tide-of-iron";
  if (file.startsWith("std-sqla-")) return "sqla-31";
  if (file.startsWith("sl-")) return "sl-classic";
  return "sl-classic,asl-a4";
}

function quietCtx(root: string, cwd: string, sink: string[]): Ctx {
  const none = createColors(false);
  return {
    cwd,
    root,
    out: (t) => void sink.push(t),
    err: (t) => void sink.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
  };
}

const ERROR_LINE = /\berror (V\d{4})\b/;
/** A located error: in a file, or in a value typed on the command line (`--from:1:1`, `--unit:1:9`). */
const LOCATED = /^(?:[^:\n]+(?:\.rules|\.json)|--[a-z]+):\d+:\d+: error V\d{4}\b/;

/** Runs mutant `index` of corpus entry `which` (an index into rules or scenarios) under `seed`. */
export async function runCase(
  root: string,
  tmp: string,
  c: Corpus,
  kind: CaseKind,
  which: number,
  seed: number,
  index: number,
  command: RulesCommand = "check",
): Promise<CaseResult> {
  const sink: string[] = [];
  const dir = join(tmp, String(index % 64));
  mkdirSync(dir, { recursive: true });
  let argv: string[];
  let base: string;
  let op: string;
  if (kind === "rules") {
    const r = c.rules[which % c.rules.length]!;
    const m = mutant("rules", r.text, seed, index);
    base = r.id;
    op = m.op;
    const file = join(dir, `${r.id}.rules`);
    writeFileSync(file, m.text);
    argv = command === "compile" ? ["compile", file, "--out", join(dir, "out")] : [command, file];
  } else if (kind === "map") {
    const mp = c.maps[which % c.maps.length]!;
    const m = mutant("map", mp.text, seed, index);
    base = mp.file;
    op = m.op;
    const file = join(dir, mp.file);
    writeFileSync(file, m.text);
    const [ids, from, format] = REACH_ASKS[index % REACH_ASKS.length]!;
    argv = ["reach", ids, file, "--from", from, "--format", format];
    if (format === "svg" || format === "html") argv.push("-o", join(dir, `reach.${format}`));
  } else {
    const s = c.scenarios[which % c.scenarios.length]!;
    const m = mutant("scenario", s.text, seed, index);
    base = s.file;
    op = m.op;
    const file = join(dir, s.file);
    writeFileSync(file, m.text);
    argv = ["eval", s.ruleset, file];
  }
  const t0 = performance.now();
  let code: number;
  let crash: string | null = null;
  try {
    code = await run(argv, quietCtx(root, dir, sink));
  } catch (e) {
    code = 70;
    crash = e instanceof Error ? e.message : String(e);
  }
  const ms = performance.now() - t0;
  const output = sink.join("");
  const unlocated = output
    .split("\n")
    .filter((l) => ERROR_LINE.test(l) && !/^\s/.test(l) && !LOCATED.test(l))
    .slice(0, 5);
  return {
    kind,
    command: argv[0]!,
    base,
    index,
    op,
    code,
    crash,
    unlocated,
    outputChars: output.length,
    ms,
  };
}

/** What makes a case a failure of the hostile-input contract (empty: the case holds). */
export function problems(
  r: CaseResult,
  limits = { outputChars: r.kind === "map" ? 40_000_000 : 2_000_000 },
): string[] {
  const p: string[] = [];
  if (r.crash !== null) p.push(`exception escaped: ${r.crash}`);
  else if (r.code !== 0 && r.code !== 1) p.push(`exit ${r.code}`);
  for (const l of r.unlocated) p.push(`unlocated: ${l}`);
  if (r.outputChars > limits.outputChars) p.push(`${r.outputChars} characters of output`);
  return p;
}
