/**
 * A stack moving with its leader in `reach --all` (docs/maps.md, "Several units"; SL 5.44, ASL A4.12):
 * a placed unit whose `with` names a leader of its side in its hex moves with him, so it gets what a
 * scenario's `leader` gives (the leader's bonus, and where the ruleset reads it his own load,
 * `leaderPortage`, for the IPC he lends: ASL A4.42), and the stack — the leader and every unit with
 * him — ends only where one path is legal for each of them: each is searched alone (the single-unit
 * search), and a hex they can all reach is the stack's when the cheapest path one of them found there
 * is a legal move for every other, priced as `eval` prices it (runtime/move.ts `evaluateMove`).
 */
import type { PlacedUnit } from "../../runtime/map.js";
import { evaluateMove } from "../../runtime/move.js";
import type { ReachAnswer } from "../../runtime/reach-map.js";
import type { ReachBinding } from "../../runtime/reach-steps.js";
import { ratNum, type Rat } from "../../runtime/rational.js";
import type { EvalContext } from "../interpret/eval.js";
import { interpreterFor } from "../interpret/interpreter.js";
import type { RulesetIR } from "../ir/ir.js";
import { leaderMember } from "../ir/name-resolver.js";

/** Why a unit's `with` makes no stack: it names no unit in its hex on its side, or one not a leader. */
export type NoStack =
  | { problem: "notPresent"; reason: string }
  | { problem: "notLeader"; reason: string; kind: string };

/**
 * `p` as it moves under `ir`: with the leader it names (`with`) found among `inHex` (the units of its
 * side in its hex), its record gains `leader: true` and, where the ruleset reads it, `leaderPortage`
 * (the leader's own `portage`), unless the map gives them; without `with`, `p` itself. A `with` that
 * names no unit there, or a unit whose kind is not this ruleset's leader (name-resolver.ts
 * `leaderMember`: a hero, a squad, a ruleset without leaders): why it cannot move (the caller reports
 * it, located: V1105).
 */
export function withLeader<P extends PlacedUnit>(
  ir: RulesetIR,
  p: P,
  inHex: readonly P[],
): P | NoStack {
  if (p.with === undefined) return p;
  const leader = inHex.find((u) => u !== p && u.name === p.with);
  if (leader === undefined)
    return {
      problem: "notPresent",
      reason: `it moves with \`${p.with}\`, who is not placed in its hex on its side`,
    };
  const kind = String(leader.unit["kind"]);
  const leads = leaderMember(ir);
  if (leads === null || kind !== leads)
    return {
      problem: "notLeader",
      reason: `it moves with \`${p.with}\`, a ${kind}, who is not a leader in ${ir.id}`,
      kind,
    };
  const fields = new Set(ir.inputs.find((i) => i.rec === "unit")?.fields.map((f) => f.json) ?? []);
  const unit = { ...p.unit };
  if (fields.has("leader") && !Object.hasOwn(unit, "leader")) unit["leader"] = true;
  if (fields.has("leaderPortage") && !Object.hasOwn(unit, "leaderPortage"))
    unit["leaderPortage"] = leader.unit["portage"] ?? 0;
  return { ...p, unit };
}

/** One unit of a stack: its binding and its own search. */
export interface StackMember {
  binding: ReachBinding<Rat, EvalContext>;
  answer: ReachAnswer;
}

/**
 * Per hex, whether the stack may end its move there together: every member reaches it alone, and a
 * cheapest path one of them found there is a legal move for each of the others.
 */
export function stackReach(ir: RulesetIR, members: readonly StackMember[], n: number): boolean[] {
  const model = interpreterFor(ir);
  const legalFor = (m: StackMember, steps: ReturnType<ReachAnswer["steps"]>) =>
    evaluateMove(model, ratNum, m.binding.prepare(steps)).legal === true;
  const out: boolean[] = [];
  for (let h = 0; h < n; h++) {
    if (members.some((m) => Number.isNaN(m.answer.cost[h]))) {
      out.push(false);
      continue;
    }
    out.push(
      members.some((m) => {
        const steps = m.answer.steps(h);
        return members.every((o) => o === m || legalFor(o, steps));
      }),
    );
  }
  return out;
}
