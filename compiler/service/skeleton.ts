/**
 * `variorum new ID --extends BASE`: a commented house-rule skeleton — header, `extends`, one
 * `override` (an inherited rule restated as it stands, with its citation) and one `example` (the
 * base's shortest passing one) — verified with the language service to check and test clean before
 * it is offered. Pure: the caller writes the file.
 */
import type { Decl } from "../../grammar/ast.js";
import { resolveRuleset, rulesetsIn, type Host } from "../engine/host.js";
import { RULESET_ID } from "../util/ruleset-id.js";
import { LanguageService } from "./index.js";

export type Skeleton =
  | { ok: true; text: string; overrides: string }
  | { ok: false; message: string };

const quote = (s: string): string => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

/**
 * Why `id` cannot name a new house rule over `baseId`, or null: not a ruleset id, the base's own id,
 * or the id of a ruleset in the host's folders. `variorum new` (exit 2) and the studio's "New house
 * rule from this" say these same words.
 */
export function newIdProblem(id: string, baseId: string, host: Host): string | null {
  if (!RULESET_ID.test(id))
    return `\`${id}\` is not a ruleset id: use letters, digits, dots, hyphens and underscores`;
  if (id === baseId)
    return `a ruleset cannot extend itself: choose a new id for the house rule over ${id}`;
  if (rulesetsIn(host).some((r) => r.id === id))
    return `the id ${id} is taken by a bundled ruleset; choose another id`;
  return null;
}

/**
 * The skeleton of house rule `id` over `baseId`, to be written at `file`: the id is checked
 * (`newIdProblem`), its base is found, and it is checked, as it will be there (beside `file`, then
 * the host's ruleset folders).
 */
export function skeleton(id: string, baseId: string, host: Host, file = `${id}.rules`): Skeleton {
  const bad = newIdProblem(id, baseId, host);
  if (bad !== null) return { ok: false, message: bad };
  const baseFile = resolveRuleset(host, baseId, file);
  const baseText = baseFile === null ? null : host.readFile(baseFile);
  if (baseFile === null || baseText === null)
    return { ok: false, message: `no ruleset named ${baseId} to extend` };
  const base = { uri: baseFile, text: baseText };
  const probe = new LanguageService(host);
  probe.open(base.uri, base.text);
  const a = probe.analysis(base.uri)!;
  const header = a.doc.out.ast.header;
  if (!header || probe.diagnostics(base.uri).some((d) => d.severity === "error"))
    return {
      ok: false,
      message: `${baseId} does not check clean; fix it first (variorum check ${baseId})`,
    };
  const decls = a.doc.out.ast.decls;
  const slice = (d: Decl): string =>
    base.text.slice(d.span.start, d.span.end).replace(/^override\s+/, "");
  const rules = decls
    .filter((d) => d.kind === "rule" && d.meta.cite)
    .sort((x, y) => slice(x).length - slice(y).length);
  const examples = decls
    .filter((d) => d.kind === "example")
    .sort((x, y) => slice(x).length - slice(y).length);
  const check = new LanguageService(host);
  const uri = file;
  for (const rule of rules) {
    for (const example of examples.slice(0, 5)) {
      const text = render(
        id,
        header.title,
        header.cites?.style ?? "numbered",
        baseId,
        rule,
        slice(rule),
        slice(example),
      );
      check.update(uri, text);
      if (check.diagnostics(uri).length === 0) return { ok: true, text, overrides: rule.name };
    }
  }
  return {
    ok: false,
    message: `could not find a rule and an example of ${baseId} to start the skeleton from`,
  };
}

function render(
  id: string,
  baseTitle: string,
  cites: string,
  baseId: string,
  rule: Decl,
  ruleText: string,
  exampleText: string,
): string {
  return `# ${id}: a house rule over ${baseId} (${baseTitle}).
# Written by \`variorum new\`. Check it with \`variorum check ${id}.rules\` and run its examples with
# \`variorum test ${id}.rules\`; docs/language.md describes the language, docs/authoring.md the editor
# support (\`variorum lsp\`).
ruleset ${id} ${quote(`House rule over ${baseTitle}`)}
  edition ${quote(`House rule over ${baseId}`)}
  cites ${cites}
  extends ${baseId}

# Everything of ${baseId} is inherited. To change a definition, restate it whole under the same name
# with \`override\` (the kind must match); \`remove KIND NAME\` drops one; new definitions are added.
# This override is ${baseId}'s \`${rule.name}\` [${rule.meta.cite?.text ?? ""}] as it stands: change its value or its exceptions,
# give the change its own citation (e.g. [H1]) and say in the paraphrase what the house rule does.
override ${ruleText}

# Examples are not inherited: show what the house rule changes with an executable example. This one is
# copied from ${baseId} and passes as long as the rules it reads are unchanged; edit it to match.
${exampleText}
`;
}
