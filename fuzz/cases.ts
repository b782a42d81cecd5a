/**
 * One fuzz case: a mutant ruleset through `variorum check`, or a mutant scenario through
 * `variorum eval` (both in-process, through the same `run()` that bin/variorum.js calls), with what
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

export interface CaseResult {
  kind: "rules" | "scenario";
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
  return { rules, scenarios };
}

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
const LOCATED = /^[^:\n]+(?:\.rules|\.json):\d+:\d+: error V\d{4}\b/;

/** Runs mutant `index` of corpus entry `which` (an index into rules or scenarios) under `seed`. */
export async function runCase(
  root: string,
  tmp: string,
  c: Corpus,
  kind: "rules" | "scenario",
  which: number,
  seed: number,
  index: number,
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
    argv = ["check", file];
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
  return { kind, base, index, op, code, crash, unlocated, outputChars: output.length, ms };
}

/** What makes a case a failure of the hostile-input contract (empty: the case holds). */
export function problems(r: CaseResult, limits = { outputChars: 2_000_000 }): string[] {
  const p: string[] = [];
  if (r.crash !== null) p.push(`exception escaped: ${r.crash}`);
  else if (r.code !== 0 && r.code !== 1) p.push(`exit ${r.code}`);
  for (const l of r.unlocated) p.push(`unlocated: ${l}`);
  if (r.outputChars > limits.outputChars) p.push(`${r.outputChars} characters of output`);
  return p;
}
