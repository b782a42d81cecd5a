/**
 * State shared by the parts of the emitter: the IR, the identifiers allocated for its definitions,
 * and the module-level helpers (constant sets, aggregate loops) that expressions ask for.
 */

import { rulesetExprs, walk } from "../ir/walk.js";
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type {
  EnumDef,
  Expr,
  InputField,
  RecordName,
  RuleDef,
  RulesetIR,
  TableDef,
  Type,
} from "../ir/ir.js";
import { camel, NameTable, pascal, PropertyTable, snake } from "./names.js";

/** A field of an input record, with its property name in the prepared record. */
export interface FieldInfo {
  field: InputField;
  /** Property name in the prepared record (`PUnit` …) and in `Ctx`. */
  prop: string;
  /**
   * For a field of a coded enum (one that keys a table), the property holding the member's code
   * (-1 when absent), which `price`'s specialised rules read; else null.
   */
  code: string | null;
}

export interface EnumNames {
  /** The union type. */
  type: string;
  /** `readonly Type[]` of the members. */
  values: string;
  /** Display names record. */
  display: string;
  /**
   * For an enum that keys a table (a coded enum), the record of each member's code (its position in
   * the values, the index of the tick tables); else null.
   */
  codes: string | null;
}

export interface TableNames {
  /** Exported data in real units. */
  data: string;
  /** Internal tick-valued copy. */
  ticks: string;
  /** Internal per-row citations (used only when a row has its own citation). */
  cites: string;
  /** Internal lookup function. */
  lookup: string;
  /** Internal lookup by code, for `price` (used only when a row is `all`). */
  codeLookup: string;
}

export const RECORDS: readonly RecordName[] = ["unit", "vehicle", "step", "scenario"];

export class EmitContext {
  readonly names = new NameTable();
  readonly enums = new Map<string, EnumNames>();
  readonly enumDefs = new Map<string, EnumDef>();
  readonly groups = new Map<string, string>();
  readonly tables = new Map<string, TableNames>();
  readonly tableDefs = new Map<string, TableDef>();
  readonly rules = new Map<string, string>();
  readonly ruleDefs = new Map<string, RuleDef>();
  readonly constraints: string[] = [];
  /** Input fields by record, then by IR name. */
  readonly fields = new Map<RecordName, Map<string, FieldInfo>>();
  /** Records the ruleset declares. */
  readonly declared = new Set<RecordName>();

  /** Module-level constant sets, in order of first use. */
  readonly sets: StatementStructures[] = [];
  private readonly setNames = new Map<string, string>();
  /** Module-level helper functions (aggregate loops), in order of first use. */
  readonly helpers: StatementStructures[] = [];
  private helperCount = 0;
  /** Whether the `ALL` sentinel / `sumDice` helper are needed. */
  usesAll = false;
  usesDice = false;
  /** Whether `need(…)` appears, so the runtime's `missing` is imported. */
  usesNeed = false;
  /** Whether a vehicle's field is read, so the runtime's `absent` is imported. */
  usesAbsent = false;

  /** The tables a rule, constraint or the movement binding reads: only these have tick copies. */
  readonly readTables = new Set<string>();
  /** The enums that key a table read: `price` holds their values as codes (declaration order). */
  readonly coded = new Set<string>();

  constructor(readonly ir: RulesetIR) {
    for (const e of rulesetExprs(ir))
      walk(e, (x) => {
        if (x.k === "table") this.readTables.add(x.name);
      });
    for (const t of ir.tables)
      if (this.readTables.has(t.name)) for (const k of t.keys) this.coded.add(k);
    for (const e of ir.enums) {
      this.enumDefs.set(e.name, e);
      const c = camel(e.name);
      this.enums.set(e.name, {
        type: this.names.claim(pascal(e.name)),
        values: this.names.claim(`${c}Values`),
        display: this.names.claim(`${c}Names`),
        codes: this.coded.has(e.name) ? this.names.claim(`${c}Codes`) : null,
      });
    }
    for (const g of ir.groups) this.groups.set(g.name, this.names.claim(camel(g.name)));
    for (const input of ir.inputs) {
      this.declared.add(input.rec);
      const props = new PropertyTable();
      const byName = new Map<string, FieldInfo>();
      for (const f of input.fields)
        byName.set(f.name, { field: f, prop: props.claim(f.json), code: null });
      // The code properties are claimed after every field's, so that no field's name changes.
      for (const info of byName.values())
        if (info.field.type.t === "enum" && this.coded.has(info.field.type.name))
          info.code = props.claim(`${info.field.json}Code`);
      this.fields.set(input.rec, byName);
    }
    for (const t of ir.tables) {
      this.tableDefs.set(t.name, t);
      const s = snake(t.name);
      this.tables.set(t.name, {
        data: this.names.claim(`${camel(t.name)}Table`),
        ticks: this.names.claim(`tk_${s}`),
        cites: this.names.claim(`tc_${s}`),
        lookup: this.names.claim(`t_${s}`),
        codeLookup: this.names.claim(`tf_${s}`),
      });
    }
    for (const r of ir.rules) {
      this.ruleDefs.set(r.name, r);
      this.rules.set(r.name, this.names.claim(`r_${snake(r.name)}`));
    }
    for (const c of ir.constraints) this.constraints.push(this.names.claim(`c_${snake(c.name)}`));
  }

