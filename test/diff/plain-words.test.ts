/**
 * Plain words (issue 40): every plain sentence of every bundled ruleset and house rule, as the diff,
 * the cards and hover show them (compiler/render/plain.ts), in one golden file per ruleset under
 * test/golden/diff/plain/ — reviewed by reading, so a renderer change shows every sentence it moves.
 * Refresh: `UPDATE_GOLDEN=1 npx vitest run test/diff/plain-words.test.ts`, then review `git diff`.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plainOf } from "../../compiler/render/plain.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { FIVE, load, ROOT } from "./helpers.js";

const HOUSE = ["asl-officer-bonus", "sl-asl-portage"];
const DIR = join(ROOT, "test", "golden", "diff", "plain");

/** Every definition of a ruleset in plain words: `name [cite] (kind): sentence`, exceptions indented. */
function sentences(ir: RulesetIR): string {
  const out: string[] = [`# ${ir.id}: every plain sentence (compiler/render/plain.ts)`];
  const defs = [
    ...ir.rules.map((d) => ({ d, kind: d.kind as string })),
    ...ir.constraints.map((d) => ({ d, kind: "constraint" })),
    ...ir.enums.map((d) => ({ d, kind: "enum" })),
    ...ir.groups.map((d) => ({ d, kind: "group" })),
  ];
  for (const { d, kind } of defs) {
    const helper = (d as { helper?: boolean }).helper ? ", helper" : "";
    out.push(`${d.name} [${d.cite}] (${kind}${helper})`);
    for (const l of plainOf(ir, d.name) ?? []) out.push(`${"  ".repeat(l.depth + 1)}${l.text}`);
  }
  return out.join("\n") + "\n";
}

describe("plain words of every bundled ruleset and house rule", () => {
  for (const id of [...FIVE, ...HOUSE]) {
    it(id, () => {
      const text = sentences(load(id));
      const file = join(DIR, `${id}.txt`);
      if (process.env.UPDATE_GOLDEN) {
        mkdirSync(DIR, { recursive: true });
        writeFileSync(file, text);
      }
      expect(existsSync(file), `${file} (UPDATE_GOLDEN=1 writes it)`).toBe(true);
      expect(text).toBe(readFileSync(file, "utf8"));
    });
  }

  it("no sentence keeps a phrase the issue listed", () => {
    for (const id of [...FIVE, ...HOUSE]) {
      const file = join(DIR, `${id}.txt`);
      const text = readFileSync(file, "utf8");
      for (const bad of [
        /\bwith no\b(?! \w)/,
        /\bwith with\b/,
        /\b1 hexsides\b/,
        /\bthe MF left with no$/m,
        // A rule or table asked of arguments reads "Bypassable for step terrain", not as a call.
        /[A-Za-z]\((?!s\))/,
        // A negative constant keeps its measure ("else −2 DRM"), as a positive one does.
        /\belse −\d+(?:[½⅓¼⅔¾])?$/m,
      ])
        expect(text, `${id}: ${bad}`).not.toMatch(bad);
    }
  });
});
