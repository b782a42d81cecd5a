/**
 * Rule values remembered by what each rule reads (`RuleMemo`), for the diff's situation search: it
 * asks thousands of situations of one ruleset, and most rules (a unit's base MF, the terrain's cost)
 * come back with the same inputs again and again. A rule's value is a function of its arguments and
 * of what it reads of the move's context — the record fields it reads (following the rules it calls,
 * `ruleReader`), the step's position and the path, the spent and whole allowances, the roll — so the
 * memo keys it by exactly those (`keyOf`). A rule that stops (an `InputError`, an overflow) is not
 * remembered: it stops again when asked again.
 *
 * The evaluator consults the memo only on its plain path (no citations asked, no listener), which is
 * what the search's first look at a situation is (query.ts `glance`): a value served from the memo
 * cites and reports nothing, so wherever the citations or choices are read the rule is evaluated.
 * Runs in a browser (no Node API).
 */
import { Rat } from "../../runtime/rational.js";
import type { RecordName, RuleDef, RulesetIR } from "../ir/ir.js";
import { ruleReader, type Reads } from "../ir/walk.js";
import type { EvalContext, RunValue, ValueRecord } from "./eval.js";

/** One field a rule reads: whole (its value), or only whether a set holds some members. */
interface FieldSlot {
  rec: RecordName;
  name: string;
  /** Null: the value is read; else only these members are tested (`cx in unit.status`). */
  members: readonly string[] | null;
}

/** What of the context a rule's value turns on (`Reads`, flattened for `keyOf`). */
interface Slots {
  fields: readonly FieldSlot[];
  /** Step fields are read in an aggregate (every step's), not only the step priced. */
  everyStep: boolean;
  /** The step's position, the path's length and the hexes entered. */
  path: boolean;
  spent: boolean;
  /** The whole allowance: `all`, or a table row whose value is `all`. */
  allowance: boolean;
  dice: boolean;
}

/** Bound on remembered values per ruleset: emptied when full (a long-lived studio). */
const MAX_ENTRIES = 200_000;

export class RuleMemo {
  private readonly slots = new Map<RuleDef, Slots | null>();
  private readonly values = new Map<RuleDef, Map<string, RunValue>>();
  private size = 0;
  private readonly reader;
  private readonly allRows: ReadonlySet<string>;

  constructor(private readonly ir: Pick<RulesetIR, "rules" | "tables">) {
    this.reader = ruleReader(ir.rules);
    this.allRows = new Set(
      ir.tables.filter((t) => t.rows.some((r) => r.value.v === "all")).map((t) => t.name),
    );
  }

  /** The value remembered for `r` under `key`, or undefined. */
  get(r: RuleDef, key: string): RunValue | undefined {
    return this.values.get(r)?.get(key);
  }

  set(r: RuleDef, key: string, v: RunValue): void {
    if (this.size >= MAX_ENTRIES) {
      this.values.clear();
      this.size = 0;
    }
    let m = this.values.get(r);
    if (m === undefined) this.values.set(r, (m = new Map()));
    m.set(key, v);
    this.size++;
  }

  /**
   * What `r`, called with `args` in `c`, reads, as text (two calls with the same key have the same
   * value); null when the rule's reads are not known (not one of this ruleset's rules).
   */
  keyOf(r: RuleDef, c: EvalContext, args: readonly RunValue[]): string | null {
    const s = this.slotsOf(r);
    if (s === null) return null;
    let key = "";
    for (let i = 0; i < args.length; i++) key += part(args[i]) + "\u0001";
    for (const f of s.fields) {
      if (f.rec !== "step") key += read(record(c, f.rec), f) + "\u0001";
      else if (s.everyStep) for (const step of c.path) key += read(step, f) + "\u0002";
      else key += read(c.path[c.i], f) + "\u0001";
    }
    if (s.path) key += `${c.i}:${c.path.length}:${c.hexes}\u0001`;
    if (s.spent) key += part(c.spent) + "\u0001";
    if (s.allowance) key += part(c.allowance) + "\u0001";
    if (s.dice) key += c.roll === null ? "-" : c.roll.join(",");
    return key;
  }

  private slotsOf(r: RuleDef): Slots | null {
    let s = this.slots.get(r);
    if (s !== undefined) return s;
    const reads = this.reader(r.name);
    s =
      reads === null || this.ir.rules.find((x) => x.name === r.name) !== r ? null : flatten(reads);
    if (s !== null && [...reads!.tables].some((t) => this.allRows.has(t))) s.allowance = true;
    this.slots.set(r, s);
    return s;
  }
}

function flatten(reads: Reads): Slots & { allowance: boolean } {
  const fields: FieldSlot[] = [];
  const whole = new Set([...reads.values, ...reads.present]);
  const at = (key: string) => {
    const dot = key.indexOf(".");
    return { rec: key.slice(0, dot) as RecordName, name: key.slice(dot + 1) };
  };
  for (const key of whole) fields.push({ ...at(key), members: null });
  for (const [key, members] of reads.flags)
    if (!whole.has(key)) fields.push({ ...at(key), members: [...members] });
  return {
    fields,
    // An aggregate reads every step; the position and the path's length come with `path`.
    everyStep: reads.path,
    path: reads.path || reads.position,
    spent: reads.spent,
    allowance: reads.all,
    dice: reads.dice,
  };
}

/** The record a field is read from (a step's is the caller's: `keyOf`). */
function record(c: EvalContext, rec: RecordName): ValueRecord | null {
  if (rec === "unit") return c.unit;
  if (rec === "scenario") return c.scenario;
  return c.vehicle;
}

function read(rec: ValueRecord | null | undefined, f: FieldSlot): string {
  if (rec === null || rec === undefined) return "~";
  const v = Object.hasOwn(rec, f.name) ? rec[f.name] : undefined;
  if (f.members === null) return part(v);
  if (!(v instanceof Set)) return "~";
  let bits = "";
  for (const m of f.members) bits += v.has(m) ? "1" : "0";
  return bits;
}

/** A value as text: equal values (a Rat's n/d, a set's members) give the same text. */
function part(v: RunValue | null | undefined): string {
  if (v === undefined || v === null) return "~";
  if (v instanceof Rat) return `#${v.toString()}`;
  if (typeof v === "string") return `m${v}`;
  if (typeof v === "boolean") return v ? "T" : "F";
  return `{${[...v].sort().join(",")}}`;
}
