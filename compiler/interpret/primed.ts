/**
 * Priming kept: what setting a situation's allowance (query.ts's `prime`: the path priced, or the
 * allowance computed) leaves in an evaluation context, kept by everything that context holds, so that
 * asking several questions of one situation prices it once. The diff's search asks thousands of
 * situations of a ruleset, a path-level definition each about a priced one-hex move; most of them
 * give the unit, vehicle and scenario the same fields (SL–ASL: 3,590 pricings of 845 contexts), and
 * pricing (the allowance and the step's cost) was about a third of the search.
 *
 * The key is the context's every field (the records, the step, the roll, the allowance, hexes and
 * spent so far), so what is kept is exactly what evaluating again would give; the evaluator's
 * choices while priming (rules entered, exceptions chosen, rows read) are kept in order and replayed
 * to the listener. A context holding a value of another kind (an unknown field's mark) is not kept.
 */
import { Rat } from "../../runtime/rational.js";
import type { RuleDef, Exception } from "../ir/ir.js";
import type { EvalContext, EvalListener } from "./eval.js";

/** What priming left, and the evaluator's choices while it ran, in order. */
interface Primed {
  allowance: Rat;
  spent: Rat;
  hexes: number;
  i: number;
  events: ((to: EvalListener) => void)[];
}

/** Contexts kept per ruleset's interpreter before the oldest are let go (bounds a server's memory). */
const LIMIT = 1 << 14;
const kept = new WeakMap<object, Map<string, Primed>>();

/** One value of a record as text; null for a value of a kind not keyed (then nothing is kept). */
function valueKey(v: unknown): string | null {
  if (v === null || v === undefined) return "_";
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "string") return `m${v}`;
  if (v instanceof Rat) return `n${v.toString()}`;
  if (v instanceof Set) return `s${[...v].join("\u0002")}`;
  return null;
}

function recordKey(r: Readonly<Record<string, unknown>> | null): string | null {
  if (r === null) return "-";
  let out = "";
  for (const k in r) {
    const v = valueKey(r[k]);
    if (v === null) return null;
    out += `${k}\u0003${v}\u0001`;
  }
  return out;
}

/** Everything `ctx` holds, with the way it is primed, as text; null when it holds a value not keyed. */
function contextKey(mode: string, ctx: EvalContext): string | null {
  const parts = [
    mode,
    recordKey(ctx.unit),
    recordKey(ctx.vehicle),
    recordKey(ctx.scenario),
    ...ctx.path.map(recordKey),
    ctx.roll === null ? "-" : ctx.roll.join(","),
    String(ctx.i),
    String(ctx.hexes),
    ctx.allowance.toString(),
    ctx.spent.toString(),
  ];
  return parts.includes(null) ? null : parts.join("\u0000");
}

/**
 * Runs `prime` on `ctx` (keyed by `owner`, the ruleset's interpreter, and `mode`), or sets what it
 * left the last time it ran on a context holding the same, replaying its choices to the listener
 * that `listen` reads and sets.
 */
export function primeKept(
  owner: object,
  mode: string,
  ctx: EvalContext,
  listen: { listener: EvalListener | null },
  prime: () => void,
): void {
  const key = contextKey(mode, ctx);
  if (key === null) return prime();
  let map = kept.get(owner);
  if (map === undefined) kept.set(owner, (map = new Map()));
  const hit = map.get(key);
  const to = listen.listener;
  if (hit !== undefined) {
    ctx.allowance = hit.allowance;
    ctx.spent = hit.spent;
    ctx.hexes = hit.hexes;
    ctx.i = hit.i;
    if (to !== null) for (const e of hit.events) e(to);
    return;
  }
  const events: ((to: EvalListener) => void)[] = [];
  listen.listener = {
    rule(r: RuleDef) {
      events.push((l) => l.rule(r));
      to?.rule(r);
    },
    exception(x: Exception, r: RuleDef) {
      events.push((l) => l.exception(x, r));
      to?.exception(x, r);
    },
    row(table: string, keys: readonly string[], cite: string) {
      const copy = [...keys];
      events.push((l) => l.row(table, copy, cite));
      to?.row(table, keys, cite);
    },
  };
  try {
    prime();
  } finally {
    listen.listener = to;
  }
  if (map.size >= LIMIT) map.clear();
  map.set(key, { allowance: ctx.allowance, spent: ctx.spent, hexes: ctx.hexes, i: ctx.i, events });
}
