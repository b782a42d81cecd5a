/**
 * Rename, refused with its reason unless it is safe: the edits come from the one search
 * (search.ts, shared with references), so every file that uses the name — the document, its bases,
 * the rulesets that extend it, open or not — is edited or the rename is refused. Refused when:
 * the new name is not a plain name; a file to edit is not the user's to write (writable.ts:
 * node_modules, the bundled rulesets, outside the workspace); the new name already names a
 * definition or member of a ruleset involved; a file with syntax errors holds the new name in a
 * part that could not be checked (issue 45, item 20); or a ruleset would mean something else once
 * renamed (meaning.ts, issue 45, item 8: checked by running the front end over the renamed texts).
 */
import { quotedText } from "../../diagnostics/safe-text.js";
import type { FrontEnd } from "../engine/front.js";
import type { Analysis } from "./analysis.js";
import { meaningChange } from "./meaning.js";
import { isDefinitionToken, isPlainName, taken, tokensOf, type Word } from "./navigate.js";
import type { Location } from "./types.js";

export interface RenameInputs {
  /** The document's analysis first, then every ruleset that reads the name's file. */
  family: readonly Analysis[];
  /** False when the search for the rulesets that extend the name's file was cut short. */
  complete: boolean;
  /** The one search's answer: every occurrence, per file. */
  occurrences: Map<string, Location[]>;
  /** Why a file must not be edited, or null. */
  whyNotWritable: (uri: string) => string | null;
  /** The front end over file `uri`, with the texts in `texts` standing for those files. */
  frontEnd: (uri: string, texts: ReadonlyMap<string, string>) => FrontEnd | null;
}

/** The edits renaming the name at `w` to `newName` (per file, offsets), or why not. */
export function renameEdits(
  w: Word,
  newName: string,
  inputs: RenameInputs,
): { edits: { uri: string; edits: Location[] }[] } | { error: string } {
  const t = w.target;
  if (!t) return { error: "there is no defined name here to rename" };
  if (!isPlainName(newName))
    return {
      error: `\`${quotedText(newName)}\` is not a plain name (letters, digits and hyphens, not a keyword)`,
    };
  const name = w.token.image;
  if (newName === name) return { edits: [] };
  if (!inputs.complete)
    return {
      error: `${name} may be used in more rulesets than could be searched: rename it by hand`,
    };
  const files = inputs.family.flatMap((x) => [...x.files.values()]);
  const fileOf = (uri: string) => files.find((p) => p.uri === uri);
  for (const [uri, locs] of inputs.occurrences) {
    const why = inputs.whyNotWritable(uri);
    if (why === null) continue;
    const file = fileOf(uri);
    const defined = !!file && locs.some((l) => isDefinitionToken(file, { startOffset: l.start }));
    return {
      error: `${name} is ${defined ? "defined" : "used"} in ${uri}, which Variorum will not edit: ${why}`,
    };
  }
  for (const x of inputs.family) {
    const clash = taken(x, newName);
    if (clash) return { error: `${quotedText(newName)} already names ${clash}` };
  }
  // Where a file did not parse, its definitions are not all known: the new name must not be there.
  const seen = new Set<string>();
  for (const p of files) {
    if (seen.has(p.uri)) continue;
    seen.add(p.uri);
    if (!p.out.diagnostics.some((d) => d.severity === "error")) continue;
    const tok = tokensOf(p).find((k) => k.image === newName);
    if (tok)
      return {
        error: `${p.uri} has syntax errors and ${quotedText(newName)} occurs in it (${p.lines.position(tok.startOffset).line + 1}:${p.lines.position(tok.startOffset).character + 1}) where it could not be checked: fix the syntax errors first`,
      };
  }
  // Each ruleset involved (every file edited, every one that reads them) must mean the same.
  const texts = new Map<string, string>();
  for (const [uri, locs] of inputs.occurrences) {
    let text = fileOf(uri)!.text;
    for (const l of [...locs].sort((p, q) => q.start - p.start))
      text = text.slice(0, l.start) + newName + text.slice(l.end);
    texts.set(uri, text);
  }
  const roots = [...new Set([...inputs.family.map((x) => x.doc.uri), ...texts.keys()])];
  for (const uri of roots) {
    const before = inputs.frontEnd(uri, new Map());
    const after = inputs.frontEnd(uri, texts);
    if (!before || !after) continue;
    const why = meaningChange(before, after, name, newName);
    if (why)
      return {
        error: `renaming ${name} to ${quotedText(newName)} would change what ${uri} means: ${why}`,
      };
  }
  return { edits: [...inputs.occurrences].map(([uri, edits]) => ({ uri, edits })) };
}
