/**
 * The movement binding → `model: MoveModel<number, Ctx>` (runtime/types.ts), its functions, the
 * `num` of ticks and `evaluate`; plus the small runtime helpers a module may need (`ALL`, `sumDice`).
 */

import {
  StructureKind,
  VariableDeclarationKind,
  type FunctionDeclarationStructure,
  type StatementStructures,
} from "ts-morph";
import type { EmitContext } from "./context.js";
import { diceCutsOf, diceOf } from "../ir/walk.js";
import { ExprCompiler, newEnv, type Env } from "./expr.js";
import { citeLine, commentText, lit } from "./text.js";
import { reachProfile } from "../reach/profile.js";
import {
  boardMember,
  unloadMember,
  hexsideField,
  mapNames,
  type MapField,
} from "../ir/name-resolver.js";
import type { CheckNames } from "./checks.js";
import { MAP_STEP_FIELDS } from "../../runtime/reach-steps.js";

const TRACE = "string[] | null";

function fn(
  name: string,
  doc: string,
  parameters: { name: string; type: string; initializer?: string }[],
  returnType: string,
  statements: string[],
): FunctionDeclarationStructure {
  return { kind: StructureKind.Function, name, docs: [doc], parameters, returnType, statements };
}

/**
 * `return <e>;` with the statements `e` needs first. Numbers get `+ 0`, which turns a negative zero
 * (from rounding or a negative factor) into 0, so results compare equal to the interpreter's.
 */
function returning(
  xc: ExprCompiler,
  env: Env,
  e: Parameters<ExprCompiler["compile"]>[0],
  isNumber = false,
): string[] {
  const code = xc.compile(e, env);
  return [...env.pre, isNumber && !/^\d+$/.test(code) ? `return ${code} + 0;` : `return ${code};`];
}

