/**
 * The CLI's cache of diff reports (the engine's `ReportStore`): a report is a function of the
 * rulesets' IR and the diff's options, so it is kept under the SHA-256 of both (and so are a card's
 * model and text, and `variorum test`'s count of a ruleset's examples when every one passed), in a folder of the
 * running build (`__VARIORUM_BUILD__`, so a report made by other code is never read), in the
 * folder cache-folder.ts names (`VARIORUM_NO_CACHE=1` turns it off); a folder that cannot be written means no
 * cache, never an error. Outside the CLI's bundle (tests, the library) there is no store; a caller may
 * give a command stores of its own (`Ctx.stores`: the suite's in-process runs keep theirs in memory).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReportStore } from "../engine/reports.js";
import { cacheFolder } from "./cache-folder.js";
import { buildId } from "./front-cache.js";
import { writeIfChanged } from "./write.js";

/**
 * The store of the running build for one kind of result (`diff`: the diff's report model; `examples`:
 * the count of a ruleset's examples that all passed; `card`: a card's model), or undefined outside the bundle or with caching
 * off.
 */
export function reportStore(
  env: NodeJS.ProcessEnv = process.env,
  kind: "diff" | "examples" | "card" = "diff",
): ReportStore | undefined {
  const build = buildId();
  const folder = cacheFolder(env);
  if (build === null || folder === null) return undefined;
  const at = (key: string) =>
    join(folder, build, `${kind}-` + createHash("sha256").update(key).digest("hex") + ".json");
  return {
    load(key) {
      try {
        return readFileSync(at(key), "utf8");
      } catch {
        return null;
      }
    },
    save(key, report) {
      try {
        writeIfChanged(at(key), report);
      } catch {
        // No cache where the folder cannot be written.
      }
    },
  };
}
