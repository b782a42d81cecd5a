/**
 * Where the project lives. The CLI finds `rulesets/` and `generated/` from the location of its own
 * package (import.meta.url), never from the current directory, so `npx variorum` works anywhere.
 */

import { RULESET_ID } from "../util/ruleset-id.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rulesetsIn } from "../engine/host.js";
import { isFile } from "../node/host.js";
import { projectRoot } from "../node/root.js";
import { fsHost } from "./host.js";

export { isFile, projectRoot };

export function packageVersion(root = projectRoot()): string {
  const json = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    version?: unknown;
  };
  return typeof json.version === "string" ? json.version : "0.0.0";
}

/** A ruleset id as it may appear in a file name: no path separators, no leading dot. */
export const ID_PATTERN = RULESET_ID;

/** Every ruleset id under `rulesets/` and `rulesets/house/`, sorted, without repeats (the engine's `rulesetsIn`). */
export function listRulesetIds(root = projectRoot()): string[] {
  return rulesetsIn(fsHost(root)).map((r) => r.id);
}

/** The default output folder of `variorum compile`. */
export function generatedDir(root = projectRoot()): string {
  return join(root, "generated");
}
