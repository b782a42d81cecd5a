/**
 * The front end as one call: a ruleset id or path → parse → resolve (`extends`) → check → lower →
 * IR, with every diagnostic of every file read. The caller supplies file access (`Host`), so this
 * module never touches the file system itself.
 */
import { parse } from "../grammar/index.js";
import type { RulesFile } from "../grammar/ast.js";
import { check } from "./check/index.js";
import { diag, hasErrors, type Diagnostic } from "./diagnostics.js";
import type { RulesetIR } from "./ir.js";
import { lower } from "./tick-scale.js";
import { resolve } from "./resolve.js";

export { interpretScenario } from "./interpret/interpreter.js";
export { exampleDiagnostic, runExamples, type ExampleResult } from "./interpret/examples.js";

export interface Host {
  readFile(path: string): string | null;
  /** id → path of rulesets/<id>.rules or rulesets/house/<id>.rules, or null */
  resolveId(id: string): string | null;
}

export interface Loaded {
  ir: RulesetIR | null;
  diagnostics: Diagnostic[];
  /** path → text of every file read, for code frames */
  sources: Map<string, string>;
  file: string;
}

export function loadRuleset(ref: string, host: Host): Loaded {
  const sources = new Map<string, string>();
  const file = ref.endsWith(".rules") ? ref : host.resolveId(ref);
  if (!file) {
    return {
      ir: null,
      diagnostics: [
        diag(
          "V0205",
          `no ruleset named ${ref}`,
          null,
          "name a ruleset under rulesets/ or rulesets/house/, or a path ending in .rules",
        ),
      ],
      sources,
      file: ref,
    };
  }
  const read = (path: string): { ast: RulesFile; diagnostics: Diagnostic[] } | null => {
    const text = host.readFile(path);
    if (text === null) return null;
    sources.set(path, text);
    return parse(text, path);
  };
  const root = read(file);
  if (!root)
    return { ir: null, diagnostics: [diag("V0205", `cannot read ${file}`, null)], sources, file };
  const diagnostics = [...root.diagnostics];
  // A header with a syntax error is already reported; do not add "missing header" to it.
  if (!root.ast.header && hasErrors(diagnostics)) return { ir: null, diagnostics, sources, file };
  const { merged, diagnostics: rd } = resolve(root.ast, (id) => {
    const p = host.resolveId(id);
    return p ? read(p) : null;
  });
  diagnostics.push(...rd);
  if (!merged || hasErrors(diagnostics)) return { ir: null, diagnostics, sources, file };
  const { checked, diagnostics: cd } = check(merged);
  diagnostics.push(...cd);
  if (!checked || hasErrors(diagnostics)) return { ir: null, diagnostics, sources, file };
  const lowered = lower(checked, root.ast.header!.span);
  diagnostics.push(...lowered.diagnostics);
  return { ir: lowered.ir, diagnostics, sources, file };
}

/** Front end over text alone (tests, the LSP): no `extends` unless `parents` supplies them. */
export function compileText(
  text: string,
  path = "input.rules",
  parents: Record<string, string> = {},
): Loaded {
  const files: Record<string, string> = { [path]: text };
  for (const [id, t] of Object.entries(parents)) files[`${id}.rules`] = t;
  return loadRuleset(path, {
    readFile: (p) => files[p] ?? null,
    resolveId: (id) => (parents[id] !== undefined ? `${id}.rules` : null),
  });
}
