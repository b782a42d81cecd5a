/**
 * The front end of the language as a library gives it, over text: `parse` (text → the syntax tree,
 * every syntax error, the tokens), `check` (text → the checked ruleset's IR and every diagnostic of
 * resolving `extends`, checking and lowering). No file is read: a ruleset the text extends is given
 * in `bases` (by id), or found through a `host` (`memoryHost`, or `bundledHost()` from
 * `variorum/node`). `compile` (→ the TypeScript module) is Node-only: `variorum/node`.
 */
import { parse as parseText, type ParseOutput } from "../../grammar/index.js";
import {
  folderOf,
  inFolder,
  loadRuleset,
  memoryHost,
  type Host,
  type Loaded,
} from "../engine/index.js";

export interface ParseOptions {
  /** The name diagnostics' spans give the text (default `input.rules`). */
  path?: string;
}

/**
 * Lexes and parses a ruleset's text: its syntax tree (whatever recovery kept), every syntax error
 * of the text in one pass, and its tokens. Never throws.
 */
export function parse(text: string, options: ParseOptions = {}): ParseOutput {
  return parseText(text, options.path ?? "input.rules");
}

export interface CheckOptions extends ParseOptions {
  /**
   * The texts of the rulesets the text extends, by id (`{ "sl-classic": slText }`): files beside
   * `path`, where the one rule finding a ruleset by id looks first.
   */
  bases?: Readonly<Record<string, string>>;
  /**
   * Where an id not in `bases` is looked for (its `folders`, e.g. the bundled rulesets): a
   * `memoryHost`, or `bundledHost()` from `variorum/node`. Without one, only `bases`.
   */
  host?: Host;
}

/**
 * Checks a ruleset's text: parse, resolve `extends` (through `bases`, then `host`), check (names,
 * measures, tables, citations, conflicting exceptions) and lower to the IR. `ir` is null when any
 * diagnostic is an error; `diagnostics` holds every one, of every file read; `sources` the text of
 * each, for code frames.
 *
 * @example
 * ```ts
 * const { ir, diagnostics } = check(houseText, { path: "my-house.rules", bases: { "sl-classic": slText } });
 * ```
 */
export function check(text: string, options: CheckOptions = {}): Loaded {
  const path = options.path ?? "input.rules";
  const files = new Map<string, string>([[path, text]]);
  for (const [id, t] of Object.entries(options.bases ?? {}))
    files.set(inFolder(folderOf(path), `${id}.rules`), t);
  const mem = memoryHost(files, options.host?.folders ?? []);
  const outer = options.host;
  const host: Host =
    outer === undefined
      ? mem
      : {
          folders: outer.folders,
          readFile: (f) => (files.has(f) ? files.get(f)! : outer.readFile(f)),
          stat: (f) => mem.stat(f) ?? outer.stat(f),
          readDirectory: (d) => {
            const a = mem.readDirectory(d);
            const b = outer.readDirectory(d);
            return a === null && b === null ? null : [...new Set([...(a ?? []), ...(b ?? [])])];
          },
        };
  return loadRuleset(path, host);
}
