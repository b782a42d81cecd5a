/**
 * `variorum explain` and docs/diagnostics.md: every code has an explanation whose wrong snippet
 * produces that code and whose right snippet clears it (and checks clean), and the committed
 * docs/diagnostics.md is what `variorum explain --all --format md` prints.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODES, type Code } from "../../diagnostics/index.js";
import {
  codes,
  EXPLANATIONS,
  explainMarkdown,
  snippetSource,
  type SnippetKind,
} from "../../diagnostics/explain.js";
import { InputError } from "../../compiler/interpret/eval.js";
import {
  compileText,
  exampleDiagnostic,
  interpretScenario,
  runExamples,
} from "../../compiler/engine/index.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { reachOn, reachUnitsOn } from "../../compiler/engine/index.js";
import { parseMap } from "../../compiler/map/parse.js";
import { mapVocabulary } from "../../compiler/map/known-names.js";
import { ROOT, variorum } from "../cli/run.js";

const SL = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");
const slIR = compileText(SL, "sl-classic.rules").ir!;
const tiIR = compileText(
  readFileSync(join(ROOT, "rulesets", "tide-of-iron.rules"), "utf8"),
  "tide-of-iron.rules",
).ir!;
const sqlaIR = compileText(
  readFileSync(join(ROOT, "rulesets", "sqla-31.rules"), "utf8"),
  "sqla-31.rules",
  { "sl-classic": SL },
).ir!;
const cocIR = compileText(
  readFileSync(join(ROOT, "rulesets", "chain-of-command.rules"), "utf8"),
  "chain-of-command.rules",
).ir!;
const CROSSROADS = readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8");

/** The codes a snippet produces, as `variorum check` (or test / eval) would report them. */
function codesOf(kind: SnippetKind, snippet: string): string[] {
  const text = snippetSource(kind, snippet);
  if (kind === "map")
    return parseMap(text, "snippet.json", mapVocabulary([slIR])).diagnostics.map(
      (d) => d.code as string,
    );
  if (kind === "units-map") {
    // `variorum reach sl-classic FILE --all`, through the engine.
    const out = reachUnitsOn({
      rulesets: [slIR],
      map: { text, file: "snippet.json" },
      phase: "movement",
      side: "friendly",
    });
    return out.diagnostics.map((d) => d.code as string);
  }
  if (kind === "coc-map") {
    // `variorum reach chain-of-command FILE --from B2`, through the engine.
    const out = reachOn({
      rulesets: [cocIR],
      map: { text, file: "snippet.json" },
      from: { text: "B2", file: "--from" },
      unit: { text: '{"kind":"team","dice":[3,4]}', file: "--unit" },
      phase: "movement",
    });
    return out.diagnostics.map((d) => d.code as string);
  }
  if (kind === "aboard-map") {
    // `variorum reach sqla-31 FILE --from B2 --aboard`, through the engine.
    const out = reachOn({
      rulesets: [sqlaIR],
      map: { text, file: "snippet.json" },
      from: { text: "B2", file: "--from" },
      unit: null,
      phase: "movement",
      aboard: true,
    });
    return out.diagnostics.map((d) => d.code as string);
  }
  if (kind === "start" || kind === "unit" || kind === "ti-unit") {
    // `variorum reach sl-classic maps/crossroads.json --from HEX [--unit JSON]`, through the engine
    // (tide-of-iron for a `ti-unit` snippet).
    const out = reachOn({
      rulesets: [kind === "ti-unit" ? tiIR : slIR],
      map: { text: CROSSROADS, file: "maps/crossroads.json" },
      from: { text: kind === "start" ? snippet : "B3", file: "--from" },
      unit: kind === "start" ? null : { text, file: "--unit" },
      phase: "movement",
    });
    return out.diagnostics.map((d) => d.code as string);
  }
  if (kind === "scenario") {
    const parsed = parseScenario(text, "snippet.json", [slIR]);
    const found = parsed.diagnostics.map((d) => d.code as string);
    for (const p of parsed.perRuleset) {
      try {
        interpretScenario(slIR, p.value, p.notApplicable);
      } catch (e) {
        if (e instanceof InputError) found.push("V0903");
        else throw e;
      }
    }
    return found;
  }
  const loaded = compileText(text, "snippet.rules", { "sl-classic": SL });
  const found = loaded.diagnostics.map((d) => d.code as string);
  if (kind === "example" && loaded.ir) {
    for (const r of runExamples(loaded.ir)) if (!r.passed) found.push(exampleDiagnostic(r).code);
  }
  return found;
}

describe("variorum explain", () => {
  it("explains every code in the table", () => {
    expect(Object.keys(EXPLANATIONS).sort()).toEqual(Object.keys(CODES).sort());
    for (const code of codes()) expect(EXPLANATIONS[code].means.length, code).toBeGreaterThan(20);
  });

  for (const code of Object.keys(CODES) as Code[]) {
    it(`${code}: the wrong snippet produces it, the right one clears it`, () => {
      const e = EXPLANATIONS[code];
      expect(codesOf(e.kind, e.wrong)).toContain(code);
      const right = codesOf(e.kind, e.right);
      expect(right).not.toContain(code);
      // The right snippet is clean: no error of any code (an unused definition's warning aside).
      expect(right.filter((c) => c !== "V0701")).toEqual([]);
    });
  }

  it("docs/diagnostics.md is up to date (regenerate: npx variorum explain --all --format md > docs/diagnostics.md)", () => {
    expect(readFileSync(join(ROOT, "docs", "diagnostics.md"), "utf8")).toBe(explainMarkdown());
  });

  it("the command prints one explanation, all of them, or a usage error", async () => {
    const one = await variorum(["explain", "V0601"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/^V0601 error: exceptions conflict\n/);
    expect(one.stdout).toContain("Wrong (in a ruleset):");
    expect((await variorum(["explain", "v0601"])).stdout).toBe(one.stdout);
    const bad = await variorum(["explain", "V9999"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no diagnostic V9999/);
    const md = await variorum(["explain", "--all", "--format", "md"]);
    expect(md.stdout).toBe(explainMarkdown());
  });
});