export function modelStatements(
  cx: EmitContext,
  xc: ExprCompiler,
  checks: CheckNames,
): StatementStructures[] {
  const ir = cx.ir;
  const m = ir.movement;
  // A ruleset that rolls no dice answers every allowance as a number (runtime/move.ts): its answers
  // are typed so (issue 44), a dice ruleset's a number or, without a fixed roll, a distribution.
  const answer = diceOf(ir) === null ? "Answer<number>" : "Answer";
  const names = {
    isHex: cx.names.claim("m_is_hex"),
    allowance: cx.names.claim("m_allowance"),
    stepCost: cx.names.claim("m_step_cost"),
    minimumMove: cx.names.claim("m_minimum_move"),
    checkMove: cx.names.claim("m_check_move"),
    checkStep: cx.names.claim("m_check_step"),
    vehicleSpent: cx.names.claim("m_vehicle_spent"),
  };
  const ctxParam = { name: "ctx", type: "Ctx" };
  const traceParam = { name: "trace", type: TRACE };

  const action = cx.fields.get("step")?.get("action");
  const isHex = fn(
    names.isHex,
    action === undefined
      ? "Every step enters a hex (the ruleset has no in-place actions)."
      : "A step enters a hex unless it is an action in place (`action` given).",
    [ctxParam, { name: "i", type: "number" }],
    "boolean",
    [action === undefined ? "return true;" : `return ctx.path[i]!.${action.prop} == null;`],
  );

  const allowance = fn(
    names.allowance,
    `The unit's allowance in ticks [${commentText(m.cite)}].`,
    [ctxParam, traceParam],
    "number",
    returning(xc, newEnv("trace"), m.allowance, true),
  );
  const stepCost = fn(
    names.stepCost,
    "The cost of step `ctx.i` in ticks (`all` is `ctx.allowance`).",
    [ctxParam, traceParam],
    "number",
    returning(xc, newEnv("trace"), m.cost, true),
  );
  const minimumMove = fn(
    names.minimumMove,
    m.minimumMove === null
      ? "This ruleset has no Minimum Move."
      : "Whether a one-hex move may overspend here (Minimum Move).",
    [ctxParam],
    "boolean",
    m.minimumMove === null ? ["return false;"] : returning(xc, newEnv("null"), m.minimumMove),
  );

  const moveChecks: string[] = [];
  const stepChecks: string[] = [];
  ir.constraints.forEach((c, i) => {
    const name = cx.constraints[i];
    // With `open` (runtime/open.ts), a constraint that needs a left-out field is set aside.
    const holds = `(open === null ? ${name}(ctx, null) : holdsOpen(() => ${name}(ctx, null), open))`;
    if (c.context === "step") {
      stepChecks.push(
        `if (!${holds}) out.push({ rule: ${lit(c.cite)}, message: ${lit(c.title)}, step: ctx.i + 1 });`,
      );
    } else {
      moveChecks.push(
        `if (!${holds}) out.push({ rule: ${lit(c.cite)}, message: ${lit(c.title)} });`,
      );
    }
  });
  const outParam = { name: "out", type: "Violation[]" };
  const openParam = { name: "open", type: "string[] | null", initializer: "null" };
  const checkMove = fn(
    names.checkMove,
    "Appends the violated constraints on the unit and the whole move (with `open`, one that needs a left-out field is set aside, its field appended).",
    [ctxParam, outParam, openParam],
    "void",
    moveChecks,
  );
  const checkStep = fn(
    names.checkStep,
    "Appends the violated constraints on step `ctx.i` (reported 1-based; `open` as for the move's).",
    [ctxParam, outParam, openParam],
    "void",
    stepChecks,
  );

  const vehicleSpent = fn(
    names.vehicleSpent,
    m.vehicleSpent === null
      ? "This ruleset has no vehicle-spent rule."
      : `What the vehicle spends, in ticks of ${m.vehicleMeasure === null ? "its measure" : citeLine(m.vehicleMeasure, null)}; null without a vehicle.`,
    [ctxParam],
    "number | null",
    m.vehicleSpent === null
      ? ["return null;"]
      : [
          "if (ctx.vehicle === null) return null;",
          ...returning(xc, newEnv("null"), m.vehicleSpent, true),
        ],
  );

  // Halting steps (Chain of Command's obstacles): only when the binding names them.
  const halts: FunctionDeclarationStructure[] = [];
  let haltMembers = "";
  if (m.haltAt !== undefined) {
    const at = cx.names.claim("m_halt_at");
    halts.push(
      fn(
        at,
        "Whether step `ctx.i` is one the unit halts before unless its allowance carries it past.",
        [ctxParam],
        "boolean",
        returning(xc, newEnv("null"), m.haltAt),
      ),
    );
    haltMembers += `haltAt: ${at},\n    haltCite: ${lit(m.haltCite ?? m.cite)},\n`;
    if (m.haltAllowance !== undefined) {
      const toward = cx.names.claim("m_halt_allowance");
      halts.push(
        fn(
          toward,
          "How far, in ticks, the unit moves towards a step it cannot pass.",
          [ctxParam],
          "number",
          returning(xc, newEnv("null"), m.haltAllowance, true),
        ),
      );
      haltMembers += `    haltAllowance: ${toward},\n`;
    }
  }

  const rolled = diceOf(cx.ir);
  const dice = rolled?.n ?? 0;
  const sides = rolled?.sides ?? 6;
  const model = `{
    id: ${lit(ir.id)},
    title: ${lit(ir.title)},
    measure: ${lit(m.measure)},
    cite: ${lit(m.cite)},
    dice: ${dice},
    sides: ${sides},${dice > 0 ? `\n    diceCuts: [${diceCutsOf(cx.ir).join(", ")}],` : ""}
    isHex: ${names.isHex},
    allowance: ${names.allowance},
    stepCost: ${names.stepCost},
    minimumMove: ${names.minimumMove},
    checkMove: ${names.checkMove},
    checkStep: ${names.checkStep},
    vehicleSpent: ${names.vehicleSpent},
    ${haltMembers}}`;

  return [
    isHex,
    allowance,
    stepCost,
    minimumMove,
    checkMove,
    checkStep,
    vehicleSpent,
    ...halts,
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        `The movement model of this ruleset, for \`evaluateMove\` and \`pricePath\` [${commentText(m.cite)}].`,
      ],
      declarations: [{ name: "model", type: "MoveModel<number, Ctx>", initializer: model }],
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: "EvaluationOptions",
      docs: ["What {@link evaluate} is asked besides the scenario."],
      properties: [
        {
          name: "trace",
          type: "boolean",
          hasQuestionToken: true,
          docs: ["Cite the rules behind each step's cost (default true; false is faster)."],
        },
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: "evaluate",
      overloads: [
        {
          docs: [
            "Prices a move under this ruleset and answers its questions about it: the `variorum eval --json`\n" +
              "result (allowance, spent, legal, steps with their rules and answers, violations, predicates and\n" +
              "their rules). Where the input leaves out a detail a rule needs, it answers for every value of it, as\n" +
              "`eval` does (runtime/cases.ts): one answer naming the field it did not need (`notNeeded`), else\n" +
              "`dependsOn` and one of `cases` per group of values; for a number left out, what can be said without\n" +
              `it (\`allowance\`, \`covers\`, \`needs\`). The input is checked first against {@link ${checks.domains}}: a\n` +
              "field, kind, terrain or number this ruleset does not know throws `InputError` with the CLI's code\n" +
              '(V0902, V0903) and the field (`"unit.kind"`); a field of the scenario vocabulary it has no concept for\n' +
              "is listed in `notApplicable`.",
          ],
          parameters: [
            { name: "input", type: "ScenarioInput" },
            { name: "options", type: "EvaluationOptions", hasQuestionToken: true },
          ],
          returnType: answer,
        },
        {
          docs: [
            "The form of {@link evaluate} with a trailing boolean.\n\n" +
              "@deprecated Pass an options object: `evaluate(input, { trace: false })`.",
          ],
          parameters: [
            { name: "input", type: "ScenarioInput" },
            { name: "trace", type: "boolean" },
          ],
          returnType: answer,
        },
      ],
      parameters: [
        { name: "input", type: "ScenarioInput" },
        { name: "options", type: "EvaluationOptions | boolean", initializer: "{}" },
      ],
      returnType: answer,
      // The options read, the input checked and answered by the runtime (runtime/rules-module.ts).
      statements: [
        `return evaluateWith${answer === "Answer" ? "" : "<Ctx, number>"}(moduleRules, input, options);`,
      ],
    },
  ];
}

