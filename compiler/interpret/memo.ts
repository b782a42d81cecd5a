/**
 * Rule values remembered by what each rule reads (`RuleMemo`), for the diff's situation search: it
 * asks thousands of situations of one ruleset, and most rules (a unit's base MF, the terrain's cost)
 * come back with the same inputs again and again. A rule's value is a function of its arguments and
 * of what it reads of the move's context — the record fields it reads (following the rules it calls,
 * `ruleReader`), the step's position and the path, the spent and whole allowances, the roll — so the
 * memo keys it by exactly those (`at`). A rule that stops (an `InputError`, an overflow) is not
 * remembered: it stops again when asked again.
 *
 * A ruleset made from another by swapping some definitions in (the diff's causes pass) shares the
 * other's memo for every rule the swap cannot reach (`parent`): the same rule, calling the same
 * rules and reading the same tables, has the same value for the same reads.
 *
 * The evaluator consults the memo only on its plain path (no citations asked, no listener), which is
 * what the search's first look at a situation is (query.ts `glance`): a value served from the memo
 * cites and reports nothing, so wherever the citations or choices are read the rule is evaluated.
 * Runs in a browser (no Node API).
 */
import { Rat } from "../../runtime/rational.js";
import type { RecordName, RuleDef, RulesetIR } from "../ir/ir.js";
import { namesReached, ruleExprs, ruleReader, tablesReadingAll, type Reads } from "../ir/walk.js";
import type { EvalContext, RuleValues, RunValue, ValueRecord } from "./eval.js";

/** One field a rule reads: whole (its value), or only whether a set holds some members. */
interface FieldSlot {
  rec: RecordName;
  name: string;
  /** Null: the value is read; else only these members are tested (`cx in unit.status`). */
  members: readonly string[] | null;
}

/** What of the context a rule's value turns on (`Reads`, flattened for `at`). */
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

/** A level of a rule's memo: by the number that stands for one thing it reads (`RuleMemo.at`). */
type Level = Map<number, Level | RunValue>;

export class RuleMemo implements RuleValues {
  private readonly slots = new Map<RuleDef, Slots | null>();
  /** Per rule, a trie over what it reads, one level per thing read, in `Slots` order. */
  private readonly roots = new Map<RuleDef, Level>();
  private size = 0;
  private readonly reader;
  private readonly allRows: ReadonlySet<string>;
  /** The key within the level `at` returned. */
  key = 0;

  /**
   * `parent`: the memo of the ruleset `ir` was made from by swapping definitions in, for the rules
   * that reach none of them (`shared`).
   */
  constructor(
    private readonly ir: Pick<RulesetIR, "rules" | "tables">,
    private readonly parent: {
      memo: RuleMemo;
      ir: Pick<RulesetIR, "rules" | "tables">;
    } | null = null,
  ) {
    this.reader = ruleReader(ir.rules);
    this.allRows = tablesReadingAll(ir.tables);
  }

  /** Per rule of this ruleset, whether the parent's memo holds its values (`shared`). */
  private readonly inParent = new Map<RuleDef, boolean>();
  /** The names of the rules and tables that differ from the parent's (null: not worked out yet). */
  private swappedNames: Set<string> | null = null;

  /**
   * Whether `r` is the parent's own rule and calls and reads nothing that differs from the
   * parent's: then its value, for the same reads, is the parent's.
   */
  private shared(r: RuleDef): boolean {
    const parent = this.parent;
    if (parent === null) return false;
    let out = this.inParent.get(r);
    if (out === undefined) {
      if (this.swappedNames === null) {
        const differ = (mine: readonly { name: string }[], theirs: readonly { name: string }[]) => {
          const byName = new Map(theirs.map((x) => [x.name, x]));
          return mine.filter((x) => byName.get(x.name) !== x).map((x) => x.name);
        };
        this.swappedNames = new Set([
          ...differ(this.ir.rules, parent.ir.rules),
          ...differ(parent.ir.rules, this.ir.rules),
          ...differ(this.ir.tables, parent.ir.tables),
          ...differ(parent.ir.tables, this.ir.tables),
        ]);
      }
      const swapped = this.swappedNames;
      out =
        !swapped.has(r.name) &&
        parent.ir.rules.find((x) => x.name === r.name) === r &&
        ![...namesReached(this.ir.rules, ruleExprs(r))].some((n) => swapped.has(n));
      this.inParent.set(r, out);
    }
    return out;
  }

