/**
 * IR → reach profile: what the search on a map (runtime/reach.ts) must keep apart about a path for
 * this ruleset. Read from the expressions the movement binding and the constraints reach (through
 * every rule they call):
 * - `hexCap`: how far the count of hexes entered matters. Where `path.hexes`, `path.steps` or
 *   `step.number` is only ever compared with whole-number constants, counts above the largest
 *   constant behave alike (cap = largest + 1); anything else (arithmetic on the count) keeps every
 *   count (Infinity); no such read at all: 0.
 * - `aggregates`: every `any/all/count/max/min/sum step (…)` read; their values on the path so far are
 *   part of the search state. An aggregate in a rule with parameters is kept once per argument the
 *   ruleset can pass, the parameters bound (a rule is visited once per binding of its parameters):
 *   an argument the same on every path (constants, enum members, the unit, vehicle and scenario) is
 *   put in the parameter's place; one read from the path or a step (`seen(step.terrain)`) of an enum
 *   or bool type gives an instance per value of the type. Two labels with the same values of all
 *   instances then price every continuation alike, whatever argument a rule is called with.
 * - `pathKey`: some aggregate reads what no value of the key can hold — `base`, or a parameter given a
 *   number (or set) read from the path or a step, or more than 64 instances of one aggregate: the path
 *   itself (its kinds of step, in order) is the search state; `aggregates` is then empty. Correct, and
 *   slower: labels merge only where their paths take the same kinds of step.
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
 * - `pathHalts`: `halt-at` (an obstacle the allowance must carry the unit past) reads the path (hexes
 *   entered, `path.steps`, an aggregate), `step.last`, or `all` where the allowance reads the path.
 *   Eval asks it over the whole move, so whether a step halts can turn on the steps after it: no key
 *   of values holds that, so the path is the state (`pathKey`), and reach judges every step of a path
 *   again where a move ends. Read otherwise (its own step, `step.number`, against the hex counts kept
 *   by `hexCap`), a step halts or not where it is entered. `halt-allowance` (how far a halted unit
 *   gets) is not read: reach never asks it, as a move that halts is illegal however far it gets.
 * - `localKey`: every aggregate's body reads only its own step, the unit, vehicle and scenario (no
 *   path, no position, no spent, `all` or dice): each aggregate is then a fold of one value per step,
 *   so the aggregates' values on a path of one step or more and the next step decide their values
 *   one step on — the search asks the key once per (key, kind of step), not per edge.
 * - `keyFolds` (where `localKey` is false): per aggregate, what its body reads of the path beyond its
 *   own step — the indices of the aggregates it reads through the rules it calls, and -1 for the
 *   hexes entered ([] : only its own step and `step.number`, ASL's "the last Bypass step"); null
 *   where some body reads what the key does not hold (`step.last`, `path.steps`, spent, `all`, dice,
 *   an aggregate written in the body itself or in a rule with parameters, the hexes entered read in
 *   the body itself, whose comparisons do not set `hexCap`) or an aggregate read by another reads
 *   the path. Each aggregate is then a fold whose step values are fixed once the step
 *   is taken — a step's number is its place, and a body reading other parts of the key (ASL A4.72's
 *   Difficult Terrain, measured against the MF a road move adds) keeps its values on the steps
 *   before while those parts and the hex count (capped) stay — so the key one step on follows from
 *   the key, the steps taken and the new step (runtime/reach.ts asks it once per such triple, and of
 *   the whole path where a read part changes).
 */
import type { Expr, RulesetIR, Type } from "../ir/ir.js";
import { children, mapChildren, reads, ruleExprs, ruleReader, some, walk } from "../ir/walk.js";

export interface ReachProfileIR {
  readonly hexCap: number;
  readonly aggregates: readonly Expr[];
  localCost: boolean;
  pathAllowance: boolean;
  stateAllowance: boolean;
  stepChecks: boolean;
  localStepChecks: boolean;
  checksReadCost: boolean;
  localKey: boolean;
  keyFolds: number[][] | null;
  pathKey: boolean;
  pathHalts: boolean;
}

const COMPARE = new Set(["==", "!=", "<", "<=", ">", ">="]);

/** What a rule's parameter stands for where the profile reaches the rule through a call. */
type Binding =
  /** The argument, the same on every path (constants, the unit, vehicle and scenario). */
  | { k: "expr"; e: Expr }
  /** Read from the path or a step: each of the values of its type. */
  | { k: "every"; values: Expr[] }
  /** Read from the path or a step, of a type whose values are not enumerated (a number, a set). */
  | { k: "open" };
type Env = ReadonlyMap<string, Binding>;

/** Instances of one aggregate beyond which the path is the state (the key would outgrow the path). */
const MAX_INSTANCES = 64;