/**
 * `reach(map, unit, from, scenario?, roll?)`: every hex where the unit may end its move
 * (runtime/reach-map.ts), with this ruleset's reach profile (compiler/reach/profile.ts) and the map
 * names its terrain and hexside members answer to (their own, and a declared `concept`).
 */
export function reachStatements(
  cx: EmitContext,
  xc: ExprCompiler,
  checks: CheckNames,
): StatementStructures[] {
  const ir = cx.ir;
  const p = reachProfile(ir);
  const keyName = cx.names.claim("m_reach_key");
  const resolveName = cx.names.claim("m_reach_resolve");
  const out: StatementStructures[] = [];
  if (p.aggregates.length > 0) {
    const env = newEnv("null");
    const parts = p.aggregates.map((a) => `String(${xc.compile(a, env)})`);
    out.push(
      fn(
        keyName,
        "The values of the path aggregates this ruleset reads, for the path in `ctx.path` (the reach state).",
        [{ name: "ctx", type: "Ctx" }],
        "string",
        [...env.pre, `return ${parts.join(' + "|" + ')};`],
      ),
    );
  }
  // The resolver's own tables (name-resolver.ts), entry for entry: the interpreter's reach and this
  // module's resolve a map's names alike.
  const tables = mapNames(ir);
  const names = (field: MapField): string =>
    `new Map<string, string>([${[...tables[field]].map(([a, b]) => `[${lit(a)}, ${lit(b)}]`).join(", ")}])`;
  out.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "Map names → members: terrain, hexside features, enemy occupants, vehicle kinds and streams (by name, then by declared concept).",
    ],
    declarations: [
      {
        name: `${resolveName}_names`,
        initializer: `{ terrain: ${names("terrain")}, hexside: ${names("hexside")}, enemy: ${names("enemy")}, vehicle: ${names("vehicle")}, stream: ${names("stream")} }`,
      },
    ],
  });
  out.push(
    fn(
      resolveName,
      "The member a map name means in this ruleset, or null.",
      [
        { name: "field", type: '"terrain" | "hexside" | "enemy" | "vehicle" | "stream"' },
        { name: "name", type: "string" },
      ],
      "string | null",
      [`return ${resolveName}_names[field].get(name) ?? null;`],
    ),
  );
  const profile = `{ hexCap: ${p.hexCap === Infinity ? "Infinity" : p.hexCap}, localCost: ${p.localCost}, pathAllowance: ${p.pathAllowance}, stateAllowance: ${p.stateAllowance}, stepChecks: ${p.stepChecks}, localStepChecks: ${p.localStepChecks}, checksReadCost: ${p.checksReadCost}, localKey: ${p.localKey},${p.keyFolds !== null ? ` keyFolds: ${JSON.stringify(p.keyFolds)},` : ""}${p.pathKey ? " pathKey: true," : ""}${p.pathHalts ? " pathHalts: true," : ""} key: ${p.aggregates.length > 0 ? keyName : "null"} }`;
  out.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      "What the search on a map keeps apart about a path for this ruleset (runtime/reach.ts).",
    ],
    declarations: [{ name: "reachProfile", type: "ReachProfile<Ctx>", initializer: profile }],
  });
  // Boarding a map's vehicle: a ruleset with a board action and a vehicle to board.
  const board = ir.inputs.some((i) => i.rec === "vehicle" && i.fields.length > 0)
    ? boardMember(ir)
    : null;
  // Getting off the vehicle a unit starts aboard (`aboard`): a ruleset with an unload action.
  const unload = ir.inputs.some((i) => i.rec === "vehicle" && i.fields.length > 0)
    ? unloadMember(ir)
    : null;
  const stepFields = MAP_STEP_FIELDS.filter((j) =>
    [...(cx.fields.get("step")?.values() ?? [])].some((f) => f.field.json === j),
  );
  // What `evaluate` and `reach` bind (runtime/rules-module.ts): this module's own parts, in one object.
  out.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["This ruleset's parts, as `evaluate` and `reach` hand them to the runtime."],
    declarations: [
      {
        name: "moduleRules",
        type: "ModuleRules<Ctx>",
        initializer: `{
          model,
          num,
          domains: ${checks.domains},
          prepare: (c) => prepare(c as unknown as ScenarioInput),
          ${checks.predicates === "predicates" ? "predicates" : `predicates: ${checks.predicates}`},
          ${checks.stepQuestions === "stepQuestions" ? "stepQuestions" : `stepQuestions: ${checks.stepQuestions}`},
          profile: reachProfile,
          resolve: ${resolveName},
          stepFields: ${JSON.stringify(stepFields)},
          hexsideAlso: ${hexsideField(ir) === "obstacle" ? lit("obstacle") : "null"},
          boardAction: ${board === null ? "null" : lit(board)},
          unloadAction: ${unload === null ? "null" : lit(unload)},
        }`,
      },
    ],
  });
  const reachDoc =
    'Every hex of `map` where the unit may end a move started in hex `from` (e.g. "B3"): least cost, one\n' +
    "cheapest path. `options.scenario` gives the phase and other scenario fields; `options.roll` fixes the dice.\n" +
    "A terrain or hexside feature this ruleset lacks cannot be entered or crossed; an enemy it cannot see\n" +
    "is ignored (both are listed in `notApplicable`). A vehicle on the map is boarded where this ruleset can.\n" +
    "With `options.aboard`, the unit starts aboard the map's vehicle in `from` and gets off first, where this ruleset can.\n" +
    `\`unit\`, \`scenario\` and \`roll\` are checked as \`evaluate\` checks them ({@link ${checks.domains}}).`;
  out.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: "ReachOptions",
    docs: ["What {@link reach} is asked besides the map, the unit and the start hex."],
    properties: [
      {
        name: "scenario",
        type: "Scenario",
        hasQuestionToken: true,
        docs: ["The phase and other scenario fields (default `{}`)."],
      },
      {
        name: "roll",
        type: "readonly number[]",
        hasQuestionToken: true,
        docs: ["A fixed roll of the dice (default: every roll, with its probability)."],
      },
      {
        name: "aboard",
        type: "boolean",
        hasQuestionToken: true,
        docs: [
          "The unit starts aboard the map's vehicle in `from` and gets off first (default false).",
        ],
      },
    ],
  });
  out.push({
    kind: StructureKind.Function,
    isExported: true,
    name: "reach",
    overloads: [
      {
        docs: [reachDoc],
        parameters: [
          { name: "map", type: "MapGraph" },
          { name: "unit", type: "Unit" },
          { name: "from", type: "string" },
          { name: "options", type: "ReachOptions", hasQuestionToken: true },
        ],
        returnType: "ReachAnswer",
      },
      {
        docs: [
          "The positional form of {@link reach}, told by its five or six arguments (the roll may be `undefined`).\n\n" +
            "@deprecated Pass one options object: `reach(map, unit, from, { scenario, roll, aboard })`.",
        ],
        parameters: [
          { name: "map", type: "MapGraph" },
          { name: "unit", type: "Unit" },
          { name: "from", type: "string" },
          { name: "scenario", type: "Scenario" },
          { name: "roll", type: "readonly number[] | undefined" },
          { name: "aboard", type: "boolean", hasQuestionToken: true },
        ],
        returnType: "ReachAnswer",
      },
    ],
    parameters: [
      { name: "map", type: "MapGraph" },
      { name: "unit", type: "Unit" },
      { name: "from", type: "string" },
      { name: "args", type: "unknown[]", isRestParameter: true },
    ],
    returnType: "ReachAnswer",
    // The form told by the arguments' count, the input checked, the map searched: the runtime's
    // (runtime/rules-module.ts).
    statements: ["return reachWith(moduleRules, map, unit, from, args);"],
  });
  return out;
}

