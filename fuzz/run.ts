/**
 * `npm run fuzz -- [--count N] [--seed S] [--kind rules|scenario|both]`: runs N seeded mutants
 * (fuzz/mutate.ts) in-process through `variorum check` / `variorum eval` and prints a tally — exit
 * codes, contract failures with the seed and index that reproduce them, the slowest cases. Exits 1
 * when any case breaks the contract (fuzz/cases.ts `problems`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { corpus, problems, runCase, type CaseResult } from "./cases.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const count = Number(arg("count", "500"));
  const seed = Number(arg("seed", String(Date.now() % 1_000_000)));
  const kind = arg("kind", "both");
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    !Number.isInteger(seed) ||
    !["rules", "scenario", "both"].includes(kind)
  ) {
    process.stderr.write(
      "usage: npm run fuzz -- [--count N] [--seed S] [--kind rules|scenario|both]\n",
    );
    process.exitCode = 2;
    return;
  }
  // dist/fuzz/run.js → the package root.
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const c = corpus(root);
  const tmp = mkdtempSync(join(tmpdir(), "variorum-fuzz-"));
  process.stdout.write(`fuzz: ${count} mutants, seed ${seed}, kind ${kind}\n`);
  const codes = new Map<number, number>();
  const bad: { r: CaseResult; p: string[] }[] = [];
  const slow: CaseResult[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const k =
        kind === "both" ? (i % 2 === 0 ? "rules" : "scenario") : (kind as "rules" | "scenario");
      const r = await runCase(root, tmp, c, k, kind === "both" ? Math.floor(i / 2) : i, seed, i);
      codes.set(r.code, (codes.get(r.code) ?? 0) + 1);
      const p = problems(r);
      if (p.length > 0) bad.push({ r, p });
      slow.push(r);
      slow.sort((a, b) => b.ms - a.ms);
      slow.length = Math.min(slow.length, 5);
      if ((i + 1) % 250 === 0) process.stdout.write(`  ${i + 1}/${count}\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const tally = [...codes]
    .sort((a, b) => a[0] - b[0])
    .map(([c2, n]) => `exit ${c2}: ${n}`)
    .join(", ");
  process.stdout.write(`${tally}\n`);
  process.stdout.write(
    `slowest: ${slow.map((r) => `${r.base}#${r.index} ${r.op} ${r.ms.toFixed(0)} ms`).join("; ")}\n`,
  );
  for (const { r, p } of bad.slice(0, 20)) {
    process.stdout.write(
      `FAIL ${r.kind} ${r.base} seed ${seed} index ${r.index} (${r.op}): ${p.join("; ")}\n`,
    );
  }
  process.stdout.write(`${bad.length} of ${count} mutants broke the contract\n`);
  if (bad.length > 0) process.exitCode = 1;
}

await main();
