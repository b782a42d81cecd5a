/**
 * Messages in one table (diagnostics/messages.ts): the call sites of the compiler's passes give a
 * code, a message's name and its data, never a message's text. A scan of their sources (by the
 * TypeScript compiler's own parser) finds every place that writes a diagnostic's text itself — a call
 * of the free-text `diag`, a message name that is a text, a diagnostic built by hand — and each rule
 * of the scan is run on a counter-example that must fail. The table is checked too: its codes exist,
 * its placeholders are names, and filling a template leaves none behind.
 */
import ts from "typescript";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES } from "../../diagnostics/index.js";
import { fill, MESSAGES, PLACEHOLDER, report } from "../../diagnostics/messages.js";

const ROOT = join(import.meta.dirname, "..", "..");

/**
 * The sources whose diagnostics come from the table; runtime/ may not import diagnostics/ (its
 * faults' words reach a message as data: V0903 `evaluation`).
 */
const MIGRATED = [
  "grammar",
  "compiler/engine/front.ts",
  "compiler/front",
  "compiler/scenario",
  "compiler/map",
  "compiler/engine/reach.ts",
  "compiler/interpret",
  "compiler/reach",
  "compiler/service/actions.ts",
];

function sources(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(full, f))
    .sort();
}

/** Whether `n` is a text written in place: a string with a space, or a template with parts. */
function isText(n: ts.Expression): boolean {
  if (ts.isTemplateExpression(n)) return true;
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return /\s/.test(n.text);
  return false;
}

/**
 * Where `text` (a TypeScript source) writes a diagnostic's message itself, as `line: what`:
 *   1. a call of `diag` (the constructor that takes a message's text);
 *   2. a call of `report` whose message (its second argument) is a text, not a name;
 *   3. an object literal with both `severity` and `message` (a diagnostic built by hand).
 */
function messageSites(text: string, file = "x.ts"): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const at = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const name = n.expression.text;
      if (name === "diag") out.push(`${at(n)}: diag() with a message's text`);
      else if (name === "report" && n.arguments[1] !== undefined && isText(n.arguments[1]))
        out.push(`${at(n)}: report() with a text where a message's name goes`);
    }
    if (ts.isObjectLiteralExpression(n)) {
      const keys = new Set(
        n.properties.flatMap((p) =>
          (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
          ts.isIdentifier(p.name)
            ? [p.name.text]
            : [],
        ),
      );
      if (keys.has("severity") && keys.has("message"))
        out.push(`${at(n)}: a diagnostic built by hand`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe("messages in one table", () => {
  it("no call site of the migrated rooms writes a message's text", () => {
    const found: string[] = [];
    for (const path of MIGRATED)
      for (const f of sources(path))
        for (const site of messageSites(readFileSync(f, "utf8"), f))
          found.push(`${relative(ROOT, f)}:${site}`);
    expect(found).toEqual([]);
  });

  it("the scan finds each way of writing a message's text (counter-examples)", () => {
    expect(messageSites('out.push(diag("V0402", `cannot negate ${t}`, span));')).toEqual([
      "1: diag() with a message's text",
    ]);
    expect(messageSites('report("V0402", "cannot negate a bool", span, {});')).toEqual([
      "1: report() with a text where a message's name goes",
    ]);
    expect(messageSites('report("V0402", `${kind} is not a value`, span, {});')).toEqual([
      "1: report() with a text where a message's name goes",
    ]);
    expect(
      messageSites('out.push({ code: "V0402", severity: "error", message: "no", span });'),
    ).toEqual(["1: a diagnostic built by hand"]);
    // What the migrated sites write passes.
    expect(messageSites('out.push(report("V0402", "negate", span, { type: "bool" }));')).toEqual(
      [],
    );
  });

  it("every code of the table is a code, every message a name, every placeholder a name", () => {
    const bad: string[] = [];
    for (const [code, messages] of Object.entries(MESSAGES)) {
      if (!Object.hasOwn(CODES, code)) bad.push(`${code}: no such code`);
      for (const [name, text] of Object.entries(messages as Record<string, string>)) {
        if (!/^[a-z][A-Za-z0-9]*$/.test(name)) bad.push(`${code} ${name}: not a name`);
        // A brace holding no space or quote is a placeholder, and then it must be a name.
        for (const m of text.matchAll(/\{([^{}\s"…]*)\}/g))
          if (!/^[A-Za-z][A-Za-z0-9]*$/.test(m[1]!)) bad.push(`${code} ${name}: {${m[1]}}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("filling a template replaces every placeholder, once, and reads no value again", () => {
    for (const messages of Object.values(MESSAGES))
      for (const text of Object.values(messages as Record<string, string>)) {
        const args = Object.fromEntries([...text.matchAll(PLACEHOLDER)].map((m) => [m[1]!, "x"]));
        expect(fill(text, args)).not.toMatch(PLACEHOLDER);
      }
    expect(fill("a {x} and {y}", { x: "{y}", y: 2 })).toBe("a {y} and 2");
    expect(report("V0402", "negate", null, { type: "bool" })).toEqual({
      code: "V0402",
      severity: "error",
      message: "cannot negate bool",
      span: null,
    });
  });
});
