/**
 * The engine's list request: what the rulesets of a host's ruleset folders, and the `.rules` files
 * under some paths (files, or folders searched recursively through the host), say about themselves —
 * id, title, edition, what each extends, how many definitions and worked examples the file itself
 * holds. A parse of each, no checks: quick, and it works on files that do not check yet.
 */
import { parse } from "../../grammar/index.js";
import { hasErrors } from "../../diagnostics/index.js";
import { inFolder, rulesetsIn, type Host } from "./host.js";

export interface ListedRuleset {
  id: string | null;
  title: string | null;
  edition: string | null;
  extends: string | null;
  /** `bundled`, `house` (rulesets/house/) or `file` (found under a path given, or a user's folder). */
  origin: "bundled" | "house" | "file";
  file: string;
  definitions: number;
  examples: number;
  /** The file has syntax errors (its counts are of what could be read). */
  errors: boolean;
}

export interface ListRequest {
  host: Host;
  /** Files or folders (searched recursively, skipping `node_modules` and dot-names) to list too. */
  paths: readonly string[];
}

/** The host's rulesets by id, then every other `.rules` file under `paths` (each file once). */
export function listRulesets(req: ListRequest): ListedRuleset[] {
  const { host } = req;
  const files: { file: string; origin: ListedRuleset["origin"] }[] = rulesetsIn(host).map((r) => ({
    file: r.file,
    origin: r.folder.kind === "user" ? "file" : r.folder.kind,
  }));
  const seen = new Set(files.map((f) => f.file));
  for (const p of req.paths)
    for (const file of rulesFiles(host, p))
      if (!seen.has(file)) (seen.add(file), files.push({ file, origin: "file" }));
  return files.map(({ file, origin }) => describe(file, origin, host.readFile(file) ?? ""));
}

function describe(file: string, origin: ListedRuleset["origin"], text: string): ListedRuleset {
  const { ast, diagnostics } = parse(text, file);
  const h = ast.header;
  return {
    id: h?.id ?? null,
    title: h?.title ?? null,
    edition: h?.edition ?? null,
    extends: h?.extends?.id ?? null,
    origin,
    file,
    definitions: ast.decls.filter((d) => d.kind !== "example").length,
    examples: ast.decls.filter((d) => d.kind === "example").length,
    errors: hasErrors(diagnostics),
  };
}

/** `.rules` files at a name: the file itself, or every one below a folder (sorted, recursive). */
function rulesFiles(host: Host, name: string): string[] {
  const st = host.stat(name);
  if (st?.isFile) return name.endsWith(".rules") ? [name] : [];
  if (!st?.isDirectory) return [];
  const out: string[] = [];
  for (const entry of [...(host.readDirectory(name) ?? [])].sort()) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    const p = inFolder(name, entry);
    const s = host.stat(p);
    if (s?.isDirectory) out.push(...rulesFiles(host, p));
    else if (s?.isFile && entry.endsWith(".rules")) out.push(p);
  }
  return out;
}
