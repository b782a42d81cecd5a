/**
 * `npm run fuzz -- [--count N] [--seed S] [--kind rules|scenario|map|both|all]
 * [--commands check,compile,test]`: runs N seeded mutants (fuzz/mutate.ts) in-process — rulesets
 * through each of the commands named (the same mutant through each), scenarios through `variorum
 * eval`, maps through `variorum reach` — and prints a tally: exit codes per command, contract failures
 * with the seed and index that reproduce them, the slowest cases. Exits 1 when any case breaks the
 * contract (fuzz/cases.ts `problems`). `both` (the default) is rulesets and scenarios; `all` adds maps.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  corpus,
  problems,
  runCase,
  type CaseKind,
  type CaseResult,
  type RulesCommand,
} from "./cases.js";

const KINDS: Record<string, CaseKind[]> = {
  rules: ["rules"],
  scenario: ["scenario"],
  map: ["map"],
  both: ["rules", "scenario"],
  all: ["rules", "scenario", "map"],
};
const COMMANDS: readonly RulesCommand[] = ["check", "compile", "test"];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

async function main(): Promise<void> {
  const count = Number(arg("count", "500"));
  const seed = Number(arg("seed", String(Date.now() % 1_000_000)));
  const kind = arg("kind", "both");
  const commands = arg("commands", "check").split(",") as RulesCommand[];
  const kinds = KINDS[kind];
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    !Number.isInteger(seed) ||
    kinds === undefined ||
    commands.some((c) => !COMMANDS.includes(c))
  ) {
    process.stderr.write(
      "usage: npm run fuzz -- [--count N] [--seed S] [--kind rules|scenario|map|both|all] [--commands check,compile,test]\n",
    );
    process.exitCode = 2;
    return;
  }
  // dist/fuzz/run.js → the package root.
  const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const c = corpus(root);
  const tmp = mkdtempSync(join(tmpdir(), "variorum-fuzz-"));
  process.stdout.write(
    `fuzz: ${count} mutants, seed ${seed}, kind ${kind}, rulesets through ${commands.join(", ")}\n`,
  );
  const codes = new Map<string, number>();
  const bad: { r: CaseResult; p: string[] }[] = [];
  const slow: CaseResult[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const k = kinds[i % kinds.length]!;
      const which = Math.floor(i / kinds.length);
      for (const command of k === "rules" ? commands : (["check"] as const)) {
        const r = await runCase(root, tmp, c, k, which, seed, i, command);
        const key = `${r.command} exit ${r.code}`;
        codes.set(key, (codes.get(key) ?? 0) + 1);
        const p = problems(r);
        if (p.length > 0) bad.push({ r, p });
        slow.push(r);
        slow.sort((a, b) => b.ms - a.ms);
        slow.length = Math.min(slow.length, 5);
      }
      if ((i + 1) % 250 === 0) process.stdout.write(`  ${i + 1}/${count}\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const tally = [...codes]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([key, n]) => `${key}: ${n}`)
    .join(", ");
  process.stdout.write(`${tally}\n`);
  process.stdout.write(
    `slowest: ${slow.map((r) => `${r.command} ${r.base}#${r.index} ${r.op} ${r.ms.toFixed(0)} ms`).join("; ")}\n`,
  );
  for (const { r, p } of bad.slice(0, 20)) {
    process.stdout.write(
      `FAIL ${r.command} ${r.base} seed ${seed} index ${r.index} (${r.op}): ${p.join("; ")}\n`,
    );
  }
  process.stdout.write(`${bad.length} of ${count} mutants broke the contract\n`);
  if (bad.length > 0) process.exitCode = 1;
}

await main();