/** `e` with each parameter bound to an expression in `env` replaced by it. */
function bindParams(e: Expr, env: Env): Expr {
  if (e.k === "param") {
    const b = env.get(e.name);
    return b?.k === "expr" ? b.e : e;
  }
  return env.size === 0 ? e : mapChildren(e, (c) => bindParams(c, env));
}

/** A binding as text: one visit of a rule per binding of its parameters. */
function bindingKey(b: Binding): string {
  return b.k === "expr" ? JSON.stringify(b.e) : b.k === "every" ? "*" : "?";
}

/** Every value of a type with few (an enum's members, true and false), as constants; else null. */
function valuesOf(ir: RulesetIR, type: Type): Expr[] | null {
  if (type.t === "bool")
    return [
      { k: "bool", v: false },
      { k: "bool", v: true },
    ];
  if (type.t !== "enum") return null;
  const en = ir.enums.find((x) => x.name === type.name);
  return en ? en.members.map((m) => ({ k: "member", enum: type.name, name: m.name })) : null;
}

/** Each ruleset's profile, worked out once: every unit a map or an example places asks again. */
const profiles = new WeakMap<RulesetIR, ReachProfileIR>();

/** What the reach search needs to know of a ruleset's movement (above), once per ruleset. */
export function reachProfile(ir: RulesetIR): ReachProfileIR {
  let p = profiles.get(ir);
  if (p === undefined) profiles.set(ir, (p = profileOf(ir)));
  return p;
}

