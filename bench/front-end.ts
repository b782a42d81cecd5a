/**
 * The front end's throughput and its phases, measured in one process on one text: lexing alone
 * (Chevrotain's lexer, the baseline of `frontEndVsLex`), parsing with the AST built as it parses
 * (with the grammar's limits; one phase, since no concrete syntax tree is built on the way), resolve,
 * check and lower. Each phase is timed in turn within a run, so a busy machine slows both sides of
 * each ratio alike. The figures are those of a warmed-up process: `warmup` runs first, untimed in the
 * figures (V8 compiles the front end's hot functions over its first runs: the first run of a fresh
 * process takes 2–4× a later one), then `runs` timed runs, whose median and spread are reported —
 * eleven by default: a run's ratio moves with where the collector's pauses fall (one run in a
 * process reads 1.3×, another 7×), and the median of five moved by ≈ 1× between processes;
 * the very first run's ratio is reported beside them (`firstRunVsLex`), as a cold start would see it.
 * Measures, asserts nothing (the caller checks the text has no errors).
 */
import { parse } from "../grammar/index.js";
import { lexText } from "../grammar/parser.js";
import { resolve } from "../compiler/front/resolve.js";
import { check } from "../compiler/front/check/index.js";
import { lower } from "../compiler/front/lower.js";
import { median } from "./timing.js";

export interface FrontEndFigures {
  /** Median milliseconds per phase over the runs. */
  phases: {
    lex: number;
    /** `parse` less its lexing: parsing, the AST and the grammar's limits. */
    parse: number;
    resolve: number;
    check: number;
    lower: number;
  };
  /** parse + resolve + check + lower (the lexing inside parse included), median ms. */
  totalMs: number;
  /** The front end ÷ lexing alone, per run: median, lowest and highest. */
  vsLex: { median: number; min: number; max: number };
  /** The grammar stage (`parse`: lex, parse with the AST, limits) ÷ lexing alone, per run. */
  grammarVsLex: { median: number; min: number; max: number };
  /** The front end ÷ lexing alone in the process's first run (cold: before any warm-up). */
  firstRunVsLex: number;
  errors: number;
}

const now = (): number => performance.now();

export function frontEndFigures(text: string, runs = 11, warmup = 5): FrontEndFigures {
  const per = { lex: [], parse: [], resolve: [], check: [], lower: [] } as Record<
    keyof FrontEndFigures["phases"],
    number[]
  >;
  const totals: number[] = [];
  const ratios: number[] = [];
  const grammarRatios: number[] = [];
  let errors = 0;
  let firstRunVsLex = NaN;
  for (let r = -warmup; r < runs; r++) {
    let t = now();
    lexText(text);
    const lex = now() - t;
    // parse() is the whole grammar stage (lex, parse with the AST, limits): parsing is the rest.
    t = now();
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
    errors = [...parsed.diagnostics, ...resolved.diagnostics, ...checked.diagnostics].filter(
      (d) => d.severity === "error",
    ).length;
    if (lowered === null) errors++;
    const total = whole + res + chk + low;
    if (r === -warmup) firstRunVsLex = total / lex;
    if (r < 0) continue;
    per.lex.push(lex);
    per.parse.push(Math.max(0, whole - lex));
    per.resolve.push(res);
    per.check.push(chk);
    per.lower.push(low);
    totals.push(total);
    ratios.push(total / lex);
    grammarRatios.push(whole / lex);
  }
  const round = (x: number, d = 1): number => Math.round(x * 10 ** d) / 10 ** d;
  const spread = (xs: number[]) => ({
    median: round(median(xs), 2),
    min: round(Math.min(...xs), 2),
    max: round(Math.max(...xs), 2),
  });
  const phases = Object.fromEntries(
    Object.entries(per).map(([k, xs]) => [k, round(median(xs))]),
  ) as FrontEndFigures["phases"];
  return {
    phases,
    totalMs: round(median(totals)),
    vsLex: spread(ratios),
    grammarVsLex: spread(grammarRatios),
    firstRunVsLex: round(firstRunVsLex, 2),
    errors,
  };
}
