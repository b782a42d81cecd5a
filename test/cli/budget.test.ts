/**
 * bin/budget.js: which runs of `variorum` raise V8's optimising budget. One-shot commands do; the
 * servers (`lsp`, `studio`, `--watch`) and a run whose user set a budget of their own do not.
 */
import { describe, expect, it } from "vitest";
import { BUDGET_FLAG, raisesBudget as raises } from "../../bin/budget.js";

describe("V8's optimising budget", () => {
  it("is raised for one-shot commands", () => {
    for (const args of [
      ["diff", "sl-classic", "asl-a4"],
      ["check", "sl-classic"],
      ["--no-color", "card", "sl-classic"],
      ["--version"],
      [],
    ])
      expect(raises(args, [], undefined), args.join(" ")).toBe(true);
  });

  it("is kept for the servers, wherever their name or --watch stands", () => {
    for (const args of [
      ["lsp", "--stdio"],
      ["studio", "house.rules"],
      ["--no-color", "studio"],
      ["check", "house.rules", "--watch"],
      ["compile", "--watch"],
    ])
      expect(raises(args, [], undefined), args.join(" ")).toBe(false);
    // a ruleset or file named like a server is not the command
    expect(raises(["check", "lsp"], [], undefined)).toBe(true);
  });

  it("is kept when the user set one, as a node flag or in NODE_OPTIONS", () => {
    expect(raises(["diff"], ["--interrupt-budget=1000"], undefined)).toBe(false);
    expect(raises(["diff"], [], "--max-old-space-size=100 --interrupt-budget=5")).toBe(false);
    expect(raises(["diff"], ["--max-old-space-size=100"], "--enable-source-maps")).toBe(true);
  });

  it("is 16 times V8's default of 66 KB", () => {
    expect(BUDGET_FLAG).toBe(`--interrupt-budget=${16 * 66 * 1024}`);
  });
});
