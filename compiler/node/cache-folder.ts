/**
 * Where the CLI keeps what it caches for a user (the diff's report store, report-store.ts; the code
 * caches a run makes when the package's own do not fit the Node it runs on, bin/load.js): one folder
 * per build beneath it. `$VARIORUM_CACHE_DIR`, else `$XDG_CACHE_HOME/variorum`, else
 * `~/.cache/variorum`, as prettier and eslint keep theirs; `VARIORUM_NO_CACHE=1` turns it off. Its
 * own module with no import but Node's, so that the binary's entry loads it before the bundle.
 */
import { homedir } from "node:os";
import { join } from "node:path";

/** The cache folder the environment names (null when caching is turned off or no folder is known). */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | null {
  if (
    env.VARIORUM_NO_CACHE !== undefined &&
    env.VARIORUM_NO_CACHE !== "" &&
    env.VARIORUM_NO_CACHE !== "0"
  )
    return null;
  if (env.VARIORUM_CACHE_DIR) return env.VARIORUM_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "variorum");
  const home = homedir();
  return home ? join(home, ".cache", "variorum") : null;
}
