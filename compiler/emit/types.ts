/**
 * Vocabulary and inputs: enums (union type, values, display names), groups, the input records a
 * scenario supplies (`Unit`, `Vehicle`, `Step`, `Scenario`, `ScenarioInput`), their prepared forms
 * (`PUnit` …, numbers in ticks, sets as `ReadonlySet`), `Ctx`, and `prepare`.
 */

import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type InterfaceDeclarationStructure,
  type OptionalKind,
  type PropertySignatureStructure,
  type StatementStructures,
  type TypeAliasDeclarationStructure,
  type VariableStatementStructure,
} from "ts-morph";
import type { InputField, RecordName, Type, Value } from "../ir/ir.js";
import { RECORDS, type EmitContext, type FieldInfo } from "./context.js";
import { vehicleActions } from "../ir/name-resolver.js";
import {
  access,
  citeLine,
  commentText,
  interfaceKey,
  lit,
  numberLiteral,
  objectKey,
  qExact,
  qTicks,
} from "./text.js";

const INPUT_NAMES: Record<RecordName, string> = {
  unit: "Unit",
  vehicle: "Vehicle",
  step: "Step",
  scenario: "Scenario",
};
const PREPARED_NAMES: Record<RecordName, string> = {
  unit: "PUnit",
  vehicle: "PVehicle",
  step: "PStep",
  scenario: "PScenario",
};

export function enumStatements(cx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  for (const e of cx.ir.enums) {
    const n = cx.enums.get(e.name)!;
    const doc = citeLine(e.title, e.cite);
    const alias: TypeAliasDeclarationStructure = {
      kind: StructureKind.TypeAlias,
      leadingTrivia: "\n",
      isExported: true,
      name: n.type,
      docs: [doc],
      type: e.members.length === 0 ? "never" : e.members.map((m) => lit(m.name)).join(" | "),
    };
    const values: VariableStatementStructure = {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`The members of {@link ${n.type}}, in rulebook order.`],
      declarations: [
        {
          name: n.values,
          type: `readonly ${n.type}[]`,
          initializer: `[${e.members.map((m) => lit(m.name)).join(", ")}]`,
        },
      ],
    };
    const display: VariableStatementStructure = {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`Display names of {@link ${n.type}}.`],
      declarations: [
        {
          name: n.display,
          type: `Readonly<Record<${n.type}, string>>`,
          initializer: `{${e.members.map((m) => `${objectKey(m.name)}: ${lit(m.display)}`).join(", ")}}`,
        },
      ],
    };
    out.push(alias, values, display);
    if (n.codes !== null)
      out.push({
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        docs: [
          `The code of each member of {@link ${n.type}}: its position in {@link ${n.values}}, by which the tick tables are indexed.`,
        ],
        declarations: [
          {
            name: n.codes,
            type: `Readonly<Record<${n.type}, number>>`,
            initializer: `{${e.members.map((m, i) => `${objectKey(m.name)}: ${i}`).join(", ")}}`,
          },
        ],
      });
  }
  for (const g of cx.ir.groups) {
    const type = cx.enumType(g.enum);
    out.push({
      kind: StructureKind.VariableStatement,
      leadingTrivia: "\n",
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [citeLine(g.title, g.cite)],
      declarations: [
        {
          name: cx.groups.get(g.name)!,
          type: `readonly ${type}[]`,
          initializer: `[${g.members.map(lit).join(", ")}]`,
        },
      ],
    });
  }
  return out;
}

/** The type of a field in the scenario input (real numbers, arrays). */
function inputType(cx: EmitContext, t: Type): string {
  switch (t.t) {
    case "set":
      return `readonly ${cx.enumType(t.of)}[]`;
    default:
      return cx.tsType(t);
  }
}

function showValue(v: Value): string {
  switch (v.v) {
    case "num":
      return qExact(v.q);
    case "bool":
      return String(v.b);
    case "all":
      return "all";
    case "na":
      return "NA";
    case "member":
      return v.name;
    case "set":
      return `{${v.members.join(", ")}}`;
  }
}

function fieldDoc(f: InputField): string {
  const parts = [commentText(f.name)];
  if (f.type.t === "num" && f.type.measure !== null) parts.push(`(${commentText(f.type.measure)})`);
  let s = parts.join(" ");
  if (f.default !== null) s += `, default ${commentText(showValue(f.default))}`;
  else if (f.optional) s += ", optional";
  return `${s} [${commentText(f.cite)}]`;
}

