/**
 * The symbol table of a merged ruleset: what every name denotes, built once before expressions are
 * checked. Declarations with errors still get an entry, so one mistake does not cascade.
 */
import type * as A from "../../../grammar/ast.js";
import type { Owned } from "../resolve.js";
import type { RecordName, Type } from "../../ir/ir.js";

export interface FieldSym {
  name: string;
  type: Type;
  optional: boolean;
  decl: A.FieldDecl;
}

export type Sym =
  | { s: "measure"; decl: A.Decl }
  | { s: "enum"; decl: A.Decl & { kind: "enum" }; members: string[] }
  | { s: "group"; decl: A.Decl & { kind: "group" } }
  | { s: "table"; decl: A.Decl & { kind: "table" } }
  | { s: "rule"; decl: A.Decl & { kind: "rule" | "predicate" } }
  | { s: "constraint"; decl: A.Decl & { kind: "constraint" } };

/** How many member lookups scan the enums before the index of every member is made. */
const SCANS = 8;
const NONE: readonly string[] = [];

export class Scope {
  readonly syms = new Map<string, Sym>();
  /**
   * The declarations another ruleset wrote, or that extend one it wrote, with their owner; a
   * declaration the root ruleset (`root`) wrote itself has no entry (its owner is the root, so the
   * thousands of a large single file cost no entry keyed by object).
   */
  readonly owners = new Map<A.Decl, Owned>();
  readonly inputs = new Map<RecordName, Map<string, FieldSym>>();
  /** Member name → the enums that have it (`memberIndex`): null until a lookup needs it. */
  private members: Map<string, string[]> | null = null;
  /** The declarations of each kind, in file order (`declsOf`). */
  private readonly byKind = new Map<A.Decl["kind"], A.Decl[]>();
  /** The rules and predicates together, in file order. */
  readonly ruleDecls: (A.Decl & { kind: "rule" | "predicate" })[] = [];

  /** Built in one pass over the declarations; `root` is the id of the ruleset they were merged for. */
  constructor(decls: Owned[], root?: string) {
    // Indexed loops: run once per check, this code is rarely optimised, and an iterator allocates.
    for (let i = 0; i < decls.length; i++) {
      const o = decls[i]!;
      const d = o.decl;
      if (o.origin !== root || o.extendedFrom !== undefined) this.owners.set(d, o);
      const list = this.byKind.get(d.kind);
      if (list) list.push(d);
      else this.byKind.set(d.kind, [d]);
      switch (d.kind) {
        case "measure":
          this.syms.set(d.name, { s: "measure", decl: d });
          break;
        case "enum": {
          const members = new Array<string>(d.members.length);
          for (let j = 0; j < members.length; j++) members[j] = d.members[j]!.name;
          this.syms.set(d.name, { s: "enum", decl: d, members });
          break;
        }
        case "group":
          this.syms.set(d.name, { s: "group", decl: d });
          break;
        case "table":
          this.syms.set(d.name, { s: "table", decl: d });
          break;
        case "rule":
        case "predicate":
          this.syms.set(d.name, { s: "rule", decl: d });
          this.ruleDecls.push(d);
          break;
        case "constraint":
          this.syms.set(d.name, { s: "constraint", decl: d });
          break;
        default:
          break;
      }
    }
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

  enumMembers(name: string): string[] | null {
    const s = this.syms.get(name);
    return s?.s === "enum" ? s.members : null;
  }

  isMeasure(name: string): boolean {
    return this.syms.get(name)?.s === "measure";
  }

  /** All names a user could have meant, for "did you mean" hints. */
  allNames(): string[] {
    return [...this.syms.keys(), ...this.memberIndex().keys()];
  }
}
