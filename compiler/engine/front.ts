/**
 * The front end, once: a parsed ruleset → resolve (`extends`) → check → lower → IR, with every
 * diagnostic of every file read. `loadRuleset` runs it over files a `Host` reads (the CLI, the studio
 * page, the library, the bench); the language service runs `frontEnd` itself over its cached parses
 * and then its examples. Both find a base by the one rule of `resolveRuleset` (host.ts) and stop at
 * the first pass that reports an error, so every surface reports the same diagnostics for the same
 * text (V0106 from lowering included). No Node API: the host reads files.
 */
import { parse, type ParseOutput } from "../../grammar/index.js";
import { check } from "../front/check/index.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { RulesetIR } from "../ir/ir.js";
import { lower } from "../front/lower.js";
import { resolve, type Merged } from "../front/resolve.js";
import { wholeMoveNote, wholeMoveRead } from "../reach/lookahead.js";
import { builtRuleset, type Loaded } from "./built.js";
import { folderOf, inFolder, memoryHost, resolveRuleset, type Host } from "./host.js";

export interface FrontEnd {
  /** The declarations with `extends` applied, whenever resolving got that far (even with errors). */
  merged: Merged | null;
  /** The lowered ruleset when nothing reported an error, else null. */
  ir: RulesetIR | null;
  diagnostics: Diagnostic[];
}

/**
 * Resolve → check → lower over a parse. `loadBase(id, from)` returns the parse of a ruleset that the
 * file `from` extends (null when there is none by that id): `from` is the file whose header names
 * it, the root's path or a base's, for the one resolution rule (`resolveRuleset`).
 */
export function frontEnd(
  root: ParseOutput,
  loadBase: (id: string, from: string) => ParseOutput | null,
): FrontEnd {
  const diagnostics: Diagnostic[] = [...root.diagnostics];
  const out: FrontEnd = { merged: null, ir: null, diagnostics };
  // A header with a syntax error is already reported; do not add "missing header" to it.
  if (!root.ast.header && hasErrors(diagnostics)) return out;
  // `resolve` walks the chain in order, asking for a file's base before it reads the base's own: the
  // file that names an id is the one loaded last.
  let namer = root.ast.path;
  const { merged, diagnostics: rd } = resolve(root.ast, (id) => {
    const p = loadBase(id, namer);
    if (p) namer = p.ast.path;
    return p;
  });
  diagnostics.push(...rd);
  out.merged = merged;
  if (!merged || hasErrors(diagnostics)) return out;
  const { checked, diagnostics: cd } = check(merged);
  diagnostics.push(...cd);
  if (!checked || hasErrors(diagnostics)) return out;
  const lowered = lower(checked, root.ast.header!.span);
  diagnostics.push(...lowered.diagnostics);
  out.ir = lowered.ir;
  if (lowered.ir !== null) diagnostics.push(...wholeMoveCost(lowered.ir, merged));
  return out;
}

/**
 * V1120 on the movement binding's `cost:` when a step's cost reads the whole move
 * (compiler/reach/lookahead.ts): reach's answer for this ruleset is not the price `eval` gives.
 * A warning of the front end, so the editor, the language server and `check` show it where reach's
 * answers (compiler/engine/reach.ts) say it too.
 */
function wholeMoveCost(ir: RulesetIR, merged: Merged): Diagnostic[] {
  if (wholeMoveRead(ir) === null) return [];
  const binding = merged.decls.find((o) => o.decl.kind === "movement")?.decl;
  const cost =
    binding?.kind === "movement" ? binding.entries.find((e) => e.role === "cost") : undefined;
  return [wholeMoveNote(ir, cost?.span ?? binding?.span ?? null)!];
}

export type { Loaded } from "./built.js";

/** A ruleset by id (through the host) or by a path ending in `.rules`, through the front end. */
export function loadRuleset(ref: string, host: Host): Loaded {
  const sources = new Map<string, string>();
  const file = ref.endsWith(".rules") ? ref : resolveRuleset(host, ref, null);
  if (!file) {
    return {
      ir: null,
      diagnostics: [
        report(
          "V0205",
          "noRuleset",
          null,
          { ref },
          "name a ruleset under rulesets/ or rulesets/house/, or a path ending in .rules",
        ),
      ],
      sources,
      file: ref,
    };
  }
  const built = builtRuleset(file, host);
  if (built !== null) return built;
  const read = (path: string): ParseOutput | null => {
    const text = host.readFile(path);
    if (text === null) return null;
    sources.set(path, text);
    return parse(text, path);
  };
  const root = read(file);
  if (!root)
    return {
      ir: null,
      diagnostics: [report("V0205", "unreadable", null, { file })],
      sources,
      file,
    };
  const { ir, diagnostics } = frontEnd(root, (id, from) => {
    const p = resolveRuleset(host, id, from);
    return p ? read(p) : null;
  });
  return { ir, diagnostics, sources, file };
}

/** Each of `refs` through `loadRuleset`, in order. */
export function loadRulesets(refs: readonly string[], host: Host): Loaded[] {
  return refs.map((ref) => loadRuleset(ref, host));
}

/**
 * The front end over text alone (tests, the bench): no `extends` unless `parents` supplies them (by
 * id, as files beside `path`, where the one resolution rule finds them).
 */
export function compileText(
  text: string,
  path = "input.rules",
  parents: Record<string, string> = {},
): Loaded {
  const files: Record<string, string> = { [path]: text };
  for (const [id, t] of Object.entries(parents)) files[inFolder(folderOf(path), `${id}.rules`)] = t;
  return loadRuleset(path, memoryHost(files));
}
