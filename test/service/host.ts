/**
 * The host the language service's tests read through: the bundled rulesets as texts in memory,
 * named as in the project (`rulesets/ID.rules`, `rulesets/house/ID.rules`), searched in that order,
 * plus `extra` files by name. `reads`, when given, records every file read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { memoryHost, type Host } from "../../compiler/engine/host.js";
import { ROOT } from "../cli/run.js";

export function bundledTexts(extra: Record<string, string> = {}, reads?: string[]): Host {
  const files = new Map<string, string>();
  for (const dir of ["rulesets", "rulesets/house"])
    for (const f of readdirSync(join(ROOT, dir)).sort())
      if (f.endsWith(".rules")) files.set(`${dir}/${f}`, readFileSync(join(ROOT, dir, f), "utf8"));
  for (const [name, text] of Object.entries(extra)) files.set(name, text);
  const host = memoryHost(files, [
    { path: "rulesets", kind: "bundled" },
    { path: "rulesets/house", kind: "house" },
  ]);
  if (!reads) return host;
  return { ...host, readFile: (file) => (reads.push(file), host.readFile(file)) };
}