function recordDoc(cx: EmitContext, rec: RecordName): string {
  const input = cx.ir.inputs.find((i) => i.rec === rec);
  if (input === undefined) return `The ${rec} record: this ruleset reads none of its fields.`;
  return `The ${rec} record of a scenario [${commentText(input.cite)}].`;
}

function fieldsOf(cx: EmitContext, rec: RecordName): FieldInfo[] {
  return [...(cx.fields.get(rec)?.values() ?? [])];
}

export function inputStatements(cx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  for (const rec of RECORDS) {
    const properties: OptionalKind<PropertySignatureStructure>[] = fieldsOf(cx, rec).map(
      ({ field: f }) => ({
        name: interfaceKey(f.json),
        hasQuestionToken: f.optional || f.default !== null,
        type: inputType(cx, f.type),
        docs: [fieldDoc(f)],
      }),
    );
    out.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: INPUT_NAMES[rec],
      docs: [`${recordDoc(cx, rec)} Numbers in real units.`],
      properties,
    } satisfies InterfaceDeclarationStructure);
  }
  out.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: "ScenarioInput",
    docs: [
      "One situation to price: unit, vehicle, scenario fields, path, and optionally a fixed dice roll.",
    ],
    properties: [
      { name: "unit", type: "Unit" },
      { name: "vehicle", hasQuestionToken: true, type: "Vehicle" },
      { name: "scenario", hasQuestionToken: true, type: "Scenario" },
      { name: "path", type: "readonly Step[]" },
      {
        name: "roll",
        hasQuestionToken: true,
        type: "readonly number[]",
        docs: ["Fixed dice faces; without it a dice ruleset enumerates every roll."],
      },
    ],
  });
  for (const rec of RECORDS) {
    out.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: PREPARED_NAMES[rec],
      docs: [
        `The ${rec} record as rules read it: defaults applied, absent optional fields null, numbers in ticks.`,
      ],
      properties: [
        ...fieldsOf(cx, rec).map(({ field: f, prop }) => ({
          name: prop,
          isReadonly: true,
          type: f.optional ? `${cx.tsType(f.type)} | null` : cx.tsType(f.type),
          docs: [fieldDoc(f)],
        })),
        ...fieldsOf(cx, rec).flatMap(({ field: f, prop, code }) =>
          code === null
            ? []
            : [
                {
                  name: code,
                  isReadonly: true,
                  type: "number",
                  docs: [
                    `The code of \`${prop}\` (its position in {@link ${cx.enums.get((f.type as { name: string }).name)!.values}}${f.optional && f.default === null ? ", -1 when absent" : ""}), read by {@link price}.`,
                  ],
                },
              ],
        ),
      ],
    });
  }
  out.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: "Ctx",
    docs: ["The evaluation context of this ruleset (see `prepare`)."],
    extends: ["MoveContext<number, PUnit, PVehicle, PStep, PScenario>"],
  });
  return out;
}

/** A default value as prepared code (ticks for numbers). */
function preparedDefault(cx: EmitContext, f: InputField, v: Value): string {
  switch (v.v) {
    case "num":
      return numberLiteral(qTicks(v.q, cx.scale));
    case "bool":
      return v.b ? "true" : "false";
    case "member":
      return lit(v.name);
    case "set":
      return `[${v.members.map(lit).join(", ")}]`;
    case "na":
      return "NaN";
    case "all":
      throw new Error(`field ${f.name}: \`all\` is not a field default`);
  }
}

/** Code reading field `f` from the input object `src`, as given. */
function readField(f: InputField, src: string): string {
  // A name Object.prototype has (`constructor`, `toString` …) must not read the inherited member.
  return f.json in Object.prototype
    ? `(Object.hasOwn(${src}, ${lit(f.json)}) ? ${src}${access(f.json)} : undefined)`
    : `${src}${access(f.json)}`;
}

/** Code giving the code of coded-enum field `f` of the input object `src` (-1 when absent). */
function prepareCode(cx: EmitContext, f: InputField, src: string): string {
  const codes = cx.codesOf((f.type as { name: string }).name);
  const read = readField(f, src);
  if (f.default !== null) return `${codes}[${read} ?? ${preparedDefault(cx, f, f.default)}]`;
  if (f.optional) return `${read} == null ? -1 : ${codes}[${read}]`;
  return `${codes}[${read}]`;
}

