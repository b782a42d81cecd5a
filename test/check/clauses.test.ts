/**
 * The `section KEY { … }` block and the `note "…"` clause (issue 13): a block gives its definitions
 * their section unless they name one; a note reaches the IR, the diff's row notes and the card.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { ROOT, variorum } from "../cli/run.js";

const FILE = "test/fixtures/rules/clauses/section-note.rules";
const SL = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");

describe("section blocks and notes", () => {
  const loaded = compileText(readFileSync(join(ROOT, FILE), "utf8"), "section-note.rules", {
    "sl-classic": SL,
  });

  it("checks clean; the block gives its section, a clause inside wins", () => {
    expect(loaded.diagnostics).toEqual([]);
    const rule = (n: string) => loaded.ir!.rules.find((r) => r.name === n)!;
    expect(rule("leader-bonus").section).toBe("bonuses");
    expect(rule("hero-bonus").section).toBe("special");
    expect(loaded.ir!.constraints.find((c) => c.name === "hero-limit")!.section).toBe("special");
  });

  it("keeps the note apart from the paraphrase", () => {
    const r = loaded.ir!.rules.find((x) => x.name === "leader-bonus")!;
    expect(r.title).toBe("a leader adds 1 MF");
    expect(r.note).toBe("we read 'stacked with' as starting and ending the phase together");
    // Definitions without a note carry none (the bundled rulesets' IR is unchanged).
    expect("note" in loaded.ir!.rules.find((x) => x.name === "hero-bonus")!).toBe(false);
  });

  it("shows the note in the diff and on the card", async () => {
    const d = (
      await variorum(["diff", "sl-classic", FILE, "--only-differences", "--format", "text"])
    ).stdout;
    expect(d).toContain(
      "note: sec reads the text this way: we read 'stacked with' as starting and ending the phase together",
    );
    const c = (await variorum(["card", FILE, "--format", "md", "--full"])).stdout;
    expect(c).toContain(
      "a leader adds 1 MF (our reading: we read 'stacked with' as starting and ending the phase together)",
    );
  });

  it("an unknown section on the block is V0214 at its name", () => {
    const bad = compileText(
      'ruleset b "b" extends sl-classic\n\nsection bonusses {\n  rule x [H1] "x": MF = 0 MF\n}\n',
      "b.rules",
      { "sl-classic": SL },
    );
    const d = bad.diagnostics.find((x) => x.code === "V0214")!;
    expect([d.span!.line, d.span!.col]).toEqual([3, 9]);
  });
});
