/**
 * The front end's throughput and its phases, measured in one process on one text, against lexing
 * alone (Chevrotain's lexer, the baseline of `frontEndVsLex`): parsing with the AST built as it
 * parses (with the grammar's limits; one phase, since no concrete syntax tree is built on the way),
 * resolve, check and lower. V8 compiles the front end's hot functions over its first runs (the
 * first run of a fresh process takes 2–4× a later one), so `warmup` runs come first; the very first
 * run's ratio is reported (`firstRunVsLex`), as a cold start would see it.
 *
 * Two measures of the ratio, both in one process:
 * - **In blocks** (`vsLex`, the figure held against the goal): `blocks` pairs of blocks, one of
 *   `perBlock` runs of lexing alone back to back, timed together, and one of `perBlock` runs of the
 *   front end, timed together, their order alternating from pair to pair. A block's mean is a run's
 *   cost with the collector's work its own allocation causes (lexing keeps every token it makes
 *   until it returns, and its scavenges copy them; the front end's copy its tokens and AST), as a
 *   loop of either would see it. The ratio of the two means, one per pair: their median and spread.
 * - **Run by run** (`vsLexPerRun`): each phase timed in turn within a run, `runs` runs. A pause of
 *   the collector falls in whichever window is running when the nursery fills; its runs allocate
 *   alike, so a process's pauses recur at the same points and decide its reading: where they fall
 *   in the front end's windows, lexing alone carries little of its own collector work (≈ 19–21 ms,
 *   not ≈ 23–27) and the ratio reads high; where they fall in lexing's, low. The phases come from
 *   these runs.
 *
 * Measures, asserts nothing (the caller checks the text has no errors).
 */
import { parse } from "../grammar/index.js";
import { lexText } from "../grammar/parser.js";
import { resolve } from "../compiler/front/resolve.js";
import { check } from "../compiler/front/check/index.js";
import { lower } from "../compiler/front/lower.js";
import { alternating, meanMs, median } from "./timing.js";

/** A ratio's median, lowest and highest over the runs or blocks measured. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface FrontEndFigures {
  /** Median milliseconds per phase over the runs timed run by run. */
  phases: {
    lex: number;
    /** `parse` less its lexing: parsing, the AST and the grammar's limits. */
    parse: number;
    resolve: number;
    check: number;
    lower: number;
  };
  /** parse + resolve + check + lower (the lexing inside parse included): ms a run, in blocks. */
  totalMs: number;
  /** Lexing alone: ms a run, in blocks. */
  lexMs: number;
  /** The front end ÷ lexing alone, block by block. */
  vsLex: Spread;
  /** The front end ÷ lexing alone, run by run (each phase timed in turn within a run). */
  vsLexPerRun: Spread;
  /** The grammar stage (`parse`: lex, parse with the AST, limits) ÷ lexing alone, run by run. */
  grammarVsLex: Spread;
  /** The front end ÷ lexing alone in the process's first run (cold: before any warm-up). */
  firstRunVsLex: number;
  errors: number;
}

const now = (): number => performance.now();

/** One run of the front end on `text`: each phase's milliseconds, and what each phase made. */
function frontEnd(text: string) {
  let t = now();
  // parse() is the whole grammar stage (lex, parse with the AST, limits).
  const parsed = parse(text, "synthetic.rules");
  const whole = now() - t;
  t = now();
  const resolved = resolve(parsed.ast, () => null);
  const res = now() - t;
  t = now();
  const checked = resolved.merged ? check(resolved.merged) : { checked: null, diagnostics: [] };
  const chk = now() - t;
  t = now();
  const lowered = checked.checked ? lower(checked.checked, parsed.ast.header!.span) : null;
  const low = now() - t;
  return {
    whole,
    res,
    chk,
    low,
    total: whole + res + chk + low,
    parsed,
    resolved,
    checked,
    lowered,
  };
}

/** The errors a run of the front end reported (a ruleset that does not lower counts as one). */
function errorsOf(run: ReturnType<typeof frontEnd>): number {
  let errors = run.lowered === null ? 1 : 0;
  for (const ds of [run.parsed.diagnostics, run.resolved.diagnostics, run.checked.diagnostics])
    for (const d of ds) if (d.severity === "error") errors++;
  return errors;
}

export function frontEndFigures(
  text: string,
  { runs = 11, warmup = 5, blocks = 5, perBlock = 10 } = {},
): FrontEndFigures {
  const per = { lex: [], parse: [], resolve: [], check: [], lower: [] } as Record<
    keyof FrontEndFigures["phases"],
    number[]
  >;
  const ratios: number[] = [];
  const grammarRatios: number[] = [];
  let errors = 0;
  let firstRunVsLex = NaN;
  for (let r = -warmup; r < runs; r++) {
    const t = now();
    lexText(text);
    const lex = now() - t;
    const run = frontEnd(text);
    if (r === -warmup) {
      // The text is the same every run: its errors are counted once, untimed.
      errors = errorsOf(run);
      firstRunVsLex = run.total / lex;
    }
    if (r < 0) continue;
    per.lex.push(lex);
    per.parse.push(Math.max(0, run.whole - lex));
    per.resolve.push(run.res);
    per.check.push(run.chk);
    per.lower.push(run.low);
    ratios.push(run.total / lex);
    grammarRatios.push(run.whole / lex);
  }
  // Block pairs: each side's mean over `perBlock` runs back to back, the order alternating.
  const pairs = alternating(
    blocks,
    () => meanMs(() => lexText(text), perBlock),
    () => meanMs(() => frontEnd(text), perBlock),
  );
  const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;
  const spread = (xs: number[]): Spread => ({
    median: round(median(xs), 2),
    min: round(Math.min(...xs), 2),
    max: round(Math.max(...xs), 2),
  });
  const phases = Object.fromEntries(
    Object.entries(per).map(([k, xs]) => [k, round(median(xs))]),
  ) as FrontEndFigures["phases"];
  return {
    phases,
    totalMs: round(median(pairs.map(([, front]) => front))),
    lexMs: round(median(pairs.map(([lex]) => lex))),
    vsLex: spread(pairs.map(([lex, front]) => front / lex)),
    vsLexPerRun: spread(ratios),
    grammarVsLex: spread(grammarRatios),
    firstRunVsLex: round(firstRunVsLex, 2),
    errors,
  };
}
