/**
 * Writes the front end's results of the package's own rulesets (read back by
 * compiler/node/front-cache.ts): run by scripts/build.mjs through the CLI's bundle, so each entry
 * carries the bundle's build id.
 */
import { mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { loadRuleset } from "../engine/front.js";
import { rulesetsIn, type Host } from "../engine/host.js";
import { buildId, entryPath, irText, readEntry, sha256, type Entry } from "./front-cache.js";
import { sideCells } from "../diff/report.js";
import { writeIfChanged } from "./write.js";

/**
 * The entry of the ruleset at `file` for the build `build`: its IR and the SHA-256 of each file the
 * front end read through `host` (the ruleset and its bases); null when it has a diagnostic or reads a
 * file outside `root`. What writeBuiltFronts keeps on disk, and what an in-process caller may keep in
 * memory (test/cli/fronts.ts).
 */
export function frontEntry(root: string, file: string, host: Host, build: string): Entry | null {
  const read: string[] = [];
  const recording: Host = {
    folders: host.folders,
    stat: (f) => host.stat(f),
    readDirectory: (d) => host.readDirectory(d),
    readFile(f) {
      const text = host.readFile(f);
      if (text !== null) read.push(f);
      return text;
    },
  };
  const l = loadRuleset(file, recording);
  if (l.ir === null || l.diagnostics.length > 0) return null;
  const files = [...new Set(read)].map((f) => ({
    path: relative(root, f),
    sha256: sha256(l.sources.get(f)!),
  }));
  if (files.some((f) => f.path.startsWith(".."))) return null;
  // The diff's cells, worked out from the IR as a command reads it back (through its JSON text).
  const ir = readEntry(irText({ build, files, ir: l.ir })).ir;
  return { build, files, ir: l.ir, diffCells: JSON.stringify(sideCells(ir)) };
}

/**
 * Builds the entries of every ruleset in `host`'s package folders that compiles without a diagnostic
 * (run by scripts/build.mjs through the bundle, so the entries carry its build id). Returns the ids
 * written.
 */
export function writeBuiltFronts(root: string, host: Host): string[] {
  const build = buildId();
  if (build === null) throw new Error("writeBuiltFronts runs only in the CLI's bundle");
  mkdirSync(join(root, "dist", "front-cache"), { recursive: true });
  const written: string[] = [];
  for (const found of rulesetsIn(host)) {
    const at = entryPath(root, found.file);
    if (at === null) continue;
    const entry = frontEntry(root, found.file, host, build);
    if (entry === null) continue;
    writeIfChanged(at, irText(entry));
    written.push(found.id);
  }
  return written;
}
