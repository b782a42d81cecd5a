/**
 * Whole commands against the process floor: each command is spawned as a user runs it
 * (`node bin/variorum.js …`, cold), paired run by run with `node bin/variorum.js --version` (Node's
 * start-up plus the CLI's entry) in alternating order, and reported as the median and spread of the
 * per-pair ratios of CPU time (user + system, read by the process itself at exit through
 * bench/rusage.mjs), with the medians of CPU, wall time and peak memory. `test`, `card` and `diff`
 * are timed twice: with an empty report cache (their first run) and with the cache it left (every
 * later run of the same command). `--bin PATH` times another checkout's binary (before/after on the same machine).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface CommandFigure {
  command: string;
  cpuMs: number;
  wallMs: number;
  peakKb: number;
  floorCpuMs: number;
  /** Median of the per-pair ratios command CPU ÷ floor CPU, and their spread. */
  ratio: number;
  spread: [number, number];
  goal: number;
}

interface Run {
  cpuMs: number;
  wallMs: number;
  peakKb: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const round = (x: number, d = 2): number => Math.round(x * 10 ** d) / 10 ** d;

/** One spawned run of `bin` with `args`, its CPU read by the process itself at exit. */
function runOnce(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Run {
  const dir = mkdtempSync(join(tmpdir(), "variorum-bench-"));
  const file = join(dir, "rusage");
  writeFileSync(file, "");
  const preload = new URL("../../bench/rusage.mjs", import.meta.url).href;
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ["--import", preload, bin, ...args], {
    cwd,
    env: { ...process.env, ...env, VARIORUM_RUSAGE_FILE: file },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const line = readFileSync(file, "utf8").trim().split("\n").pop() ?? "";
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0 || line === "")
    throw new Error(`variorum ${args.join(" ")} failed: ${r.stderr?.toString() ?? ""}`);
  const [cpu, rss] = line.split(" ").map(Number);
  return { cpuMs: cpu!, wallMs, peakKb: rss! };
}

export interface CommandCase {
  name: string;
  args: string[];
  goal: number;
  /** Environment of each run (e.g. the report cache's folder); a fresh one per run when a function. */
  env?: () => NodeJS.ProcessEnv;
  /** Run once before timing (e.g. to fill the report cache). */
  prime?: boolean;
}

/** The commands of the latency goals (issue: every command at the speed of the process). */
export function commandCases(cacheDir: string): CommandCase[] {
  const warm = () => ({ VARIORUM_CACHE_DIR: cacheDir });
  let n = 0;
  const empty = () => ({ VARIORUM_CACHE_DIR: join(cacheDir, `empty-${n++}`) });
  const five = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];
  /** A command whose result the report cache keeps: its first run (an empty cache) and the next. */
  const both = (name: string, args: string[], goal: number): CommandCase[] => [
    { name: `${name} (first run: empty cache)`, args, goal, env: empty },
    { name: `${name} (cached)`, args, goal, env: warm, prime: true },
  ];
  return [
    { name: "check sl-classic", args: ["check", "sl-classic"], goal: 1.5 },
    {
      name: "eval sl-classic scenarios/sl-squad-woods-uphill.json",
      args: ["eval", "sl-classic", "scenarios/sl-squad-woods-uphill.json"],
      goal: 1.5,
    },
    ...both("test sl-classic", ["test", "sl-classic"], 1.5),
    ...both("card sl-classic", ["card", "sl-classic"], 2),
    {
      name: "reach sl-classic maps/crossroads.json --from C3",
      args: ["reach", "sl-classic", "maps/crossroads.json", "--from", "C3"],
      goal: 2,
    },
    ...both("diff sl-classic asl-a4", ["diff", "sl-classic", "asl-a4"], 2.5),
    ...both("diff, five rulesets", ["diff", ...five], 4),
  ];
}

/** Each case in `rounds` alternating pairs with the floor (`--version`). */
export function commandFigures(bin: string, cwd: string, rounds = 7): CommandFigure[] {
  const cacheDir = mkdtempSync(join(tmpdir(), "variorum-bench-cache-"));
  try {
    const out: CommandFigure[] = [];
    for (const c of commandCases(cacheDir)) {
      const env = c.env ?? (() => ({ VARIORUM_NO_CACHE: "1" }));
      if (c.prime) runOnce(bin, c.args, cwd, env());
      const pairs: [Run, Run][] = [];
      for (let r = 0; r < rounds; r++) {
        const cmd = () => runOnce(bin, c.args, cwd, env());
        const floor = () => runOnce(bin, ["--version"], cwd, {});
        if (r % 2 === 0) {
          const a = cmd();
          pairs.push([a, floor()]);
        } else {
          const f = floor();
          pairs.push([cmd(), f]);
        }
      }
      const ratios = pairs.map(([a, f]) => a.cpuMs / f.cpuMs);
      out.push({
        command: c.name,
        cpuMs: round(median(pairs.map(([a]) => a.cpuMs)), 0),
        wallMs: round(median(pairs.map(([a]) => a.wallMs)), 0),
        peakKb: median(pairs.map(([a]) => a.peakKb)),
        floorCpuMs: round(median(pairs.map(([, f]) => f.cpuMs)), 0),
        ratio: round(median(ratios)),
        spread: [round(Math.min(...ratios)), round(Math.max(...ratios))],
        goal: c.goal,
      });
    }
    return out;
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The figures as a Markdown table (README's performance table). */
export function commandTable(figs: readonly CommandFigure[]): string {
  const rows = figs.map(
    (f) =>
      `| \`${f.command}\` | ${f.cpuMs} ms | ${f.wallMs} ms | ${Math.round(f.peakKb / 1024)} MB | ${f.ratio}× (${f.spread[0]}–${f.spread[1]}) | ≤ ${f.goal}× |`,
  );
  return [
    "| command | CPU | wall | peak memory | × the floor (CPU) | goal |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

// `node dist/bench/commands.js [--bin PATH] [--rounds N] [--json]`
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, "/"))) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const root = new URL("../..", import.meta.url).pathname;
  const bin = arg("--bin") ?? join(root, "bin", "variorum.js");
  const figs = commandFigures(bin, root, Number(arg("--rounds") ?? 7));
  const floor = median(figs.map((f) => f.floorCpuMs));
  if (process.argv.includes("--json")) console.log(JSON.stringify({ bin, floor, figs }, null, 2));
  else console.log(`${bin}\nthe floor (--version): ${floor} ms CPU\n\n${commandTable(figs)}`);
}
