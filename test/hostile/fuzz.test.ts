/**
 * The hostile-input contract under fuzzing (fuzz/mutate.ts, fuzz/cases.ts): seeded mutants of every
 * bundled ruleset through `variorum check` and of every bundled scenario through `variorum eval`,
 * in-process. Each must end in exit 0 or 1 with every error located and bounded output; nothing may
 * escape `run()` (exit 70). The seed and index of a failing mutant are in the message:
 * `npm run fuzz -- --seed S --count N` reproduces and explores further.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { corpus, problems, runCase } from "../../fuzz/cases.js";
import { mulberry32 } from "../../compiler/util/random.js";
import { decodeDraft, encodeDraft, MAX_DRAFT_BYTES } from "../../studio/page/share.js";
import { breathe, ROOT } from "../cli/run.js";
import { runs } from "../sweep.js";

const SEED = Number(process.env["FUZZ_SEED"] ?? 15_2026);
/**
 * The default run's size, sized to the suite (a fixed seed: the same mutants every run, the first of
 * the sweep's; 200 before issue 41); the long sweep is `npm run test:fuzz` (FUZZ_COUNT=5000, also
 * under `SWEEP=1`, test/sweep.ts), and `npm run fuzz` explores with new seeds.
 */
const COUNT = Number(process.env["FUZZ_COUNT"] ?? runs(100, 5000));
/**
 * Scenario mutants run `eval`, which loads its ruleset each time: half as many. Map mutants run
 * `reach`, some on maps of up to 702 × 999 hexes: a few dozen (at least 25, which meets every outcome).
 */
const COUNTS = {
  rules: COUNT,
  scenario: Math.ceil(COUNT / 2),
  map: Math.max(25, Math.ceil(COUNT / 40)),
};
/** A guard against a hang, growing with the sweep. */
const TIMEOUT = Math.max(300_000, COUNT * 1_000);
const tmp = mkdtempSync(join(tmpdir(), "variorum-fuzz-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("fuzzing the CLI with mutants of the bundled rulesets and scenarios", () => {
  const c = corpus(ROOT);

  for (const kind of ["rules", "scenario", "map"] as const) {
    it(
      `${COUNTS[kind]} ${kind} mutants end in exit 0 or 1, every error located (seed ${SEED})`,
      { timeout: TIMEOUT },
      async () => {
        const failures: string[] = [];
        const ops = new Set<string>();
        const codes = new Set<number>();
        for (let i = 0; i < COUNTS[kind]; i++) {
          // run() is async but mostly computes: give the worker's RPC a turn before each case.
          await breathe();
          const r = await runCase(ROOT, tmp, c, kind, i, SEED, i);
          for (const op of r.op.split("+")) ops.add(op);
          codes.add(r.code);
          for (const p of problems(r))
            failures.push(`${r.base} seed ${SEED} index ${i} (${r.op}): ${p}`);
        }
        expect(failures).toEqual([]);
        // The mutants did exercise the front end: both outcomes and most kinds of edit occurred.
        expect([...codes].sort()).toEqual([0, 1]);
        expect(ops.size).toBeGreaterThanOrEqual({ rules: 12, scenario: 8, map: 6 }[kind]);
        if (kind === "map") expect(ops.has("big-map")).toBe(true);
      },
    );
  }

  it("the contract check itself catches a crash and an unlocated error", () => {
    const base = {
      kind: "rules" as const,
      command: "check",
      base: "x",
      index: 0,
      op: "none",
      unlocated: [],
      outputChars: 10,
      ms: 1,
    };
    expect(problems({ ...base, code: 70, crash: "boom" })).toEqual(["exception escaped: boom"]);
    expect(
      problems({ ...base, code: 1, crash: null, unlocated: ["x.rules: error V0212: no header"] }),
    ).toHaveLength(1);
    expect(problems({ ...base, code: 1, crash: null })).toEqual([]);
  });
});

/**
 * Share links (the studio's `#` fragment, studio/page/share.ts) as a hostile sender writes them: a
 * real link cut, with characters flipped, inserted or doubled, glued to another, or a deflate bomb.
 * Decoding never throws and never yields more than MAX_DRAFT_BYTES: a draft, or a reason the page shows.
 */
describe("fuzzing share links", () => {
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/%#";
  const mutate = (link: string, rnd: () => number): string => {
    const at = () => Math.floor(rnd() * (link.length + 1));
    const char = () => ALPHABET[Math.floor(rnd() * ALPHABET.length)]!;
    switch (Math.floor(rnd() * 6)) {
      case 0:
        return link.slice(0, at());
      case 1: {
        const i = at();
        return link.slice(0, i) + char() + link.slice(i + 1);
      }
      case 2: {
        const i = at();
        return link.slice(0, i) + char().repeat(1 + Math.floor(rnd() * 8)) + link.slice(i);
      }
      case 3: {
        const i = at();
        const j = at();
        return link + link.slice(Math.min(i, j), Math.max(i, j));
      }
      case 4:
        return link.slice(at()) + link.slice(0, at());
      default:
        return Array.from({ length: Math.floor(rnd() * 40) }, char).join("");
    }
  };

  it("no mutant of a real link throws or inflates past the cap", async () => {
    const rnd = mulberry32(SEED);
    const link = await encodeDraft('ruleset h "House" extends sl-classic\n'.repeat(50));
    const bomb = await encodeDraft("x".repeat(MAX_DRAFT_BYTES + 1));
    const seen = { ok: 0, "too-large": 0, unreadable: 0 };
    for (let i = 0; i < 300; i++) {
      const text = mutate(i % 10 === 9 ? bomb : link, rnd);
      const r = await decodeDraft(text);
      if (r.ok) {
        expect(r.text.length, `mutant ${i}`).toBeLessThanOrEqual(MAX_DRAFT_BYTES);
        seen.ok++;
      } else seen[r.reason]++;
    }
    // The mutants reach every outcome, so the loop above tests each of them.
    expect(seen.ok).toBeGreaterThan(0);
    expect(seen.unreadable).toBeGreaterThan(0);
    expect(seen["too-large"]).toBeGreaterThan(0);
  });
});
