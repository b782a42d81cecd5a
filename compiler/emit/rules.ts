/**
 * Rules, predicates and constraints → exported functions `(ctx, trace, ...params)`.
 *
 * A rule's value: the first exception (in order) whose condition holds applies — its citation is
 * pushed onto the trace and it replaces the base value, unless one of its own exceptions applies in
 * turn (recursively). Inside an exception `base` is the value without it: the rule's base value for a
 * top-level exception, the parent exception's value for a nested one, computed once and only when
 * referenced. With no exception applying, the rule's citation is pushed and its base value returned.
 * Nothing is allocated when `trace` is null.
 */

import { StructureKind, type FunctionDeclarationStructure } from "ts-morph";
import type { ConstraintDef, Exception, RuleDef, Type } from "../ir/ir.js";
import { delegates } from "../interpret/eval.js";
import type { EmitContext } from "./context.js";
import { ExprCompiler, newEnv, type BaseRef, type Env, type Param } from "./expr.js";
import { PropertyTable, snake } from "./names.js";
import { citeLine, lit } from "./text.js";

const TRACE_TYPE = "string[] | null";

function pushCite(env: Env, cite: string): string {
  return `if (${env.trace} !== null) ${env.trace}.push(${lit(cite)});`;
}

/** Compiles `fn` in a fresh statement scope of `env`; returns the statements it needs first and its code. */
function withPre(env: Env, fn: (env: Env) => string): { pre: string[]; code: string } {
  const local: Env = { ...env, pre: [] };
  const code = fn(local);
  return { pre: local.pre, code };
}

/** Statements that compute and return the value of `self` given its exceptions. */
export function genNode(
  xc: ExprCompiler,
  children: readonly Exception[],
  self: BaseRef,
  env: Env,
  out: string[],
): void {
  const selfSource = { kind: "ref", ref: self } as const;
  for (const c of children) {
    // Conditions decide which definition prices the value; they are not part of its trace.
    const cond = withPre(env, (e) => xc.compile(c.when, { ...e, base: selfSource, trace: "null" }));
    out.push(...cond.pre, `if (${cond.code}) {`);
    const inner: Env = { ...env, scope: new Map(env.scope), pre: [] };
    const body: string[] = env.trace === "null" ? [] : [pushCite(env, c.cite)];
    const child: BaseRef = { expr: c.value, parent: selfSource, cite: null, type: self.type };
    genNode(xc, c.exceptions, child, inner, body);
    out.push(...body, "}");
  }
  const known = env.scope.get(self);
  if (known !== undefined) {
    out.push(`return ${known};`);
    return;
  }
  const value = withPre(env, (e) => xc.compile(self.expr, { ...e, base: self.parent }));
  out.push(...value.pre);
  // Same rule as the interpreter: a base value that only passes on another definition's value does
  // not cite the rule (the definition it reads cites itself).
  if (self.cite !== null && !delegates(self.expr) && env.trace !== "null")
    out.push(pushCite(env, self.cite));
  out.push(`return ${value.code};`);
}

function exceptionLines(list: readonly Exception[], depth: number): string[] {
  const lines: string[] = [];
  for (const e of list) {
    lines.push(`${"  ".repeat(depth)}- ${citeLine(e.title, e.cite)}`);
    lines.push(...exceptionLines(e.exceptions, depth + 1));
  }
  return lines;
}

function returnsDoc(cx: EmitContext, t: Type): string | null {
  if (t.t !== "num" && t.t !== "dist") return null;
  const unit = t.measure === null ? "a plain number" : t.measure;
  return `Returns ${unit} in ticks (value × SCALE).`;
}

export function ruleFunction(
  cx: EmitContext,
  xc: ExprCompiler,
  r: RuleDef,
): FunctionDeclarationStructure {
  const names = new PropertyTable();
  const params = new Map<string, Param>();
  for (const p of r.params)
    params.set(p.name, { name: `p_${names.claim(snake(p.name))}`, type: p.type });
  const env = newEnv("trace", params);
  const root: BaseRef = { expr: r.value, parent: null, cite: r.cite, type: r.type };
  const statements: string[] = [];
  genNode(xc, r.exceptions, root, env, statements);

  const doc = [citeLine(r.title, r.cite)];
  if (r.exceptions.length > 0) doc.push("", "Exceptions:", ...exceptionLines(r.exceptions, 0));
  const ret = returnsDoc(cx, r.type);
  if (ret !== null) doc.push("", ret);
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: cx.ruleFn(r.name),
    docs: [{ description: doc.join("\n") }],
    parameters: [
      { name: "ctx", type: "Ctx" },
      { name: "trace", type: TRACE_TYPE },
      ...[...params.values()].map((p) => ({ name: p.name, type: cx.tsType(p.type) })),
    ],
    returnType: cx.tsType(r.type),
    statements,
  };
}

export function constraintFunction(
  cx: EmitContext,
  xc: ExprCompiler,
  c: ConstraintDef,
  name: string,
): FunctionDeclarationStructure {
  const env = newEnv("trace");
  const cond = withPre(env, (e) => xc.compile(c.cond, e));
  const where =
    c.context === "step"
      ? "checked at every step"
      : c.context === "path"
        ? "checked on the whole move"
        : "checked on the unit";
  return {
    kind: StructureKind.Function,
    isExported: true,
    name,
    docs: [
      {
        description: [`Must hold: ${citeLine(c.title, c.cite)}`, "", `Constraint, ${where}.`].join(
          "\n",
        ),
      },
    ],
    parameters: [
      { name: "ctx", type: "Ctx" },
      { name: "trace", type: TRACE_TYPE },
    ],
    returnType: "boolean",
    statements: [...cond.pre, `return ${cond.code};`],
  };
}
