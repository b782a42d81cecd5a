import { describe, expect, it } from "vitest";
import {
  evaluateMove,
  NA_RAT,
  pricePath,
  Rat,
  ratNum,
  tickNum,
  toTicks,
  type MoveContext,
  type MoveModel,
  type Num,
  type Violation,
} from "../../runtime/index.js";

/** A hand-written ruleset: each step states its cost; the allowance is the unit's MF plus the dice. */
interface Step {
  /** Cost in MF, or null for NA. */
  cost: number | null;
  /** Enters a hex (default) or is an action in place. */
  hex?: boolean;
  /** Extra citation traced when this step is priced. */
  cite?: string;
  /** Traces no citation at all. */
  silent?: boolean;
  /** Breaks step constraint C2. */
  forbidden?: boolean;
}
interface Unit {
  mf: number | null;
  minimumMove?: boolean;
  maxHexes?: number;
}
interface Vehicle {
  spent: number;
}
type Ctx<T> = MoveContext<T, Unit, Vehicle, Step, null>;

const SCALE = 12;
const ticks = tickNum(SCALE);
const fromTicks = (x: number | null): number => (x === null ? NaN : toTicks(x, SCALE));
const fromRat = (x: number | null): Rat => {
  if (x === null) return NA_RAT;
  const t = toTicks(x, SCALE);
  return Rat.of(t, SCALE);
};

function makeModel<T>(
  num: Num<T>,
  conv: (x: number | null) => T,
  dice = 0,
): MoveModel<T, Ctx<T>> & { spentSeen: T[] } {
  const spentSeen: T[] = [];
  return {
    id: "toy",
    title: "Toy ruleset",
    measure: "MF",
    cite: "M1",
    dice,
    sides: 6,
    spentSeen,
    isHex: (ctx, i) => ctx.path[i].hex !== false,
    allowance(ctx, trace) {
      trace?.push("A1");
      let a = conv(ctx.unit.mf);
      if (dice > 0 && ctx.roll !== null) a = num.add(a, conv(ctx.roll.reduce((s, f) => s + f, 0)));
      return a;
    },
    stepCost(ctx, trace) {
      const step = ctx.path[ctx.i];
      if (step.silent !== true) trace?.push("T1", "T1");
      if (step.cite !== undefined) trace?.push(step.cite);
      expect(num.isNA(ctx.allowance) || !num.gt(num.zero, ctx.allowance)).toBe(true);
      return conv(step.cost);
    },
    minimumMove: (ctx) => ctx.unit.minimumMove === true,
    checkMove(ctx, out: Violation[]) {
      spentSeen.push(ctx.spent);
      if (ctx.unit.maxHexes !== undefined && ctx.hexes > ctx.unit.maxHexes)
        out.push({ rule: "C1", message: "too many hexes" });
    },
    checkStep(ctx, out: Violation[]) {
      if (ctx.path[ctx.i].forbidden === true)
        out.push({ rule: "C2", message: "may not enter", step: ctx.i + 1 });
    },
    vehicleSpent: (ctx) => (ctx.vehicle === null ? null : conv(ctx.vehicle.spent)),
  };
}

function ctxOf<T>(
  num: Num<T>,
  unit: Unit,
  path: Step[],
  opts: { vehicle?: Vehicle; roll?: number[] } = {},
): Ctx<T> {
  return {
    unit,
    vehicle: opts.vehicle ?? null,
    scenario: null,
    path,
    i: 0,
    roll: opts.roll ?? null,
    allowance: num.zero,
    spent: num.zero,
    hexes: 0,
  };
}

function run(
  unit: Unit,
  path: Step[],
  opts: { vehicle?: Vehicle; roll?: number[]; dice?: number; trace?: boolean } = {},
) {
  const m = makeModel(ticks, fromTicks, opts.dice ?? 0);
  const res = evaluateMove(m, ticks, ctxOf(ticks, unit, path, opts), {
    trace: opts.trace ?? true,
    notApplicable: ["shock"],
  });
  const mr = makeModel(ratNum, fromRat, opts.dice ?? 0);
  const resRat = evaluateMove(mr, ratNum, ctxOf(ratNum, unit, path, opts), {
    trace: opts.trace ?? true,
    notApplicable: ["shock"],
  });
  // The loop is generic: ticks and rationals must give the same report.
  expect(resRat).toEqual(res);
  return res;
}

