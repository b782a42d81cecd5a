/**
 * The diff's cells of the package's own rulesets are worked out by the build, with their front-end
 * results (compiler/node/front-cache-build.ts `frontEntry`: `diffCells`), and kept beside the IR a
 * command reads back (compiler/ir/beside.ts), so a first diff does not work them out again. They
 * must be exactly the cells a diff works out (diff/report.ts `sideCells`), the report over them the
 * report without them, and they must be what the report shows (so a wrong entry would be seen).
 */
import { describe, expect, it } from "vitest";
import { buildReport, sideCells } from "../../compiler/diff/report.js";
import { rulesetsIn } from "../../compiler/engine/host.js";
import { besideOf, keepBeside } from "../../compiler/ir/beside.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { frontEntry } from "../../compiler/node/front-cache-build.js";
import { entryIr, irText, readEntry } from "../../compiler/node/front-cache.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";
import type { Cell } from "../../compiler/diff/report-model.js";
import { ROOT } from "./helpers.js";

const host = nodeHost(rulesetFolders(ROOT));
const found = rulesetsIn(host);

/** The ruleset's entry as the build writes it, and its IR read back as a command reads it. */
function entryOf(id: string): { cells: Cell[]; text: string } {
  const f = found.find((r) => r.id === id)!;
  const entry = frontEntry(ROOT, f.file, host, "test")!;
  return { cells: JSON.parse(entry.diffCells!) as Cell[], text: irText(entry) };
}

/** A fresh IR of the entry's text (no side worked out yet), with or without the cells beside it. */
function readBack(text: string, withCells: boolean): RulesetIR {
  const entry = readEntry(text);
  return withCells ? entryIr(entry) : entry.ir;
}

describe("the diff's cells worked out by the build", () => {
  for (const r of found)
    it(`${r.id}: the cells a diff works out, every item's`, () => {
      const { cells, text } = entryOf(r.id);
      expect(cells.length).toBeGreaterThan(0);
      expect(cells).toStrictEqual(sideCells(readBack(text, false)));
      // Read back as a command reads an entry, the IR has them beside it.
      expect(JSON.parse(besideOf(readBack(text, true), "diff-cells") ?? "null")).toStrictEqual(
        cells,
      );
    });

  it("a report over them is the report without them, byte for byte", () => {
    const ids = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];
    const texts = ids.map((id) => entryOf(id).text);
    const without = buildReport(texts.map((t) => readBack(t, false)));
    const ahead = buildReport(texts.map((t) => readBack(t, true)));
    expect(JSON.stringify(ahead)).toBe(JSON.stringify(without));
  });

  it("are what the report shows (a title changed in them shows), unless they do not line up", () => {
    const sl = entryOf("sl-classic");
    const asl = entryOf("asl-a4");
    const doctored = sl.cells.map((c) =>
      c.definition === "entry-cost" ? { ...c, title: "changed by the test" } : c,
    );
    const titles = (ir: RulesetIR) =>
      JSON.stringify(buildReport([ir, readBack(asl.text, false)])).includes("changed by the test");
    const ir = readEntry(sl.text).ir;
    keepBeside(ir, "diff-cells", JSON.stringify(doctored));
    expect(titles(ir)).toBe(true);
    // One cell short: not the items' cells; worked out again.
    const short = readEntry(sl.text).ir;
    keepBeside(short, "diff-cells", JSON.stringify(doctored.slice(1)));
    expect(titles(short)).toBe(false);
  });
});
