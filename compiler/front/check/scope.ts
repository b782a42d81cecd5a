/**
 * The symbol table of a merged ruleset: what every name denotes, built once before expressions are
 * checked. Declarations with errors still get an entry, so one mistake does not cascade.
 */
import type * as A from "../../../grammar/ast.js";
import type { Merged, Owned } from "../resolve.js";
import type { RecordName, Type } from "../../ir/ir.js";

export interface FieldSym {
  name: string;
  type: Type;
  optional: boolean;
  decl: A.FieldDecl;
}

/** The kinds of declaration a name denotes in expressions (inputs, the movement binding and examples have none). */
const NAMED_KINDS = [
  "measure",
  "enum",
  "group",
  "table",
  "rule",
  "predicate",
  "constraint",
] as const;
const IS_NAMED: ReadonlySet<A.Decl["kind"]> = new Set(NAMED_KINDS);

/** A declaration a name denotes: a measure, an enum, a group, a table, a rule or predicate, a constraint. */
export type Named = A.Decl & { kind: (typeof NAMED_KINDS)[number] };

function isNamed(d: A.Decl): d is Named {
  return IS_NAMED.has(d.kind);
}

/** Whether `d` (as `Scope.named` answers) is a rule or a predicate: what a call can name. */
export function isRule(d: Named | undefined): d is A.Decl & { kind: "rule" | "predicate" } {
  return d?.kind === "rule" || d?.kind === "predicate";
}

/** How many member lookups scan the enums before the index of every member is made. */
const SCANS = 8;
const NONE: readonly string[] = [];

export class Scope {
  /** The merged declarations but the examples, by namespace key (resolve's map): what names denote. */
  private readonly byKey: ReadonlyMap<string, Owned>;
  /**
   * The declarations another ruleset wrote, or that extend one it wrote, with their owner; a
   * declaration the root ruleset wrote itself has no entry (its owner is the root, so the thousands
   * of a large single file cost no entry keyed by object).
   */
  readonly owners = new Map<A.Decl, Owned>();
  readonly inputs = new Map<RecordName, Map<string, FieldSym>>();
  /** Member name → the enums that have it (`memberIndex`): null until a lookup needs it. */
  private members: Map<string, string[]> | null = null;
  /** Enum name → its member names (`enumMembers`), each made at its first lookup. */
  private readonly memberNames = new Map<string, string[]>();
  /** The declarations of each kind, in file order (`declsOf`). */
  private readonly byKind = new Map<A.Decl["kind"], A.Decl[]>();
  /** The rules and predicates together, in file order. */
  readonly ruleDecls: (A.Decl & { kind: "rule" | "predicate" })[] = [];

  /** What the merged ruleset holds under a namespace key (`input scenario`, `rule cot`). */
  owned(key: string): Owned | undefined {
    return this.byKey.get(key);
  }

  /**
   * Built in one pass over `merged`'s declarations (the names are looked up in resolve's map, not in
   * one made again here).
   */
  constructor(merged: Merged) {
    this.byKey = merged.byKey;
    const decls = merged.decls;
    const root = merged.header.id;
    // Indexed loops: run once per check, this code is rarely optimised, and an iterator allocates.
    for (let i = 0; i < decls.length; i++) {
      const o = decls[i]!;
      const d = o.decl;
      if (o.origin !== root || o.extendedFrom !== undefined) this.owners.set(d, o);
      const list = this.byKind.get(d.kind);
      if (list) list.push(d);
      else this.byKind.set(d.kind, [d]);
      if (d.kind === "rule" || d.kind === "predicate") this.ruleDecls.push(d);
    }
  }

  /** The declaration `name` denotes (a definition's name: not an input, the movement or an example). */
  named(name: string): Named | undefined {
    const d = this.byKey.get(name)?.decl;
    return d !== undefined && isNamed(d) ? d : undefined;
  }

  /** Lookups `enumsWith` answered by a scan of the enums; past `SCANS`, it builds `members`. */
  private scans = 0;

  /**
   * The enums that have member `name`, in file order. The first few lookups scan the enums (most
   * members are resolved by the enum their context expects: a group's first member, or a ruleset
   * whose every member has its context, needs no index of every member); later ones read an index
   * made once.
   */
  enumsWith(name: string): readonly string[] {
    const enums = this.declsOf("enum");
    if (this.members === null && this.scans < SCANS) {
      this.scans++;
      let out: string[] | null = null;
      for (let i = 0; i < enums.length; i++) {
        const d = enums[i]!;
        for (let j = 0; j < d.members.length; j++)
          if (d.members[j]!.name === name) {
            if (out === null) out = [d.name];
            else if (!out.includes(d.name)) out.push(d.name);
            break;
          }
      }
      return out ?? NONE;
    }
    return this.memberIndex().get(name) ?? NONE;
  }

  /** Member name → the enums that have it, in file order: made at its first use. */
  private memberIndex(): ReadonlyMap<string, readonly string[]> {
    if (this.members === null) {
      const index = new Map<string, string[]>();
      const enums = this.declsOf("enum");
      for (let i = 0; i < enums.length; i++) {
        const d = enums[i]!;
        for (let j = 0; j < d.members.length; j++) {
          const m = d.members[j]!;
          const list = index.get(m.name);
          if (!list) index.set(m.name, [d.name]);
          else if (!list.includes(d.name)) list.push(d.name);
        }
      }
      this.members = index;
    }
    return this.members;
  }

  /** The declarations of kind `k`, in file order. */
  declsOf<K extends A.Decl["kind"]>(k: K): (A.Decl & { kind: K })[] {
    return (this.byKind.get(k) ?? []) as (A.Decl & { kind: K })[];
  }

  /** The member names of enum `name`, in order (null: not an enum); made once per enum. */
  enumMembers(name: string): string[] | null {
    const known = this.memberNames.get(name);
    if (known !== undefined) return known;
    const d = this.named(name);
    if (d?.kind !== "enum") return null;
    const members = new Array<string>(d.members.length);
    for (let j = 0; j < members.length; j++) members[j] = d.members[j]!.name;
    this.memberNames.set(name, members);
    return members;
  }

  isMeasure(name: string): boolean {
    return this.named(name)?.kind === "measure";
  }

  /** All names a user could have meant, for "did you mean" hints: the definitions', then the members'. */
  allNames(): string[] {
    const names: string[] = [];
    for (const o of this.byKey.values()) if (isNamed(o.decl)) names.push(o.decl.name);
    for (const m of this.memberIndex().keys()) names.push(m);
    return names;
  }
}
