/**
 * What `eval` and `reach` (and the diff's `--map`) start from: the rulesets named on the command line,
 * loaded, and the file they are asked about (a scenario, a map), read from the disk. The engine reads
 * no file; this is the CLI's one reader of them.
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { RulesetIR } from "../ir/ir.js";
import type { Typed } from "../engine/reach.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { dict, own } from "../util/dict.js";

/** The rulesets a command is asked about, loaded, and the file it is asked about. */
export interface CommandInput {
  /** The rulesets as named on the command line (an id, a file), in order. */
  ids: string[];
  /** Their IRs, in the same order. */
  irs: RulesetIR[];
  /** The input file: its absolute path and text. */
  input: Typed;
}

/** The rulesets `ID[,ID…]` names: a usage error (showing `example`) when it names none. */
export function namedRulesets(list: string, example: string): string[] {
  const ids = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0) throw new UsageError(`name at least one ruleset, e.g. \`${example}\``);
  return ids;
}

/** A `what` file (`scenario`, `map`) as typed, read: a usage error when it cannot be read. */
export function readInputFile(path: string, what: string, ctx: Ctx): Typed {
  const file = resolve(ctx.cwd, path);
  try {
    return { text: readFileSync(file, "utf8"), file };
  } catch {
    throw new UsageError(`cannot read ${what} file ${path}`);
  }
}

/**
 * The rulesets `ids` resolved (a usage error for one that is not found), the `what` file at `path`
 * read (a usage error when it cannot be), then the rulesets loaded with their errors printed: null
 * when one has errors.
 */
export async function loadInput(
  ids: readonly string[],
  path: string,
  what: string,
  ctx: Ctx,
): Promise<CommandInput | null> {
  const host = fsHost(ctx.root, ctx.built);
  const refs = refsFor(ids, host, ctx);
  const input = readInputFile(path, what, ctx);
  const { loaded, errors } = await loadRulesets(refs, ctx, host, { warnings: false });
  if (errors > 0) return null;
  return { ids: [...ids], irs: loaded.map((l) => l.ir!), input };
}

/**
 * The `--unit ID=JSON` units by the id of the ruleset each is for (named by its id or as on the
 * command line): a usage error for a name that is no ruleset asked.
 */
export function unitsByRuleset<T>(units: Record<string, T>, asked: CommandInput): Map<string, T> {
  const byName = new Map<string, string>();
  asked.irs.forEach((ir, i) => {
    byName.set(ir.id, ir.id);
    byName.set(asked.ids[i]!, ir.id);
  });
  const out = new Map<string, T>();
  for (const [name, typed] of Object.entries(units)) {
    const id = byName.get(name);
    if (id === undefined)
      throw new UsageError(
        `--unit ${name}=…: ${name} is not a ruleset asked (${asked.irs.map((ir) => ir.id).join(", ")})`,
      );
    out.set(id, typed);
  }
  return out;
}

/** `ID=` before a unit's JSON: the ruleset it is for (a plain JSON object starts with `{`). */
const PER_RULESET = /^\s*([A-Za-z0-9][A-Za-z0-9_.-]*)=/;

/**
 * The `--unit` values: at most one plain JSON (the default for every ruleset) and at most one
 * `ID=JSON` per ruleset. Each is located as typed: the default as `--unit`, ruleset ID's as
 * `--unit ID` (columns count from the first character after `ID=`). No plain JSON: `unit` is null
 * (`reach` then moves its default unit; `eval` takes the scenario's). Here rather than in reach.ts
 * so that `eval` does not load the reach command (its map reader and drawings) to read its options.
 */
export function unitsOf(unit: string | string[] | undefined): {
  unit: Typed | null;
  units: Record<string, Typed>;
} {
  const given = unit === undefined ? [] : typeof unit === "string" ? [unit] : unit;
  let plain: Typed | null = null;
  const units = dict<Typed>();
  for (const u of given) {
    const m = PER_RULESET.exec(u);
    if (m === null) {
      if (plain !== null)
        throw new UsageError(
          "give one default --unit JSON; for another ruleset's own unit write --unit ID=JSON",
        );
      plain = { text: u, file: "--unit" };
      continue;
    }
    const id = m[1]!;
    if (own(units, id) !== undefined) throw new UsageError(`--unit ${id}=… is given twice`);
    units[id] = { text: u.slice(m[0].length), file: `--unit ${id}` };
  }
  return { unit: plain, units };
}
