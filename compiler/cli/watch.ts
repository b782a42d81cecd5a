/**
 * `--watch` for `check`, `test`, `diff` and `card`: run the command, then run it again whenever one of
 * the files it read changes — the rulesets named and every file they `extends`, re-read after each run
 * so a new parent is watched too. Folders are watched rather than files, so an editor that saves by
 * writing a new file and renaming it over the old one is seen; changes within DEBOUNCE_MS make one run.
 * A mistake in the files (a syntax error, an unknown name) is printed and the watch goes on; Ctrl-C ends
 * it with exit 0. On a terminal the screen is cleared before each run.
 */
import { statSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname } from "node:path";
import { loadRuleset, type Host } from "../engine/index.js";
import { safeLine } from "../../diagnostics/safe-text.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { displayPath } from "../node/paths.js";
import { WriteError } from "../node/write.js";

export const DEBOUNCE_MS = 120;

/** Every file the rulesets read: each named file and its `extends` chain. */
function filesOf(refs: readonly string[], host: Host): string[] {
  const files = new Set<string>();
  for (const ref of refs) {
    const l = loadRuleset(ref, host);
    files.add(l.file);
    for (const f of l.sources.keys()) files.add(f);
  }
  return [...files].sort();
}

/** A folder's identity (device and inode), or null when it is not a folder (gone). */
function folderId(dir: string): string | null {
  try {
    const st = statSync(dir);
    return st.isDirectory() ? `${st.dev}:${st.ino}` : null;
  } catch {
    return null;
  }
}

/** A file's modification time, or null when it is gone. */
function mtime(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

export async function watchRun(
  refs: readonly string[],
  host: Host,
  run: () => number | Promise<number>,
  ctx: Ctx,
): Promise<number> {
  await run(); // the first run: a usage error here ends the command as without --watch
  // One watcher per folder, kept across runs (closing one would drop the events it has queued — an
  // edit made while a run was going on); the names each folder's watcher reacts to are updated in place.
  const watchers = new Map<string, { w: FSWatcher; names: Set<string>; id: string | null }>();
  let files: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let again = false;
  let lateRuns = 0;

  const arm = (): void => {
    files = filesOf(refs, host);
    const byDir = new Map<string, Set<string>>();
    for (const f of files) {
      // A folder that is gone (removed, perhaps to be made again: `rm -rf sub; mkdir sub`) cannot be
      // watched: watch the nearest folder that exists for the missing one to come back.
      let dir = dirname(f);
      let name = basename(f);
      while (folderId(dir) === null && dirname(dir) !== dir) {
        name = basename(dir);
        dir = dirname(dir);
      }
      const names = byDir.get(dir) ?? new Set<string>();
      names.add(name);
      byDir.set(dir, names);
    }
    for (const [dir, entry] of watchers) {
      // A watcher outlives its folder: one removed and made again is a new folder, watched afresh.
      if (!byDir.has(dir) || folderId(dir) !== entry.id) {
        entry.w.close();
        watchers.delete(dir);
      }
    }
    for (const [dir, names] of byDir) {
      const have = watchers.get(dir);
      if (have) {
        have.names.clear();
        for (const n of names) have.names.add(n);
        continue;
      }
      try {
        const entry = { w: null as unknown as FSWatcher, names, id: folderId(dir) };
        entry.w = watch(dir, { persistent: true }, (_event, name) => {
          if (name === null || entry.names.has(name.toString())) schedule(`${dir}/${name ?? ""}`);
        });
        entry.w.on("error", () => undefined);
        watchers.set(dir, entry);
      } catch {
        // a folder that vanished meanwhile: the next run reports the missing file
      }
    }
    ctx.err(
      ctx.cErr.dim(
        `watching ${files.length} ${files.length === 1 ? "file" : "files"}; press Ctrl-C to stop\n`,
      ),
    );
  };

  /**
   * Whether a file read by the last run changed after `since` (an edit made during the run): written
   * since, or gone though it was there when the run began (`before`). A file already missing when the
   * run began and still missing is no change — the run has just reported it.
   */
  const changedSince = (
    since: number,
    before: ReadonlyMap<string, number | null>,
  ): string | null => {
    for (const f of files) {
      const m = mtime(f);
      if (m === null ? (before.get(f) ?? null) !== null : m >= since) return f;
    }
    return null;
  };

  const rerun = async (what: string): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    const started = Date.now();
    const before = new Map(files.map((f) => [f, mtime(f)]));
    if (process.stdout.isTTY) ctx.out("\x1b[2J\x1b[H");
    ctx.err(
      ctx.cErr.dim(
        `[${new Date().toLocaleTimeString("en-GB")}] ${safeLine(displayPath(what, ctx.cwd))} changed\n`,
      ),
    );
    try {
      await run();
    } catch (e) {
      if (!(e instanceof UsageError || e instanceof WriteError)) throw e;
      ctx.err(`${ctx.cErr.red("variorum: error:")} ${safeLine(e.message)}\n`);
    }
    arm();
    running = false;
    // An edit that landed while the run went on: run again (a few times at most in a row, so a file
    // stamped in the future cannot keep the loop going).
    const late = lateRuns < 3 ? changedSince(started, before) : null;
    lateRuns = late !== null ? lateRuns + 1 : 0;
    if (again || late !== null) {
      again = false;
      await rerun(late ?? what);
    }
  };

  let fail: (e: unknown) => void = () => undefined;
  const schedule = (what: string): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      rerun(what).catch((e: unknown) => fail(e));
    }, DEBOUNCE_MS);
  };

  arm();
  return new Promise<number>((resolve, reject) => {
    const stop = (): void => {
      if (timer !== null) clearTimeout(timer);
      for (const { w } of watchers.values()) w.close();
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve(0);
    };
    fail = (e) => {
      stop();
      reject(e);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
