/**
 * The front end's results for the package's own rulesets, built once with the CLI's bundle
 * (scripts/build.mjs) instead of on every command: `dist/front-cache/<path>.json` (the ruleset's path
 * under the package, `/` written `__`) holds its IR,
 * the build that made it, and a SHA-256 of each file the front end read (the ruleset and its bases).
 * A command uses an entry only when it runs that same build (`__VARIORUM_BUILD__`, a hash of every
 * source the bundle is made of) and every file still hashes the same, so an edited ruleset, a file
 * added beside it or a changed compiler is always compiled afresh. Outside the bundle (tests, the
 * library, `tsc`'s dist/) there is no build id and nothing is looked up (a caller may give a command
 * results of its own, `Ctx.built`: the suite's in-process runs keep theirs in memory, made by the
 * same `frontEntry` and checked by the same `stillHolds`). The entries are written by
 * compiler/node/front-cache-build.ts; this file reads them and loads no part of the front end.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { BuiltFronts } from "../engine/host.js";
import type { RulesetIR } from "../ir/ir.js";
import { keepBeside } from "../ir/beside.js";
import { dict } from "../util/dict.js";

declare const __VARIORUM_BUILD__: string | undefined;

/** The id of the running build (the CLI's bundle), or null outside it. */
export function buildId(): string | null {
  return typeof __VARIORUM_BUILD__ === "string" ? __VARIORUM_BUILD__ : null;
}

/** One built result: the IR and what it was built from. */
export interface Entry {
  build: string;
  /** Each file the front end read, relative to the package root, with the SHA-256 of its text. */
  files: { path: string; sha256: string }[];
  ir: RulesetIR;
  /**
   * The diff's cells of the IR, worked out by the build (diff/report.ts `sideCells`), as JSON text:
   * kept beside the IR read back (compiler/ir/beside.ts), one string for the entry's parse.
   */
  diffCells?: string;
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/**
 * The IR keeps records keyed by names from a user's file without a prototype (compiler/util/dict.ts);
 * JSON has no such thing, so they are written with this key (a NUL, which no name of the language can
 * hold) and read back as records without a prototype, each as the front end made it.
 */
const NO_PROTOTYPE = "\u0000dict";

export function irText(entry: Entry): string {
  return JSON.stringify(entry, (_key, value: unknown) =>
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === null
      ? Object.fromEntries([[NO_PROTOTYPE, 1], ...Object.entries(value)])
      : value,
  );
}

/**
 * An entry from its text (`irText`), its records without a prototype as the front end made them:
 * parsed, then walked once (a reviver, called back for every value of the IR, took several times
 * as long as the parse on a first command).
 */
export function readEntry(text: string): Entry {
  return restored(JSON.parse(text)) as Entry;
}

/**
 * `value` with each record marked `NO_PROTOTYPE` made again without a prototype (its marker left
 * out, its keys in order), children first; other records and arrays are changed in place.
 */
function restored(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restored(value[i]);
    return value;
  }
  const rec = value as Record<string, unknown>;
  if (Object.hasOwn(rec, NO_PROTOTYPE)) {
    const out = dict<unknown>();
    for (const k of Object.keys(rec)) if (k !== NO_PROTOTYPE) out[k] = restored(rec[k]);
    return out;
  }
  for (const k of Object.keys(rec)) {
    const v = rec[k];
    const r = restored(v);
    // `__proto__` as a plain assignment would set the record's prototype, not its own key.
    if (r !== v)
      Object.defineProperty(rec, k, {
        value: r,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }
  return rec;
}

/** Where the entry for a file under the package root is kept (null for a file outside it). */
export function entryPath(root: string, file: string): string | null {
  const rel = relative(root, file);
  if (rel.startsWith("..") || rel.includes(":") || !rel.endsWith(".rules")) return null;
  return join(root, "dist", "front-cache", rel.split(sep).join("__") + ".json");
}

/** Whether every file `entry` was built from (relative to `root`) reads the same now through `read`. */
export function stillHolds(
  root: string,
  entry: Entry,
  read: (file: string) => string | null,
): boolean {
  if (entry.files.length === 0) return false;
  return entry.files.every((f) => {
    const text = read(join(root, f.path));
    return text !== null && sha256(text) === f.sha256;
  });
}

/** An entry's IR, with the facts the build worked out of it kept beside it (compiler/ir/beside.ts). */
export function entryIr(entry: Entry): RulesetIR {
  if (entry.diffCells !== undefined) keepBeside(entry.ir, "diff-cells", entry.diffCells);
  return entry.ir;
}

/** The built results of the package at `root`, for the running build; undefined outside the bundle. */
export function builtFronts(root: string): BuiltFronts | undefined {
  const build = buildId();
  if (build === null) return undefined;
  return {
    lookup(file, read) {
      const at = entryPath(root, file);
      if (at === null) return null;
      let entry: Entry;
      try {
        entry = readEntry(readFileSync(at, "utf8"));
      } catch {
        return null;
      }
      return entry.build === build && stillHolds(root, entry, read) ? entryIr(entry) : null;
    },
  };
}