/** `SCALE`, `num`, and the helpers the module uses. */
export function preludeStatements(cx: EmitContext): StatementStructures[] {
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      leadingTrivia: "\n",
      docs: ["Ticks per unit of measure: every number is computed as an integer number of ticks."],
      declarations: [{ name: "SCALE", initializer: String(cx.scale) }],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Tick arithmetic for the pricing loop."],
      declarations: [{ name: "num", initializer: "tickNum(SCALE)" }],
    },
  ];
}

export function helperStatements(cx: EmitContext): StatementStructures[] {
  const out: StatementStructures[] = [];
  if (cx.usesAll) {
    out.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ["Table sentinel for `all` (never a tick value): looked up as `ctx.allowance`."],
      declarations: [{ name: "ALL", initializer: "Infinity" }],
    });
  }
  if (cx.usesDice) {
    out.push(
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        docs: ["Scratch space for `sumDice` (no allocation per roll)."],
        declarations: [{ name: "diceScratch", type: "number[]", initializer: "[]" }],
      },
      fn(
        "sumDice",
        "Sums the first `n` faces of the roll, each plus `perDie` and at least 0, keeping the `keep` highest (or lowest).",
        [
          { name: "roll", type: "readonly number[] | null" },
          { name: "n", type: "number" },
          { name: "perDie", type: "number" },
          { name: "keep", type: "number" },
          { name: "highest", type: "boolean" },
        ],
        "number",
        [
          'if (roll === null || roll.length < n) throw new InputError("roll", "unit.dice", `this move rolls ${n} dice, but the fixed roll gives ${roll === null ? 0 : roll.length}`);',
          `for (let i = 0; i < n; i++) {
            const f = Math.max(0, roll[i]! + perDie);
            let j = i;
            while (j > 0 && (highest ? diceScratch[j - 1]! < f : diceScratch[j - 1]! > f)) {
              diceScratch[j] = diceScratch[j - 1]!;
              j--;
            }
            diceScratch[j] = f;
          }`,
          "let s = 0;",
          "for (let i = 0; i < keep; i++) s += diceScratch[i]!;",
          "return s;",
        ],
      ),
    );
  }
  return out;
}