  /**
   * Where `r`'s value, called with `args` in `c`, is kept: the level returned, under `this.key`
   * (read it at once: the next call moves it). Two calls reading the same values meet at the same
   * place. Null when the rule's reads are not known (not one of this ruleset's rules).
   */
  at(r: RuleDef, c: EvalContext, args: readonly RunValue[]): Level | null {
    if (this.parent !== null && this.shared(r)) {
      const level = this.parent.memo.at(r, c, args);
      this.key = this.parent.memo.key;
      return level;
    }
    const s = this.slotsOf(r);
    if (s === null) return null;
    let root = this.roots.get(r);
    if (root === undefined) this.roots.set(r, (root = new Map()));
    this.level = root;
    this.first = true;
    for (let i = 0; i < args.length; i++) this.down(this.idOf(args[i]));
    // Indexed loops: this runs for every rule asked, mostly before V8 optimises it.
    const fields = s.fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (f.rec !== "step") this.down(this.read(record(c, f.rec), f));
      else if (s.everyStep) {
        this.down(c.path.length);
        for (let j = 0; j < c.path.length; j++) this.down(this.read(c.path[j], f));
      } else this.down(this.read(c.path[c.i], f));
    }
    if (s.path) {
      this.down(c.i);
      this.down(c.path.length);
      this.down(c.hexes);
    }
    if (s.spent) this.down(this.idOf(c.spent));
    if (s.allowance) this.down(this.idOf(c.allowance));
    if (s.dice) {
      const roll = c.roll;
      this.down(roll === null ? -1 : roll.length);
      if (roll !== null) for (let i = 0; i < roll.length; i++) this.down(roll[i]!);
    }
    if (this.first) this.key = 0; // reads nothing: one place
    return this.level;
  }

  private level: Level = new Map();
  private first = true;

  /** Descends to the level of the value read before, then notes `x` as the key in it. */
  private down(x: number): void {
    if (this.first) this.first = false;
    else {
      let next = this.level.get(this.key) as Level | undefined;
      if (next === undefined) this.level.set(this.key, (next = new Map()));
      this.level = next;
    }
    this.key = x;
  }

  /** Keeps `v` at the place `at` found (`level`, `key`). */
  keep(level: Level, key: number, v: RunValue): void {
    if (this.size >= MAX_ENTRIES) {
      this.roots.clear();
      this.size = 0;
    }
    level.set(key, v);
    this.size++;
  }

  /** Numbers standing for values: equal values (a Rat's n/d, a set's members) get the same. */
  private readonly texts = new Map<string, number>();
  private readonly rats = new Map<number, Map<number, number>>();
  private next = 3;

  private idOf(v: RunValue | null | undefined): number {
    if (v === undefined || v === null) return 0;
    if (v === true) return 1;
    if (v === false) return 2;
    if (typeof v === "string") return this.textId(v);
    if (v instanceof Rat) {
      let byD = this.rats.get(v.n);
      if (byD === undefined) this.rats.set(v.n, (byD = new Map()));
      let id = byD.get(v.d);
      if (id === undefined) byD.set(v.d, (id = this.next++));
      return id;
    }
    return this.textId(`{${[...v].sort().join(",")}`);
  }

  private textId(t: string): number {
    let id = this.texts.get(t);
    if (id === undefined) this.texts.set(t, (id = this.next++));
    return id;
  }

  /** A field's value (its number), or for a set tested for members only, which of them it holds. */
  private read(rec: ValueRecord | null | undefined, f: FieldSlot): number {
    if (rec === null || rec === undefined) return 0;
    const v = Object.hasOwn(rec, f.name) ? rec[f.name] : undefined;
    if (f.members === null) return this.idOf(v);
    if (!(v instanceof Set)) return -1;
    // More members than a number's bits hold exactly: the set's value itself.
    if (f.members.length > 52) return this.idOf(v);
    let bits = 0;
    for (let i = 0; i < f.members.length; i++) if (v.has(f.members[i]!)) bits += 2 ** i;
    return bits;
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

/** The record a field is read from (a step's is the caller's: `at`). */
function record(c: EvalContext, rec: RecordName): ValueRecord | null {
  if (rec === "unit") return c.unit;
  if (rec === "scenario") return c.scenario;
  return c.vehicle;
}
