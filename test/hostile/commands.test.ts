/**
 * The exit-code contract (docs/cli.md): 0 ok, 1 the input is wrong, 2 usage, 70 only for a bug in
 * variorum. Every command runs on every `.rules` fixture of the test suite and every scenario file,
 * in-process through `run()` (what bin/variorum.js calls): an exception escaping `run()` is what
 * the binary reports as exit 70, so none may.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createColors } from "picocolors";
import { afterAll, describe, expect, it } from "vitest";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { keptFronts } from "../cli/kept.js";
import { breathe, ROOT } from "../cli/run.js";

const tmp = mkdtempSync(join(tmpdir(), "variorum-commands-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function files(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

const RULES = [
  ...files(join(ROOT, "test"), ".rules"),
  ...files(join(ROOT, "rulesets"), ".rules"),
].filter((f) => !f.includes("test-artifacts"));
const SCENARIOS = [
  ...files(join(ROOT, "scenarios"), ".json"),
  ...files(join(ROOT, "test", "hostile", "fixtures"), ".json"),
];

async function exitOf(argv: string[]): Promise<{ code: number; output: string }> {
  const sink: string[] = [];
  const none = createColors(false);
  const ctx: Ctx = {
    cwd: ROOT,
    root: ROOT,
    out: (t) => void sink.push(t),
    err: (t) => void sink.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
    built: keptFronts(ROOT),
  };
  await breathe(); // let the worker answer vitest's RPC
  try {
    return { code: await run(argv, ctx), output: sink.join("") };
  } catch (e) {
    return {
      code: 70,
      output: `${sink.join("")}\nescaped: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
    };
  }
}

describe("no command ends in exit 70 on any fixture", () => {
  it("has fixtures of both kinds", () => {
    expect(RULES.length).toBeGreaterThan(50);
    expect(SCENARIOS.length).toBeGreaterThan(20);
  });

  it(
    "check, test, card, diff, eval and compile on every .rules fixture",
    { timeout: 600_000 },
    async () => {
      const bad: string[] = [];
      const scenario = join(ROOT, "scenarios", "std-squad-two-woods.json");
      for (const f of RULES) {
        const rel = relative(ROOT, f);
        const commands = [
          ["test", f],
          ["card", f, "--format", "md"],
          ["diff", f, "sl-classic", "--format", "md"],
          ["eval", f, scenario, "--json"],
        ];
        const checked = await exitOf(["check", f]);
        // Compiling writes TypeScript through ts-morph and prettier: only what checks can get that far.
        if (checked.code === 0) commands.push(["compile", f, "--out", join(tmp, "out")]);
        const exits = [{ argv: ["check", f], ...checked }];
        for (const argv of commands) exits.push({ argv, ...(await exitOf(argv)) });
        for (const { argv, code, output } of exits)
          if (![0, 1, 2].includes(code))
            bad.push(`${argv[0]} ${rel}: exit ${code}\n${output.slice(-600)}`);
      }
      expect(bad).toEqual([]);
    },
  );

  it("eval and diff --scenarios on every scenario file", { timeout: 300_000 }, async () => {
    const bad: string[] = [];
    for (const f of SCENARIOS) {
      for (const argv of [
        ["eval", "sl-classic,asl-a4,sqla-31,tide-of-iron,chain-of-command", f, "--json"],
      ]) {
        const { code, output } = await exitOf(argv);
        if (![0, 1].includes(code))
          bad.push(`${argv.join(" ")}: exit ${code}\n${output.slice(-600)}`);
      }
    }
    const folder = join(ROOT, "test", "hostile", "fixtures");
    const d = await exitOf([
      "diff",
      "sl-classic",
      "asl-a4",
      "--scenarios",
      folder,
      "--format",
      "json",
    ]);
    if (![0, 1].includes(d.code))
      bad.push(`diff --scenarios: exit ${d.code}\n${d.output.slice(-600)}`);
    expect(bad).toEqual([]);
  });

  it("a usage mistake is exit 2, not 70", async () => {
    expect((await exitOf(["eval"])).code).toBe(2);
    expect((await exitOf(["card", "sl-classic", "--format", "docx"])).code).toBe(2);
    expect((await exitOf(["no-such-command"])).code).toBe(2);
  });
});