/** Code reading field `f` from the input object `src` into its prepared form. */
function prepareField(cx: EmitContext, f: InputField, src: string): string {
  const read = readField(f, src);
  const t = f.type;
  if (f.default !== null) {
    const d = preparedDefault(cx, f, f.default);
    if (t.t === "num") return `${read} == null ? ${d} : toTicks(${read}, SCALE)`;
    if (t.t === "set") return `new Set<${cx.enumType(t.of)}>(${read} ?? ${d})`;
    return `${read} ?? ${d}`;
  }
  if (f.optional) {
    if (t.t === "num") return `${read} == null ? null : toTicks(${read}, SCALE)`;
    if (t.t === "set") return `${read} == null ? null : new Set<${cx.enumType(t.of)}>(${read})`;
    return `${read} ?? null`;
  }
  if (t.t === "num") return `toTicks(${read}, SCALE)`;
  if (t.t === "set") return `new Set<${cx.enumType(t.of)}>(${read})`;
  return read;
}

/** The vehicle a boarding step implies: every field at its default, absent, or (required) missing. */
function impliedVehicle(cx: EmitContext): string {
  const fields = fieldsOf(cx, "vehicle");
  const value = (f: InputField): string => {
    if (f.default !== null)
      return f.default.v === "set"
        ? `new Set<${cx.enumType(f.default.enum)}>(${preparedDefault(cx, f, f.default)})`
        : preparedDefault(cx, f, f.default);
    return f.optional ? "null" : `missing(${lit(`vehicle.${f.json}`)})`;
  };
  const code = (f: InputField): string => {
    if (f.default !== null && f.default.v === "member")
      return String(cx.memberCode(f.default.enum, f.default.name));
    return f.optional ? "-1" : `missing(${lit(`vehicle.${f.json}`)})`;
  };
  if (fields.some(({ field }) => field.default === null && !field.optional)) cx.usesNeed = true;
  const props = [
    ...fields.map(({ field, prop }) => `${objectKey(prop)}: ${value(field)}`),
    ...fields.flatMap(({ field, code: c }) =>
      c === null ? [] : [`${objectKey(c)}: ${code(field)}`],
    ),
  ];
  return `{${props.join(",\n")}}`;
}

function recordLiteral(cx: EmitContext, rec: RecordName, src: string): string {
  const fields = fieldsOf(cx, rec);
  const props = [
    ...fields.map(({ field, prop }) => `${objectKey(prop)}: ${prepareField(cx, field, src)}`),
    ...fields.flatMap(({ field, code }) =>
      code === null ? [] : [`${objectKey(code)}: ${prepareCode(cx, field, src)}`],
    ),
  ];
  return `{${props.join(",\n")}}`;
}

export function prepareFunction(cx: EmitContext): FunctionDeclarationStructure {
  // A step that boards or leaves a vehicle means a vehicle is there: without a `vehicle` object, one
  // with every field at its default (or absent).
  const actions = vehicleActions(cx.ir);
  const stepAction = fieldsOf(cx, "step").find((f) => f.field.name === "action");
  const implied =
    actions.length > 0 && stepAction !== undefined
      ? `input.path.some((c: Step) => ${actions.map((a) => `c${access(stepAction.field.json)} === ${lit(a)}`).join(" || ")}) ? ${impliedVehicle(cx)} : null`
      : "null";
  const vehicle = cx.declared.has("vehicle")
    ? `veh == null ? ${implied} : ${recordLiteral(cx, "vehicle", "veh")}`
    : "null";
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: "prepare",
    docs: [
      "\nConverts a plain scenario (camelCase fields, real numbers) into the evaluation context:\ndefaults applied, absent optional fields null, numbers in ticks, sets as `ReadonlySet`.",
    ],
    parameters: [{ name: "input", type: "ScenarioInput" }],
    returnType: "Ctx",
    statements: [
      "const u = input.unit;",
      ...(fieldsOf(cx, "scenario").length > 0
        ? ["const s = input.scenario ?? ({} as Scenario);"]
        : []),
      ...(cx.declared.has("vehicle") ? ["const veh = input.vehicle;"] : []),
      `return {
        unit: ${recordLiteral(cx, "unit", "u")},
        vehicle: ${vehicle},
        scenario: ${recordLiteral(cx, "scenario", "s")},
        path: input.path.map((c: Step): PStep => (${recordLiteral(cx, "step", "c")})),
        i: 0,
        roll: input.roll ?? null,
        allowance: 0,
        spent: 0,
        hexes: 0,
      };`,
    ],
  };
}
