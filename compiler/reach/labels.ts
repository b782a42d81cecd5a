/**
 * The words and numbers the reach SVG and HTML share: a hex's cost as the rulebooks print it ("1½"),
 * a probability as a percentage, an allowance, a path ("B3 → B4 → C5"), and the scale that shades
 * reachable hexes (cost per measure, or probability for a dice ruleset without a fixed roll).
 */
import { allowanceText, costText, wholePercentText } from "../render/numbers.js";
import { assumedText, givenText } from "../render/answers.js";
import type { GivenValue } from "../../runtime/cases.js";
import type { ReachBypass, ReachHex, ReachReport, ReachRulesetResult } from "./report.js";

/**
 * What is printed in a reachable hex: its probability when the report gives one, else its cost;
 * followed by `?` where the answer turns on a field given as unknown (`dependsOn`: the cheapest case).
 */
export function hexValueText(h: ReachHex): string {
  const v = h.probability !== undefined ? wholePercentText(h.probability) : costText(h);
  return h.dependsOn !== undefined ? `${v}?` : v;
}

/** What a case holds for: "unit.kind squad or crew and unit.leader no". */
export function whenText(given: Readonly<Record<string, readonly GivenValue[]>>): string {
  return Object.entries(given)
    .map(([f, vs]) => givenText({ [f]: vs }))
    .join(" and ");
}

/**
 * A ruleset's allowance, per case where it turns on fields given as unknown: "6 MF when unit.leader
 * yes, 4 MF when unit.leader no".
 */
export function rulesetAllowanceText(r: ReachRulesetResult): string {
  const cases = r.cases ?? [];
  const differ = cases.some((c) => JSON.stringify(c.allowance) !== JSON.stringify(r.allowance));
  if (!differ) return allowanceText(r.allowance, r.measure);
  return cases
    .map((c) => `${allowanceText(c.allowance, r.measure)} when ${whenText(c.given)}`)
    .join(", ");
}

/**
 * A hex whose answer turns on fields given as unknown, case by case: "5 MF when unit.leader yes;
 * cannot end here when unit.leader no" (a chance for a dice ruleset without a fixed roll).
 */
export function hexCasesText(h: ReachHex, measure: string): string {
  return (h.cases ?? [])
    .map((c) => {
      const value =
        c.cost === null
          ? "cannot end here"
          : c.probability !== undefined
            ? `${wholePercentText(c.probability)} chance`
            : `${costText({ cost: c.cost, ...(c.exact !== undefined ? { exact: c.exact } : {}) })} ${measure}`;
      return `${value} when ${whenText(c.given)}`;
    })
    .join("; ");
}

/** A path as hex names, start first; a hex skirted in Bypass says so: `B2 (Bypass, 2 sides)`. */
export function pathText(path: readonly string[], bypass: readonly ReachBypass[] = []): string {
  return path
    .map((h, i) => {
      const b = bypass.find((x) => x.step === i);
      return b === undefined ? h : `${h} (Bypass, ${b.sides} side${b.sides === 1 ? "" : "s"})`;
    })
    .join(" → ");
}

/** Whether a ruleset's hexes are shaded by probability (a dice ruleset without a fixed roll). */
export function byProbability(r: ReachRulesetResult): boolean {
  return Object.values(r.hexes).some((h) => h.probability !== undefined);
}

/** One shading scale, shared by the panels with the same measure (so equal costs look equal). */
export interface Scale {
  key: string;
  label: string;
  probability: boolean;
  /** The largest cost (cost scales). */
  max: number;
  /** Legend entries: value → its text, lightest first. */
  stops: { t: number; text: string }[];
}

/** Position on the ramp (0 lightest): cost / max, or 1 − probability (a sure hex is light, like a cheap one). */
export function shade(scale: Scale, h: ReachHex): number {
  if (scale.probability) return 1 - (h.probability ?? 0);
  return scale.max > 0 ? h.cost / scale.max : 0;
}

function sample<T>(xs: readonly T[], k: number): T[] {
  if (xs.length <= k) return [...xs];
  return Array.from({ length: k }, (_, i) => xs[Math.round((i * (xs.length - 1)) / (k - 1))]!);
}

export function scaleKey(r: ReachRulesetResult): string {
  return byProbability(r) ? "probability" : `cost ${r.measure}`;
}

/** The scales of a report, in the order their panels first appear. */
export function scales(report: ReachReport): Scale[] {
  const out = new Map<string, Scale>();
  const values = new Map<string, ReachHex[]>();
  for (const r of report.results) {
    const key = scaleKey(r);
    if (!out.has(key)) {
      const probability = key === "probability";
      out.set(key, {
        key,
        label: probability
          ? "Chance that the roll reaches the hex"
          : `Least cost to reach (${r.measure})`,
        probability,
        max: 0,
        stops: [],
      });
      values.set(key, []);
    }
    const into = values.get(key)!;
    for (const h of Object.values(r.hexes)) into.push(h);
  }
  for (const s of out.values()) {
    const hexes = values.get(s.key)!;
    if (s.probability) {
      const ps = [...new Set(hexes.map((h) => Math.round((h.probability ?? 0) * 100)))].sort(
        (a, b) => b - a,
      );
      s.stops = sample(ps, 12).map((p) => ({ t: 1 - p / 100, text: `${p}%` }));
    } else {
      s.max = 0;
      for (const h of hexes) if (Number.isFinite(h.cost)) s.max = Math.max(s.max, h.cost);
      const byText = new Map<string, number>();
      for (const h of [...hexes].sort((a, b) => a.cost - b.cost))
        if (Number.isFinite(h.cost)) byText.set(costText(h), h.cost);
      s.stops = sample([...byText.entries()], 12).map(([text, cost]) => ({
        t: s.max > 0 ? cost / s.max : 0,
        text,
      }));
    }
  }
  return [...out.values()];
}

/**
 * "  assuming no unit.leader (the default)": a line per default the reach turns on (its `assumed`),
 * in eval's words (compiler/render/answers.ts `assumedText`).
 */
export function assumedLines(assumed: Readonly<Record<string, GivenValue>> | undefined): string[] {
  if (assumed === undefined) return [];
  const list = Object.entries(assumed).map(([field, value]) => ({ field, value }));
  return assumedText({ assumed: list }).map((t) => `  ${t}`);
}
