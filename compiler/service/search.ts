/**
 * The one search behind references and rename, so that the two always agree: where the name under
 * the cursor occurs in every file of a family of analyses — the document with its bases, and every
 * ruleset that extends the file defining the name, open in the editor or not (the service gathers
 * the family through its host: `LanguageService.family`). Each occurrence is found by name and
 * confirmed by resolving it in the analysis of a ruleset that reads that file.
 */
import { inFolder, type Host } from "../engine/host.js";
import type { Analysis } from "./analysis.js";
import { occurrencesIn, targetKey, type Word } from "./navigate.js";
import type { Location } from "./types.js";

/** At most this many files are read looking for the rulesets that extend a name's file. */
export const MAX_SEARCHED_FILES = 500;

/** Every occurrence of the name at `w` (of `family[0]`), per file, in order, each once. */
export function searchName(family: readonly Analysis[], w: Word): Map<string, Location[]> {
  const byUri = new Map<string, Location[]>();
  const t = w.target;
  if (!t) return byUri;
  const key = targetKey(t);
  for (const x of family)
    for (const uri of x.files.keys())
      for (const l of occurrencesIn(x, uri, w.token.image, key)) {
        const list = byUri.get(uri) ?? byUri.set(uri, []).get(uri)!;
        if (!list.some((y) => y.start === l.start)) list.push(l);
      }
  for (const list of byUri.values()) list.sort((p, q) => p.start - q.start);
  return byUri;
}

/** The `.rules` files (or links to files) directly inside folder `dir`, by the host's names. */
export function rulesFilesIn(host: Host, dir: string): string[] {
  const out: string[] = [];
  for (const entry of host.readDirectory(dir) ?? []) {
    if (!entry.endsWith(".rules")) continue;
    const file = inFolder(dir, entry);
    if (host.stat(file)?.isFile === true) out.push(file);
  }
  return out.sort();
}
