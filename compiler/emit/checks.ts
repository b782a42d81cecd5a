/**
 * What a module checks and answers besides the price: `inputDomains` (runtime/input.ts), the values
 * its input may take — each declared field's type and members (a member's own name and its concept
 * keys, as the scenario reader resolves them: ../ir/name-resolver.ts), the rest of the scenario
 * vocabulary (../ir/scenario-fields.ts) that `eval` lists as not applicable, the dice and the tick
 * scale — and the questions `evaluate` answers after pricing (runtime/answers.ts): the predicates
 * about the whole move and the rules gathered step by step (../interpret/predicates.ts and
 * step-answers.ts ask the same of the interpreter).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { RecordName, RuleDef, Type } from "../ir/ir.js";
import { memberNames } from "../ir/name-resolver.js";
import { VOCABULARY } from "../ir/scenario-fields.js";
import { diceOf } from "../ir/walk.js";
import { aggregatedStepRules } from "../interpret/step-answers.js";
import { RECORDS, type EmitContext } from "./context.js";
import { snake } from "./names.js";
import { lit } from "./text.js";

/** The names of what this file emits. */
export interface CheckNames {
  domains: string;
  predicates: string;
  stepQuestions: string;
}

/** The predicates `eval` answers about a whole move: no parameters, not read per step. */
export function movePredicates(cx: EmitContext): RuleDef[] {
  return cx.ir.rules.filter(
    (r) => r.kind === "predicate" && r.params.length === 0 && r.context !== "step",
  );
}

function questionType(t: Type): "num" | "bool" | "enum" | "set" {
  switch (t.t) {
    case "bool":
      return "bool";
    case "enum":
      return "enum";
    case "set":
      return "set";
    default:
      return "num";
  }
}

export function checkStatements(cx: EmitContext): {
  names: CheckNames;
  statements: StatementStructures[];
} {
  // Fixed names (names.ts FIXED_NAMES), so a ruleset's own names never take them.
  const names: CheckNames = {
    domains: "inputDomains",
    predicates: "predicates",
    stepQuestions: "stepQuestions",
  };
  const statements: StatementStructures[] = [];
  // One accepted-name table per enum an input field takes, shared by its fields.
  const tables = new Map<string, string>();
  const tableOf = (enumName: string): string => {
    const known = tables.get(enumName);
    if (known !== undefined) return known;
    const e = cx.enumDefs.get(enumName) ?? null;
    const name = cx.names.claim(`in_${snake(enumName)}`);
    tables.set(enumName, name);
    const entries = [...memberNames(e)].map(([k, v]) => `[${lit(k)}, ${lit(v)}]`);
    statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        `The names a scenario may give for {@link ${cx.enumType(enumName)}}: each member, then the concept keys members declare.`,
      ],
      declarations: [
        {
          name,
          type: "ReadonlyMap<string, string>",
          initializer: `new Map([${entries.join(", ")}])`,
        },
      ],
    });
    return name;
  };
  const domain = (rec: RecordName): string => {
    const own = [...(cx.fields.get(rec)?.values() ?? [])].map(({ field: f }) => {
      const required = f.default === null && !f.optional;
      const t = f.type;
      const d =
        t.t === "bool"
          ? `{ t: "bool", required: ${required} }`
          : t.t === "enum" || t.t === "set"
            ? `{ t: ${lit(t.t)}, required: ${required}, name: ${lit(t.t === "enum" ? t.name : t.of)}, members: ${tableOf(t.t === "enum" ? t.name : t.of)} }`
            : t.t === "num" && t.measure !== null
              ? `{ t: "num", required: ${required}, quantity: true, measure: ${lit(t.measure)} }`
              : `{ t: "num", required: ${required}, quantity: false }`;
      return `[${lit(f.json)}, ${d}]`;
    });
    const mine = new Set([...(cx.fields.get(rec)?.values() ?? [])].map((x) => x.field.json));
    const other = VOCABULARY[rec]
      .filter((v) => !mine.has(v.json) && !(rec === "scenario" && v.json === "name"))
      .map((v) => `[${lit(v.json)}, ${lit(v.shape)}]`);
    return `{ fields: new Map<string, FieldDomain>([${own.join(", ")}]), other: new Map<string, InputShape>([${other.join(", ")}]) }`;
  };
  const records = RECORDS.map((rec) =>
    rec === "vehicle" && !cx.declared.has("vehicle") ? `vehicle: null` : `${rec}: ${domain(rec)}`,
  );
  const dice = diceOf(cx.ir);
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "What `evaluate` and `reach` accept: each record's fields and their values, the rest of the scenario\nvocabulary (not applicable here), the dice, the tick scale. Anything else throws `InputError`.",
    ],
    declarations: [
      {
        name: names.domains,
        type: "InputDomains",
        initializer: `{ ${records.join(", ")}, dice: ${dice === null ? "null" : `{ n: ${dice.n}, sides: ${dice.sides} }`}, scale: SCALE }`,
      },
    ],
  });
  const question = (r: RuleDef): string =>
    `{ name: ${lit(r.name)}, cite: ${lit(r.cite)}, type: ${lit(questionType(r.type))}, ask: ${cx.ruleFn(r.name)} }`;
  statements.push(
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "The ruleset's questions about a whole move, answered in `evaluate`'s `predicates` (runtime/answers.ts).",
      ],
      declarations: [
        {
          name: names.predicates,
          type: "readonly Question<Ctx>[]",
          initializer: `[${movePredicates(cx).map(question).join(", ")}]`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        "The values the ruleset gathers step by step, answered in each step's `answers` (runtime/answers.ts).",
      ],
      declarations: [
        {
          name: names.stepQuestions,
          type: "readonly Question<Ctx>[]",
          initializer: `[${aggregatedStepRules(cx.ir).map(question).join(", ")}]`,
        },
      ],
    },
  );
  return { names, statements };
}
