/**
 * IR → reach profile: what the search on a map (runtime/reach.ts) must keep apart about a path for
 * this ruleset. Read from the expressions the movement binding and the constraints reach (through
 * every rule they call):
 * - `hexCap`: how far the count of hexes entered matters. Where `path.hexes`, `path.steps` or
 *   `step.number` is only ever compared with whole-number constants, counts above the largest
 *   constant behave alike (cap = largest + 1); anything else (arithmetic on the count) keeps every
 *   count (Infinity); no such read at all: 0.
 * - `aggregates`: every `any/all/count/max/min/sum step (…)` read; their values on the path so far are
 *   part of the search state.
 * - `localCost`: the step cost reads only its own step, the unit, vehicle and scenario (no path, no
 *   position, and no `all` when the allowance depends on the path), so each kind of step is priced once.
 * - `pathAllowance`: the allowance reads the path (ASL's extra MF for a move all along a road).
 * - `stateAllowance`: it reads the path only through the hexes entered and the aggregates (no step,
 *   position, `path.steps`, `path.spent` or `all`): the search state decides it, and the search asks
 *   it once per state less its hex rather than per label.
 * - `stepChecks`: the ruleset has constraints on single steps.
 * - `localStepChecks`: those constraints read only their own step, the unit, vehicle and scenario (no
 *   path, no position, no spent or `all`): whether a step passes is known per kind of step, once.
 * - `checksReadCost`: a constraint on the move reads what the path spent (`path.spent`, `all`); when
 *   not, whether the constraints hold depends only on the search state, and is asked once per state.
 * - `localKey`: every aggregate's body reads only its own step, the unit, vehicle and scenario (no
 *   path, no position, no spent, `all` or dice): each aggregate is then a fold of one value per step,
 *   so the aggregates' values on a path of one step or more and the next step decide their values
 *   one step on — the search asks the key once per (key, kind of step), not per edge.
 */
import type { Expr, RulesetIR } from "../ir/ir.js";
import { children, reads, ruleExprs, ruleReader } from "../ir/walk.js";

export interface ReachProfileIR {
  hexCap: number;
  aggregates: Expr[];
  localCost: boolean;
  pathAllowance: boolean;
  stateAllowance: boolean;
  stepChecks: boolean;
  localStepChecks: boolean;
  checksReadCost: boolean;
  localKey: boolean;
}

const COMPARE = new Set(["==", "!=", "<", "<=", ">", ">="]);

export function reachProfile(ir: RulesetIR): ReachProfileIR {
  const rules = new Map(ir.rules.map((r) => [r.name, r]));
  const m = ir.movement;
  const roots: Expr[] = [
    m.allowance,
    m.cost,
    ...(m.minimumMove ? [m.minimumMove] : []),
    ...ir.constraints.map((c) => c.cond),
  ];

  // Hex counts and aggregates, over everything the search evaluates.
  let cap = 0;
  const aggregates: Expr[] = [];
  const seenAgg = new Set<string>();
  const seenRules = new Set<string>();
  const countRead = (e: Expr): boolean =>
    (e.k === "path" && (e.name === "hexes" || e.name === "steps")) ||
    (e.k === "pos" && e.name === "number");
  const visit = (e: Expr): void => {
    if (e.k === "agg") {
      const key = JSON.stringify(e);
      if (!seenAgg.has(key)) {
        seenAgg.add(key);
        aggregates.push(e);
      }
      visitRulesIn(e.body);
      return;
    }
    if (e.k === "bin" && COMPARE.has(e.op)) {
      const [x, y] = countRead(e.a) ? [e.a, e.b] : countRead(e.b) ? [e.b, e.a] : [null, null];
      if (x !== null && y !== null && y.k === "num" && /^\d+$/.test(y.q)) {
        cap = Math.max(cap, Number(y.q) + 1);
        return;
      }
    }
    if (countRead(e)) cap = Infinity;
    if (e.k === "rule") visitRule(e.name);
    for (const c of children(e)) visit(c);
  };
  const visitRule = (name: string): void => {
    if (seenRules.has(name)) return;
    seenRules.add(name);
    const r = rules.get(name);
    if (r) ruleExprs(r).forEach(visit);
  };
  // Inside an aggregate the path's own values are in the aggregate's value; rules it calls still count.
  const visitRulesIn = (e: Expr): void => {
    if (e.k === "rule") visitRule(e.name);
    for (const c of children(e)) visitRulesIn(c);
  };
  roots.forEach(visit);

  const ruleReads = ruleReader(ir.rules);
  const readsOf = (root: Expr) => reads(root, ruleReads);
  const allowance = readsOf(m.allowance);
  const cost = readsOf(m.cost);
  const pathAllowance = allowance.path;
  // Whether `root` reads `path.steps` (through every rule it calls): a count the state does not keep
  // apart from the hexes entered where steps in place start the path (runtime/reach.ts `prefix`).
  const readsSteps = (root: Expr): boolean => {
    const seen = new Set<string>();
    const go = (e: Expr): boolean => {
      if (e.k === "path" && e.name === "steps") return true;
      if (e.k === "rule" && !seen.has(e.name)) {
        seen.add(e.name);
        const r = rules.get(e.name);
        if (r && ruleExprs(r).some(go)) return true;
      }
      return children(e).some(go);
    };
    return go(root);
  };
  return {
    hexCap: cap,
    aggregates,
    localCost: !cost.path && !cost.position && !(cost.all && pathAllowance),
    pathAllowance,
    stateAllowance:
      pathAllowance &&
      !allowance.step &&
      !allowance.position &&
      !allowance.spent &&
      !allowance.all &&
      !readsSteps(m.allowance),
    stepChecks: ir.constraints.some((c) => c.context === "step"),
    localStepChecks: ir.constraints
      .filter((c) => c.context === "step")
      .every((c) => {
        const r = readsOf(c.cond);
        return !r.path && !r.position && !r.spent && !r.all;
      }),
    checksReadCost: ir.constraints.some((c) => {
      const r = readsOf(c.cond);
      return r.spent || r.all;
    }),
    localKey: aggregates.every((a) => {
      const r = readsOf((a as Extract<Expr, { k: "agg" }>).body);
      return !r.path && !r.position && !r.spent && !r.all && !r.dice;
    }),
  };
}