describe("evaluateMove", () => {
  it("prices a legal move with traced citations, deduplicated in order", () => {
    const res = run({ mf: 4 }, [{ cost: 1 }, { cost: 0.5, cite: "T2" }, { cost: 2 }]);
    expect(res).toEqual({
      ruleset: "toy",
      allowance: 4,
      spent: 3.5,
      legal: true,
      steps: [
        { cost: 1, display: "1", rules: ["T1"] },
        { cost: 0.5, display: "½", rules: ["T1", "T2"] },
        { cost: 2, display: "2", rules: ["T1"] },
      ],
      violations: [],
      vehicleSpent: null,
      notApplicable: ["shock"],
      exact: { spent: "7/2" },
    });
    // JSON key order is part of the contract's determinism.
    expect(Object.keys(res)).toEqual([
      "ruleset",
      "allowance",
      "spent",
      "legal",
      "steps",
      "violations",
      "vehicleSpent",
      "notApplicable",
      "exact",
    ]);
  });

  it("reports an NA step as a violation citing the rule that priced it", () => {
    const path: Step[] = [{ cost: 1 }, { cost: 2 }, { cost: null, cite: "X9" }];
    for (const trace of [true, false]) {
      const res = run({ mf: 4 }, path, { trace });
      expect(res.legal).toBe(false);
      expect(res.spent).toBe(3);
      expect(res.violations).toEqual([
        { rule: "X9", message: "step 3: this move is not allowed", step: 3 },
      ]);
      expect(res.steps[2]).toEqual({ cost: null, display: "NA", rules: trace ? ["T1", "X9"] : [] });
      expect(res.steps[0].rules).toEqual(trace ? ["T1"] : []);
    }
  });

  it("cites the last traced rule of an NA step, or the movement binding when nothing was traced", () => {
    const res = run({ mf: 4 }, [{ cost: null }, { cost: null, silent: true }]);
    expect(res.violations).toEqual([
      { rule: "T1", message: "step 1: this move is not allowed", step: 1 },
      { rule: "M1", message: "step 2: this move is not allowed", step: 2 },
    ]);
    expect(res.steps[1]).toEqual({ cost: null, display: "NA", rules: [] });
    expect(res.spent).toBe(0);
    expect(res.exact).toEqual({ spent: "0" });
  });

  it("makes overspending illegal, with formatted quantities", () => {
    const res = run({ mf: 4 }, [{ cost: 2 }, { cost: 3 }]);
    expect(res.legal).toBe(false);
    expect(res.violations).toEqual([{ rule: "M1", message: "spends 5 MF but has only 4" }]);

    const frac = run({ mf: 2.5 }, [{ cost: 3 }, { cost: 0.5 }]);
    expect(frac.violations).toEqual([{ rule: "M1", message: "spends 3½ MF but has only 2½" }]);
    expect(frac.exact).toEqual({ allowance: "5/2", spent: "7/2" });
    expect(frac.allowance).toBe(2.5);

    expect(run({ mf: 4 }, [{ cost: 2 }, { cost: 2 }]).legal).toBe(true); // spending exactly all is fine
  });

  it("lets a one-hex move overspend only under Minimum Move", () => {
    expect(run({ mf: 1, minimumMove: true }, [{ cost: 3 }]).legal).toBe(true);
    expect(run({ mf: 1, minimumMove: false }, [{ cost: 3 }]).violations).toEqual([
      { rule: "M1", message: "spends 3 MF but has only 1" },
    ]);
    // An action in place does not count as a hex entered.
    expect(run({ mf: 1, minimumMove: true }, [{ cost: 3 }, { cost: 1, hex: false }]).legal).toBe(
      true,
    );
    // Two hexes: Minimum Move does not apply.
    expect(run({ mf: 1, minimumMove: true }, [{ cost: 3 }, { cost: 1 }]).legal).toBe(false);
  });

  it("runs step and move constraints, with the final spent and hexes", () => {
    const m = makeModel(ticks, fromTicks);
    const ctx = ctxOf(ticks, { mf: 6, maxHexes: 1 }, [
      { cost: 1 },
      { cost: 1, forbidden: true },
      { cost: 0.5, hex: false },
    ]);
    const res = evaluateMove(m, ticks, ctx, {});
    expect(res.violations).toEqual([
      { rule: "C2", message: "may not enter", step: 2 },
      { rule: "C1", message: "too many hexes" },
    ]);
    expect(res.legal).toBe(false);
    expect(res.notApplicable).toEqual([]);
    expect(m.spentSeen).toEqual([30]);
    expect(ctx.hexes).toBe(2);
    expect(ctx.spent).toBe(30);
    expect(ctx.allowance).toBe(72);
  });

  it("reports what the vehicle spends, with its exact value when fractional", () => {
    const res = run({ mf: 4 }, [{ cost: 1 }], { vehicle: { spent: 0.5 } });
    expect(res.vehicleSpent).toBe(0.5);
    expect(res.exact).toEqual({ spent: "1", vehicleSpent: "1/2" });
    const whole = run({ mf: 4 }, [{ cost: 1 }], { vehicle: { spent: 8 } });
    expect(whole.vehicleSpent).toBe(8);
    expect(whole.exact).toEqual({ spent: "1" });
  });

  it("reports an NA allowance as a violation, without an overspend check", () => {
    const res = run({ mf: null }, [{ cost: 1 }]);
    expect(res.legal).toBe(false);
    expect(res.violations).toEqual([
      { rule: "A1", message: "this unit may not move (its allowance is NA)" },
    ]);
    expect(res.allowance).toBeNaN();
    expect(res.exact.allowance).toBe("NA");
  });

  it("enumerates dice into an allowance distribution when no roll is fixed", () => {
    const m = makeModel(ticks, fromTicks, 2);
    const ctx = ctxOf(ticks, { mf: 0 }, [{ cost: 2 }, { cost: 1 }]);
    const res = evaluateMove(m, ticks, ctx, { trace: true });
    expect(ctx.roll).toBeNull();
    expect(typeof res.allowance).toBe("object");
    if (typeof res.allowance === "number") throw new Error("expected a distribution");
    expect(res.allowance.min).toBe(2);
    expect(res.allowance.max).toBe(12);
    expect(res.allowance.mean).toBe(7);
    expect(res.allowance.distribution["7"]).toBe(6 / 36);
    expect(res.allowance.distribution["2"]).toBe(1 / 36);
    // Spending 3 is illegal only on a roll of 2, so the move is not legal under every roll.
    expect(res.legal).toBe(false);
    expect(res.violations).toEqual([{ rule: "M1", message: "spends 3 MF but has only 2" }]);
    expect(res.spent).toBe(3);
    expect(res.steps.map((s) => s.rules)).toEqual([["T1"], ["T1"]]);
    expect(res.exact).toEqual({ spent: "3" });
    expect(m.spentSeen.length).toBe(36);

    // The same through the interpreter's rationals.
    const mr = makeModel(ratNum, fromRat, 2);
    expect(
      evaluateMove(mr, ratNum, ctxOf(ratNum, { mf: 0 }, [{ cost: 2 }, { cost: 1 }]), {
        trace: true,
      }),
    ).toEqual(res);
  });

  it("deduplicates violations across rolls and keeps the union", () => {
    const res = run({ mf: 0 }, [{ cost: 3 }, { cost: null }], { dice: 1 });
    expect(res.violations).toEqual([
      { rule: "T1", message: "step 2: this move is not allowed", step: 2 },
      { rule: "M1", message: "spends 3 MF but has only 1" },
      { rule: "M1", message: "spends 3 MF but has only 2" },
    ]);
    const all = run({ mf: 10 }, [{ cost: 1 }], { dice: 1 });
    expect(all.legal).toBe(true);
    expect(all.allowance).toEqual({
      min: 11,
      max: 16,
      mean: 13.5,
      distribution: {
        "11": 1 / 6,
        "12": 1 / 6,
        "13": 1 / 6,
        "14": 1 / 6,
        "15": 1 / 6,
        "16": 1 / 6,
      },
    });
  });

  it("prices one pass when the roll is fixed", () => {
    const res = run({ mf: 0 }, [{ cost: 3 }], { dice: 2, roll: [3, 4] });
    expect(res.allowance).toBe(7);
    expect(res.legal).toBe(true);
    const low = run({ mf: 0 }, [{ cost: 3 }], { dice: 2, roll: [1, 1] });
    expect(low.legal).toBe(false);
  });
});

