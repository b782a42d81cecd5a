/**
 * `eval` reports, for each step, the values a ruleset gathers step by step (issue 8): ASL's First
 * Fire DRM where the unit stands after each step (`location-drm`), not only at the most exposed hex.
 */
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { variorum } from "../cli/run.js";

const dir = mkdtempSync(join(tmpdir(), "variorum-step-answers-"));
function scenario(name: string, body: object): string {
  const f = join(dir, `${name}.json`);
  writeFileSync(f, JSON.stringify(body));
  return f;
}

interface Step {
  answers?: Record<string, number | boolean | string | null>;
  answerRules?: Record<string, string[]>;
}
interface Result {
  ruleset: string;
  steps: Step[];
}

describe("per-step answers in eval", () => {
  // A4.61 EX [1] and A4.6: woods +1 − 1 FFNAM = 0; Open Ground −1 FFMO − 1 FFNAM = −2.
  const f = scenario("woods-then-open", {
    unit: { kind: "crew" },
    path: [{ terrain: "woods" }, { terrain: "open-ground" }],
  });

  it("gives the First Fire DRM at each step of an ASL move, with its citations", async () => {
    const r = (
      JSON.parse((await variorum(["eval", "asl-a4", f, "--json"])).stdout) as { results: Result[] }
    ).results[0]!;
    expect(r.steps.map((s) => s.answers?.["location-drm"])).toEqual([0, -2]);
    expect(r.steps[0]!.answerRules!["location-drm"]![0]).toBe("A4.6");
    expect(r.steps.map((s) => s.answers?.["difficult-terrain"])).toEqual([false, false]);
  });

  it("a Hazardous unit once pinned: FFMO and FFNAM at each step, not −2 (A4.62)", async () => {
    const g = scenario("pinned", {
      unit: { kind: "crew", status: ["hazardous", "pinned"] },
      path: [{ terrain: "woods" }, { terrain: "open-ground" }],
    });
    const r = (
      JSON.parse((await variorum(["eval", "asl-a4", g, "--json"])).stdout) as { results: Result[] }
    ).results[0]!;
    expect(r.steps.map((s) => s.answers?.["location-drm"])).toEqual([0, -2]);
    const h = scenario("hazardous", {
      unit: { kind: "crew", status: ["hazardous"] },
      path: [{ terrain: "woods" }, { terrain: "open-ground" }],
    });
    const r2 = (
      JSON.parse((await variorum(["eval", "asl-a4", h, "--json"])).stdout) as { results: Result[] }
    ).results[0]!;
    expect(r2.steps.map((s) => s.answers?.["location-drm"])).toEqual([-1, -2]);
  });

  it("lists them under each step in text output", async () => {
    const text = (await variorum(["eval", "asl-a4", f])).stdout;
    expect(text).toMatch(/^ {3}1\. woods .*\n {6}location-drm 0 {2}\[A4\.6/m);
    expect(text).toMatch(/^ {3}2\. open-ground .*\n {6}location-drm -2 {2}\[A4\.6/m);
  });

  it("a ruleset that gathers nothing per step adds nothing to its steps", async () => {
    const r = (
      JSON.parse((await variorum(["eval", "sl-classic", f, "--json"])).stdout) as {
        results: Result[];
      }
    ).results[0]!;
    expect(r.steps.every((s) => s.answers === undefined)).toBe(true);
  });
});
