/**
 * Issue 45, item 2: `compile ID --out DIR` replaces only files the compiler wrote (its "generated — do
 * not edit" header). A hand-written `DIR/index.ts` or `DIR/<id>.ts` is refused, located, before
 * anything is written; a module the compiler wrote earlier is replaced as before.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess } from "../golden/cases.js";

describe("compile --out never overwrites a file it did not write", () => {
  it("refuses a hand-written index.ts, writing nothing, and names it", async () => {
    const out = mkdtempSync(join(tmpdir(), "variorum-out-"));
    const mine = "// my own index, written by hand\nexport const mine = 1;\n";
    writeFileSync(join(out, "index.ts"), mine);
    const r = await runInProcess(["compile", "sl-classic", "--out", out]);
    expect(r.exit).toBe(1);
    expect(r.stderr).toMatch(/index\.ts:1:1: error: this file was not written by variorum/);
    expect(r.stderr).toContain("nothing written");
    expect(readFileSync(join(out, "index.ts"), "utf8")).toBe(mine);
    expect(() => readFileSync(join(out, "sl-classic.ts"))).toThrow();
  });

  it("refuses a hand-written <id>.ts too", async () => {
    const out = mkdtempSync(join(tmpdir(), "variorum-out-"));
    writeFileSync(join(out, "sl-classic.ts"), "export const handWritten = true;\n");
    const r = await runInProcess(["compile", "sl-classic", "--out", out]);
    expect(r.exit).toBe(1);
    expect(readFileSync(join(out, "sl-classic.ts"), "utf8")).toBe(
      "export const handWritten = true;\n",
    );
  });

  it("replaces what it wrote before", async () => {
    const out = mkdtempSync(join(tmpdir(), "variorum-out-"));
    expect((await runInProcess(["compile", "sl-classic", "--out", out])).exit).toBe(0);
    const index = join(out, "index.ts");
    writeFileSync(index, readFileSync(index, "utf8") + "// an edit below the header\n");
    const r = await runInProcess(["compile", "sl-classic", "--out", out]);
    expect(r.exit, r.stderr).toBe(0);
    expect(readFileSync(index, "utf8")).not.toContain("an edit below the header");
  });
});