describe("pricePath", () => {
  it("sums costs exactly in ticks and sets the context", () => {
    const m = makeModel(ticks, fromTicks);
    const path: Step[] = Array.from({ length: 12 }, () => ({ cost: 1 / 3 }));
    path.push({ cost: 1, hex: false });
    const ctx = ctxOf(ticks, { mf: 5 }, path);
    expect(pricePath(m, ticks, ctx)).toBe(60);
    expect(ticks.toExact(ctx.spent)).toBe("5");
    expect(ctx.hexes).toBe(12);
    expect(ctx.allowance).toBe(60);
    expect(ctx.i).toBe(12);
  });

  it("propagates NA, with ticks and with rationals", () => {
    const path: Step[] = [{ cost: 1 }, { cost: null }, { cost: 1 }];
    expect(pricePath(makeModel(ticks, fromTicks), ticks, ctxOf(ticks, { mf: 4 }, path))).toBeNaN();
    expect(pricePath(makeModel(ratNum, fromRat), ratNum, ctxOf(ratNum, { mf: 4 }, path))).toBe(
      NA_RAT,
    );
    const ok: Step[] = [{ cost: 0.5 }, { cost: 0.25 }];
    expect(
      pricePath(makeModel(ratNum, fromRat), ratNum, ctxOf(ratNum, { mf: 4 }, ok)).toString(),
    ).toBe("3/4");
  });
});