  get scale(): number {
    return this.ir.scale;
  }

  enumType(name: string): string {
    const e = this.enums.get(name);
    if (e === undefined) throw new Error(`unknown enum ${JSON.stringify(name)}`);
    return e.type;
  }

  field(rec: RecordName, name: string): FieldInfo {
    const f = this.fields.get(rec)?.get(name);
    if (f === undefined) throw new Error(`unknown field ${rec}.${name}`);
    return f;
  }

  rule(name: string): RuleDef {
    const r = this.ruleDefs.get(name);
    if (r === undefined) throw new Error(`unknown rule ${JSON.stringify(name)}`);
    return r;
  }

  ruleFn(name: string): string {
    this.rule(name);
    return this.rules.get(name)!;
  }

  table(name: string): TableNames {
    const t = this.tables.get(name);
    if (t === undefined) throw new Error(`unknown table ${JSON.stringify(name)}`);
    return t;
  }

  /** Whether values of type `t` are held as codes in `price`'s specialised rules. */
  isCoded(t: Type | null): t is Type & { t: "enum" } {
    return t !== null && t.t === "enum" && this.coded.has(t.name);
  }

  /** The code of member `name` of enum `enumName`: its position in declaration order. */
  memberCode(enumName: string, name: string): number {
    const i = this.enumDefs.get(enumName)?.members.findIndex((m) => m.name === name) ?? -1;
    if (i < 0) throw new Error(`${JSON.stringify(name)} is not a member of ${enumName}`);
    return i;
  }

  /** The record of member codes of coded enum `enumName`. */
  codesOf(enumName: string): string {
    const c = this.enums.get(enumName)?.codes;
    if (c == null) throw new Error(`enum ${JSON.stringify(enumName)} keys no table`);
    return c;
  }

  /** The member of coded enum `enumName` whose code the expression `code` gives, by name. */
  nameOfCode(enumName: string, code: string): string {
    return `${this.enums.get(enumName)!.values}[${code}]!`;
  }

  /** The TypeScript type of a value in `price`'s specialised rules: a coded enum's is `number`. */
  fastType(t: Type): string {
    return this.isCoded(t) ? "number" : this.tsType(t);
  }

  /** The TypeScript type of a computed value (numbers are ticks). */
  tsType(t: Type): string {
    switch (t.t) {
      case "bool":
        return "boolean";
      case "num":
      case "dist":
        return "number";
      case "enum":
        return this.enumType(t.name);
      case "set":
        return `ReadonlySet<${this.enumType(t.of)}>`;
    }
  }

  /** The name of a module-level `ReadonlySet` holding `members` (shared by equal sets). */
  constSet(enumName: string, members: readonly string[]): string {
    const key = JSON.stringify([enumName, members]);
    const known = this.setNames.get(key);
    if (known !== undefined) return known;
    const type = this.enumType(enumName);
    const name = this.names.claim(`set_${this.setNames.size + 1}`);
    this.setNames.set(key, name);
    this.sets.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name,
          type: `ReadonlySet<${type}>`,
          initializer: `new Set<${type}>([${members.map((m) => JSON.stringify(m)).join(", ")}])`,
        },
      ],
    });
    return name;
  }

  /** Allocates the name of the next helper function. */
  helperName(prefix: string): string {
    this.helperCount++;
    return this.names.claim(`${prefix}_${this.helperCount}`);
  }
}