function profileOf(ir: RulesetIR): ReachProfileIR {
  const rules = new Map(ir.rules.map((r) => [r.name, r]));
  const m = ir.movement;
  const roots: Expr[] = [
    m.allowance,
    m.cost,
    ...(m.minimumMove ? [m.minimumMove] : []),
    ...(m.haltAt ? [m.haltAt] : []),
    ...ir.constraints.map((c) => c.cond),
  ];

  // Hex counts and aggregates, over everything the search evaluates. A rule is visited once per
  // binding of its parameters (a rule without any: once).
  let cap = 0;
  const aggregates: Expr[] = [];
  let pathKey = false;
  const seenAgg = new Set<string>();
  const seenRules = new Set<string>();
  const ruleReads = ruleReader(ir.rules);
  const countRead = (e: Expr): boolean =>
    (e.k === "path" && (e.name === "hexes" || e.name === "steps")) ||
    (e.k === "pos" && e.name === "number");
  /** An aggregate, its parameters bound: each instance a part of the key, or the path the state. */
  const keyPart = (e: Extract<Expr, { k: "agg" }>, env: Env): void => {
    const bound = bindParams(e, env);
    const every: { name: string; values: Expr[] }[] = [];
    let open = false;
    walk(bound, (x) => {
      if (x.k === "base") open = true;
      if (x.k !== "param" || every.some((p) => p.name === x.name)) return;
      const b = env.get(x.name);
      if (b?.k === "every") every.push({ name: x.name, values: b.values });
      else open = true;
    });
    const instances = every.reduce((n, p) => n * p.values.length, 1);
    if (open || instances > MAX_INSTANCES) {
      pathKey = true;
      return;
    }
    // One instance per combination of the values of the parameters read from the path or the step.
    let combos: Env[] = [new Map()];
    for (const p of every)
      combos = combos.flatMap((c) =>
        p.values.map((v) => new Map([...c, [p.name, { k: "expr", e: v } as Binding]])),
      );
    for (const c of combos) {
      const a = bindParams(bound, c);
      const key = JSON.stringify(a);
      if (!seenAgg.has(key)) {
        seenAgg.add(key);
        aggregates.push(a);
      }
    }
  };
  const visit = (e: Expr, env: Env): void => {
    if (e.k === "agg") {
      keyPart(e, env);
      visitRulesIn(e.body, env);
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
    if (e.k === "rule") visitRule(e, env);
    for (const c of children(e)) visit(c, env);
  };
  /** The rule `call` calls, its parameters bound to what the caller (in `env`) passes. */
  const visitRule = (call: Extract<Expr, { k: "rule" }>, env: Env): void => {
    const r = rules.get(call.name);
    if (!r) return;
    const inner: Env = new Map(
      r.params.map((p, i) => [p.name, bindArg(call.args[i]!, p.type, env)] as const),
    );
    const id = `${call.name}(${[...inner.values()].map(bindingKey).join(",")})`;
    if (seenRules.has(id)) return;
    seenRules.add(id);
    ruleExprs(r).forEach((x) => visit(x, inner));
  };
  // Inside an aggregate the path's own values are in the aggregate's value; rules it calls still count.
  const visitRulesIn = (e: Expr, env: Env): void => {
    if (e.k === "rule") visitRule(e, env);
    for (const c of children(e)) visitRulesIn(c, env);
  };
  /**
   * What a parameter of type `type` stands for when a caller whose own parameters are bound in `env`
   * passes `arg`: the argument itself where it is the same on every path (constants, the unit,
   * vehicle and scenario); else every value of its type (an enum's members, true and false); else
   * nothing the key can enumerate.
   */
  const bindArg = (arg: Expr, type: Type, env: Env): Binding => {
    const e = bindParams(arg, env);
    const free = some(e, (x) => x.k === "param" || x.k === "base");
    const r = reads(e, ruleReads);
    if (!free && !r.step && !r.stepField && !r.path && !r.position && !r.all && !r.dice)
      return { k: "expr", e };
    const values = valuesOf(ir, type);
    return values === null ? { k: "open" } : { k: "every", values };
  };
  roots.forEach((e) => visit(e, new Map()));

  const readsOf = (root: Expr) => reads(root, ruleReads);
  const allowance = readsOf(m.allowance);
  const cost = readsOf(m.cost);
  const pathAllowance = allowance.path;
  /** Whether `root` holds an expression `test` accepts, in it or any rule it calls. */
  const holds = (root: Expr, test: (e: Expr) => boolean): boolean => {
    const seen = new Set<string>();
    const go = (e: Expr): boolean => {
      if (test(e)) return true;
      if (e.k === "rule" && !seen.has(e.name)) {
        seen.add(e.name);
        const r = rules.get(e.name);
        if (r && ruleExprs(r).some(go)) return true;
      }
      return children(e).some(go);
    };
    return go(root);
  };
  // Whether `root` reads `path.steps`: a count the state does not keep apart from the hexes entered
  // where steps in place start the path (runtime/reach.ts `prefix`).
  const readsSteps = (root: Expr): boolean =>
    holds(root, (e) => e.k === "path" && e.name === "steps");
  // Halting that eval decides over the whole move (see `pathHalts` above): the path is the state.
  const haltReads = m.haltAt === undefined ? null : readsOf(m.haltAt);
  const pathHalts =
    haltReads !== null &&
    ((haltReads.all && pathAllowance) ||
      holds(
        m.haltAt!,
        (e) =>
          (e.k === "path" && e.name !== "spent") ||
          e.k === "agg" ||
          (e.k === "pos" && e.name === "last"),
      ));
  if (pathHalts) pathKey = true;
  const localKey =
    !pathKey &&
    aggregates.every((a) => {
      const r = readsOf((a as Extract<Expr, { k: "agg" }>).body);
      return !r.path && !r.position && !r.spent && !r.all && !r.dice;
    });
  /**
   * The aggregates an aggregate's body reads through the rules it calls, as indices into
   * `aggregates`, and -1 for the hexes entered; null where one is not a part of the key (written in
   * the body itself, or in a rule with parameters) or the body reads the path otherwise.
   */
  const foldReads = (body: Expr): number[] | null => {
    const r = readsOf(body);
    if (r.spent || r.all || r.dice) return null;
    if (
      holds(
        body,
        (e) => (e.k === "pos" && e.name === "last") || (e.k === "path" && e.name !== "hexes"),
      )
    )
      return null;
    if (!r.path) return [];
    const deps = new Set<number>();
    let ok = true;
    const seen = new Set<string>();
    const go = (e: Expr, inRule: boolean): void => {
      if (e.k === "agg") {
        const i = inRule
          ? aggregates.findIndex((a) => JSON.stringify(a) === JSON.stringify(e))
          : -1;
        if (i < 0) ok = false;
        else deps.add(i);
        return;
      }
      // The hexes entered, read in a rule (whose comparisons set the cap; read in the body itself,
      // they do not).
      if (e.k === "path") {
        if (inRule) deps.add(-1);
        else ok = false;
      }
      if (e.k === "rule" && !seen.has(e.name)) {
        seen.add(e.name);
        const rule = rules.get(e.name);
        if (rule) ruleExprs(rule).forEach((x) => go(x, true));
      }
      children(e).forEach((c) => go(c, inRule));
    };
    go(body, false);
    return ok ? [...deps].sort((a, b) => a - b) : null;
  };
  let keyFolds: number[][] | null = null;
  if (!pathKey && !localKey && aggregates.length > 0) {
    const reads = aggregates.map((a) => foldReads((a as Extract<Expr, { k: "agg" }>).body));
    // An aggregate read by another must fold on its own (its body reads no path).
    if (
      reads.every(
        (d) => d !== null && d.every((i) => i < 0 || (reads[i] !== null && reads[i]!.length === 0)),
      )
    )
      keyFolds = reads as number[][];
  }
  return {
    hexCap: cap,
    aggregates: pathKey ? [] : aggregates,
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
    localKey,
    keyFolds,
    pathKey,
    pathHalts,
  };
}
