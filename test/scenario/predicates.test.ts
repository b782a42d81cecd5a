/**
 * `eval` answers the ruleset's predicates (issue 8): "may this unit use Assault Movement / Dash / fire
 * its SW in the AFPh?" as the texts ask them, with the citations consulted, in text and JSON.
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { variorum } from "../cli/run.js";

const dir = mkdtempSync(join(tmpdir(), "variorum-predicates-"));
function scenario(name: string, body: object): string {
  const f = join(dir, `${name}.json`);
  writeFileSync(f, JSON.stringify(body));
  return f;
}

interface Result {
  ruleset: string;
  predicates: Record<string, boolean | null>;
  predicateRules: Record<string, string[]>;
}

describe("predicates in eval", () => {
  it("a squad moving one Open Ground hex of its 4 MF may use Assault Movement (A4.61); two hexes may not", async () => {
    const one = scenario("one", { unit: { kind: "squad" }, path: [{ terrain: "open-ground" }] });
    const r = (
      JSON.parse((await variorum(["eval", "asl-a4", one, "--json"])).stdout) as {
        results: Result[];
      }
    ).results[0]!;
    expect(r.predicates["may-assault-move"]).toBe(true);
    expect(r.predicateRules["may-assault-move"]![0]).toBe("A4.61");
    // A4.61: Assault Movement is declared before moving; undeclared, the move is not Assault Movement.
    expect(r.predicates["assault-movement"]).toBe(false);
    expect(r.predicates["heavy-sw-may-fire-in-afph"]).toBe(false);
    const declared = scenario("declared", {
      unit: { kind: "squad", assaultMovement: true },
      path: [{ terrain: "open-ground" }],
    });
    const rd = (
      JSON.parse((await variorum(["eval", "asl-a4", declared, "--json"])).stdout) as {
        results: Result[];
      }
    ).results[0]!;
    expect(rd.predicates["assault-movement"]).toBe(true);
    expect(rd.predicateRules["assault-movement"]![0]).toBe("A4.61");
    const two = scenario("two", {
      unit: { kind: "squad" },
      path: [{ terrain: "open-ground" }, { terrain: "open-ground" }],
    });
    const r2 = (
      JSON.parse((await variorum(["eval", "asl-a4", two, "--json"])).stdout) as {
        results: Result[];
      }
    ).results[0]!;
    expect(r2.predicates["may-assault-move"]).toBe(false);
    expect(r2.predicates["assault-movement"]).toBe(false);
  });

  it("every ruleset answers its own predicates; text output lists them", async () => {
    const f = scenario("all", { unit: { kind: "squad" }, path: [{ terrain: "woods" }] });
    const out = JSON.parse((await variorum(["eval", "sl-classic,asl-a4", f, "--json"])).stdout) as {
      results: Result[];
    };
    for (const r of out.results)
      expect(Object.keys(r.predicates).length, r.ruleset).toBeGreaterThan(0);
    const text = (await variorum(["eval", "asl-a4", f])).stdout;
    expect(text).toMatch(/^ {2}predicates$/m);
    expect(text).toMatch(/^ {4}may-assault-move +yes {2}\[A4\.61/m);
    expect(text).toMatch(/^ {4}assault-movement +no {3}\[A4\.61/m);
  });

  it("a dice ruleset without a fixed roll answers null where the roll decides", async () => {
    const f = scenario("coc", { unit: { kind: "team" }, path: [{ terrain: "open", inches: 3 }] });
    const r = await variorum(["eval", "chain-of-command", f, "--json"]);
    expect(r.code).toBe(0);
    const res = (JSON.parse(r.stdout) as { results: Result[] }).results[0]!;
    expect(Object.values(res.predicates).every((v) => v === null || typeof v === "boolean")).toBe(
      true,
    );
  });
});
