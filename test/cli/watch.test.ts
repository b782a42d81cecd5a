/**
 * `--watch`: the real binary, a real file edited under it. Waits are for output, bounded by a
 * deadline (no timing assertions): the test fails only if the new result never appears.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertFreshBuild, BIN, ROOT } from "./run.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "variorum-watch-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GOOD = readFileSync(join(ROOT, "rulesets", "house", "sl-asl-portage.rules"), "utf8");

interface Watched {
  child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp, after?: number): Promise<number>;
  exit(): Promise<number | null>;
}

function start(args: string[]): Watched {
  assertFreshBuild();
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: tmp,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const waiters: (() => void)[] = [];
  const add = (b: Buffer) => {
    text += b.toString("utf8");
    for (const w of waiters.splice(0)) w();
  };
  child.stdout!.on("data", add);
  child.stderr!.on("data", add);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    output: () => text,
    /** Resolves with the index of the first match at or after `after`; rejects after 30 s. */
    waitFor(pattern, after = 0) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`never printed ${pattern}; got:\n${text}`)),
          30_000,
        );
        const look = () => {
          const rest = text.slice(after);
          const m = pattern.exec(rest);
          if (m) {
            clearTimeout(deadline);
            resolve(after + m.index + m[0].length);
          } else waiters.push(look);
        };
        look();
      });
    },
    exit: () => exited,
  };
}

describe("--watch", () => {
  it("check --watch reports a new error after an edit, clears it after the fix, and exits 0 on Ctrl-C", async () => {
    const file = join(tmp, "house.rules");
    writeFileSync(file, GOOD.replace(/^\s*extends sl-classic/m, "  extends sl-classic"));
    const w = start(["check", "--watch", file]);
    let at = await w.waitFor(/checked 1 ruleset: 0 errors/);
    at = await w.waitFor(/watching \d+ files/, at);
    // Introduce an unknown name.
    writeFileSync(file, GOOD + '\nrule oops [H9] "typo" section bonuses: MF = leader-bonnus\n');
    at = await w.waitFor(/error V0201/, at);
    at = await w.waitFor(/checked 1 ruleset: 1 error/, at);
    // Fix it by writing a new file and renaming it over the old one, as many editors save.
    writeFileSync(file + ".tmp", GOOD);
    renameSync(file + ".tmp", file);
    await w.waitFor(/checked 1 ruleset: 0 errors/, at);
    w.child.kill("SIGINT");
    expect(await w.exit()).toBe(0);
  });

  it("a syntax error does not end the watch", async () => {
    const file = join(tmp, "broken.rules");
    writeFileSync(file, GOOD);
    const w = start(["test", "--watch", file]);
    let at = await w.waitFor(/\d+ passed, 0 failed/);
    at = await w.waitFor(/watching \d+ files/, at);
    writeFileSync(file, GOOD + "\nrule (((\n");
    at = await w.waitFor(/error V0102/, at);
    writeFileSync(file, GOOD);
    await w.waitFor(/\d+ passed, 0 failed/, at);
    expect(w.child.exitCode).toBeNull();
    w.child.kill("SIGINT");
    expect(await w.exit()).toBe(0);
  });

  it("diff --watch -o rewrites the report after an edit", async () => {
    const file = join(tmp, "diffed.rules");
    const out = join(tmp, "report.md");
    writeFileSync(file, GOOD);
    const w = start(["diff", "sl-classic", file, "--format", "md", "-o", out, "--watch"]);
    let at = await w.waitFor(/wrote .*report\.md/);
    at = await w.waitFor(/watching \d+ files/, at);
    const before = readFileSync(out, "utf8");
    writeFileSync(file, GOOD.replace("House rule: SL Classic", "House rule (edited): SL Classic"));
    at = await w.waitFor(/wrote .*report\.md/, at);
    expect(readFileSync(out, "utf8")).not.toBe(before);
    expect(readFileSync(out, "utf8")).toContain("edited");
    w.child.kill("SIGINT");
    expect(await w.exit()).toBe(0);
  });

  it("goes on watching a folder removed and made again (rm -rf sub; mkdir sub) — issue 23 item 15", async () => {
    const sub = join(tmp, "sub");
    mkdirSync(sub);
    const file = join(sub, "again.rules");
    writeFileSync(file, GOOD);
    const w = start(["test", "--watch", file]);
    let at = await w.waitFor(/\d+ passed, 0 failed/);
    at = await w.waitFor(/watching \d+ files?/, at);
    rmSync(sub, { recursive: true, force: true });
    at = await w.waitFor(/again\.rules/, at);
    at = await w.waitFor(/watching \d+ files?/, at);
    mkdirSync(sub);
    writeFileSync(file, GOOD);
    await w.waitFor(/\d+ passed, 0 failed/, at);
    w.child.kill("SIGINT");
    expect(await w.exit()).toBe(0);
  });

  it("one rm makes one run, not four — issue 23 item 15", async () => {
    const file = join(tmp, "removed.rules");
    writeFileSync(file, GOOD);
    const w = start(["check", "--watch", file]);
    let at = await w.waitFor(/checked 1 ruleset: 0 errors/);
    at = await w.waitFor(/watching \d+ files?/, at);
    const from = at;
    rmSync(file);
    at = await w.waitFor(/removed\.rules/, at);
    at = await w.waitFor(/watching \d+ files?/, at);
    // Bring it back and wait for that run: any extra run after the rm has printed before it.
    writeFileSync(file, GOOD);
    await w.waitFor(/checked 1 ruleset: 0 errors/, at);
    w.child.kill("SIGINT");
    expect(await w.exit()).toBe(0);
    const runs =
      w
        .output()
        .slice(from)
        .match(/\] .* changed\n/g) ?? [];
    expect(runs).toHaveLength(2); // the rm, then the file written back
  });
});
