/**
 * The TextMate grammar of editors/vscode, run by vscode-textmate over vscode-oniguruma (as VS Code
 * runs it) on test/fixtures/textmate/*.rules: each fixture states, in assertion comments, the scope
 * every marked character must (or must not) have. See the fixture's header for the format.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as oniguruma from "vscode-oniguruma";
import * as textmate from "vscode-textmate";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const GRAMMAR = join(ROOT, "editors", "vscode", "syntaxes", "variorum-rules.tmLanguage.json");
const DIR = join(ROOT, "test", "fixtures", "textmate");
const SCOPE = "source.variorum-rules";

let grammar: textmate.IGrammar;
beforeAll(async () => {
  const wasm = readFileSync(
    join(dirname(createRequire(import.meta.url).resolve("vscode-oniguruma")), "onig.wasm"),
  );
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === SCOPE ? textmate.parseRawGrammar(readFileSync(GRAMMAR, "utf8"), GRAMMAR) : null,
  });
  grammar = (await registry.loadGrammar(SCOPE))!;
});

/** Scopes of every character of every line. */
function scopesOf(lines: string[]): string[][][] {
  let state = textmate.INITIAL;
  return lines.map((line) => {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    const perChar: string[][] = Array.from({ length: line.length }, () => []);
    for (const t of r.tokens)
      for (let c = t.startIndex; c < Math.min(t.endIndex, line.length); c++) perChar[c] = t.scopes;
    return perChar;
  });
}

interface Assertion {
  line: number;
  target: number;
  from: number;
  to: number;
  scope: string;
  negated: boolean;
}

function assertions(lines: string[]): Assertion[] {
  const out: Assertion[] = [];
  let target = -1;
  lines.forEach((line, i) => {
    const caret = /^#(\s*)(\^+)\s+(!?)(\S+)\s*$/.exec(line);
    const left = /^#\s*(<-*)\s+(!?)(\S+)\s*$/.exec(line);
    if (caret)
      out.push({
        line: i,
        target,
        from: 1 + caret[1]!.length,
        to: 1 + caret[1]!.length + caret[2]!.length,
        scope: caret[4]!,
        negated: caret[3] === "!",
      });
    else if (left)
      out.push({
        line: i,
        target,
        from: 0,
        to: left[1]!.length,
        scope: left[3]!,
        negated: left[2] === "!",
      });
    else target = i;
  });
  return out;
}

const fixtures = readdirSync(DIR).filter((f) => f.endsWith(".rules"));

describe("TextMate grammar", () => {
  it("has fixtures", () => expect(fixtures.length).toBeGreaterThan(0));
  for (const f of fixtures) {
    it(`scopes ${f} as its assertions say`, () => {
      const lines = readFileSync(join(DIR, f), "utf8").split("\n");
      const scopes = scopesOf(lines);
      const list = assertions(lines);
      expect(list.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const a of list) {
        const src = lines[a.target]!;
        for (let c = a.from; c < a.to; c++) {
          const has = (scopes[a.target]![c] ?? []).some(
            (s) => s === a.scope || s.startsWith(`${a.scope}.`),
          );
          if (has === a.negated) {
            failures.push(
              `${f}:${a.line + 1}: column ${c + 1} of line ${a.target + 1} (${JSON.stringify(src.slice(a.from, a.to))}) ${a.negated ? "has" : "lacks"} ${a.scope}; scopes: ${(scopes[a.target]![c] ?? []).join(" ")}`,
            );
            break;
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("covers every keyword of the language", async () => {
    const { keywords } = await import("../../grammar/tokens.js");
    const text = fixtures.map((f) => readFileSync(join(DIR, f), "utf8")).join("\n");
    const code = text
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .join("\n");
    const missing = keywords
      .map((k) => String(k.PATTERN).replace(/^\/|\/$/g, ""))
      .filter((w) => !new RegExp(`(?<![\\w-])${w}(?![\\w-])`).test(code));
    expect(missing).toEqual([]);
  });
});
