/**
 * A scenario's answer (compiler/interpret/answers.ts) as every surface shows it: its verdict in a few
 * words ("legal", "reaches its end with probability 15/36 (41.7%)", "needs path[0].inches"), the
 * values a case holds for ("vehicle.kind tank, td, spa or assault-gun"), and its JSON (the `eval
 * --json` contract: `dependsOn` + `cases`, `needs`, `"legal": null` with an exact `probability`).
 * Pure, plain text.
 */
import { givenRecord, needsRecord, replyRecord } from "../../runtime/cases.js";
import { legalByChance, withChance } from "../../runtime/chance.js";
import { formatQuantity } from "../../runtime/format.js";
import type { CaseAnswer, GivenValue, ScenarioReply } from "../interpret/answers.js";
import { orList } from "./plain.js";

/** 15, 36 → "15/36 (41.7%)". */
export function chanceText(n: number, of: number): string {
  return `${n}/${of} (${((n / of) * 100).toFixed(1)}%)`;
}

/**
 * Whether the case's move is legal: true or false when certain (for a case that leaves out a number,
 * when the text decides it whatever the number), null when the roll decides or it turns on the number.
 */
export function caseLegal(c: CaseAnswer): boolean | null {
  if (c.result === null) return c.partial?.legal ?? null;
  if (c.chance === null) return c.result.legal;
  return legalByChance(c.chance);
}

/**
 * "legal", "not legal", "reaches its end with probability 15/36 (41.7%)"; for a case that leaves out a
 * number (`partialVerdictText`): "not legal at any distance", "legal up to 6 inch (path[0].inches)",
 * "legal from 2 MP (vehicle.mp)", "needs path[0].inches". `measure` is the movement's (for a threshold).
 */
export function verdictText(c: CaseAnswer, measure = ""): string {
  if (c.result === null) return partialVerdictText(c, measure);
  const legal = caseLegal(c);
  if (legal === null)
    return `reaches its end with probability ${chanceText(c.chance!.legal, c.chance!.rolls)}`;
  return legal ? "legal" : "not legal";
}

/**
 * What a case that leaves out numbers says of legality: decided whatever they are ("not legal at any
 * distance" when they are steps' lengths or costs, else "not legal whatever vehicle.mp is"; "legal …";
 * by the dice, "reaches its end with probability 3/6 (50.0%) at any distance"), up to a value of the
 * one it turns on ("legal up to 6 inch (path[0].inches)"), from a value of it ("legal from 2 MP
 * (vehicle.mp)", runtime/cases.ts `threshold`), or "needs path[0].inches".
 */
export function partialVerdictText(c: CaseAnswer, measure = ""): string {
  const p = c.partial;
  if (p === null) return `needs ${c.needs.join(", ")}`;
  const whatever = c.needs.every((f) => f.startsWith("path["))
    ? "at any distance"
    : `whatever ${c.needs.join(" and ")} ${c.needs.length > 1 ? "are" : "is"}`;
  if (p.legal === true) return `legal ${whatever}`;
  if (p.legal === false) return `not legal ${whatever}`;
  if (p.legal === null)
    return `reaches its end with probability ${chanceText(p.legalRolls!, p.rolls!)} ${whatever}`;
  if (p.legalUpTo !== undefined) {
    // The number's own measure (probed with it given, runtime/cases.ts), else the movement's.
    const at = formatQuantity(p.legalUpTo.exact ?? String(p.legalUpTo.at));
    const of = p.legalUpTo.measure ?? measure;
    return `legal up to ${at}${of === "" ? "" : ` ${of}`} (${p.legalUpTo.field})`;
  }
  if (p.legalFrom !== undefined) {
    // The number's own measure (a vehicle's MP), not the movement's.
    const { exact, at, measure: of, field } = p.legalFrom;
    return `legal from ${formatQuantity(exact ?? String(at))}${of === undefined ? "" : ` ${of}`} (${field})`;
  }
  return `needs ${c.needs.join(", ")}`;
}

/**
 * "assuming no unit.leader (the default)", "assuming phase movement (the default)": the defaults the
 * answer turns on (runtime/cases.ts `assumed`), one each.
 */
export function assumedText(reply: Pick<ScenarioReply, "assumed">): string[] {
  return reply.assumed
    .map(({ field, value }) =>
      value === false ? `no ${field}` : value === true ? field : `${field} ${value}`,
    )
    .map((t) => `assuming ${t} (the default)`);
}

/** [tank, td, spa] → "tank, td or spa"; booleans as "yes"/"no". */
function valuesText(vs: readonly GivenValue[]): string {
  return orList(vs.map((v) => (v === true ? "yes" : v === false ? "no" : String(v))));
}

/** "vehicle.kind tank, td, spa or assault-gun; year …": what a case holds for. */
export function givenText(given: Readonly<Record<string, readonly GivenValue[]>>): string {
  return Object.entries(given)
    .map(([f, vs]) => `${f} ${valuesText(vs)}`)
    .join("; ");
}

/** "depends on vehicle.kind: tank, td, spa or assault-gun: not legal [31.11]; halftrack or truck: legal". */
export function dependsText(reply: ScenarioReply): string {
  const cases = reply.cases.map((c) => {
    const vs = Object.values(c.given).map(valuesText).join(", ");
    const rules = [
      ...new Set(
        (c.chance?.violations ?? c.result?.violations ?? c.partial?.violations ?? []).map(
          (v) => v.rule,
        ),
      ),
    ];
    return `${vs}: ${verdictText(c)}${rules.length > 0 ? ` [${rules.join(", ")}]` : ""}`;
  });
  return `depends on ${reply.dependsOn.join(", ")}: ${cases.join("; ")}`;
}

/**
 * One case as JSON: the move's result (`legal` null with `probability` "15/36" where the roll
 * decides, the per-roll violations folded), or what can be answered without a number (`allowance`,
 * `covers`: whole unit → rolls that cover it, `needs`). `extra` adds fields to the result (the CLI's
 * predicates and step answers).
 */
export function caseJson(
  c: CaseAnswer,
  extra: (r: NonNullable<CaseAnswer["result"]>) => Record<string, unknown> = () => ({}),
): Record<string, unknown> {
  if (c.result === null) return { ...needsRecord(c) };
  const r = c.result;
  const { ruleset: _ruleset, probability: _p, crossings, ...rest } = r;
  const out: Record<string, unknown> = { ...givenRecord(c.given), ...rest };
  if (c.chance !== null) {
    const w = withChance(r, c.chance);
    out["legal"] = w.legal;
    out["probability"] = w.probability;
    out["violations"] = w.violations;
    if (crossings !== undefined) out["crossings"] = crossings;
  }
  return { ...out, ...extra(r) };
}

/** A ruleset's answer as `eval --json` prints it: `{ ruleset, …one case… }` or `{ ruleset, dependsOn, cases }`. */
export function replyJson(
  ruleset: string,
  reply: ScenarioReply,
  notApplicable: readonly string[],
  extra?: (c: CaseAnswer, r: NonNullable<CaseAnswer["result"]>) => Record<string, unknown>,
): Record<string, unknown> {
  return replyRecord(ruleset, reply, notApplicable, (c) =>
    caseJson(c, extra && ((r) => extra(c, r))),
  );
}
