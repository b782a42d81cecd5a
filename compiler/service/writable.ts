/**
 * Which files the language service may hand an editor edits for (rename, quick fixes), and why not
 * the others. A file is written only when it is the user's own: not inside a `node_modules` folder
 * (an installed package's copy), not in one of the host's package folders (the bundled `rulesets/`
 * and `rulesets/house/`, which the package owns and other rulesets extend), and inside one of the
 * workspace's folders when the editor named any (LSP `workspaceFolders` / `rootUri`). The answer is
 * the reason to show the user (`it is …`, to follow the file's name), or null when it may be edited.
 * The package folders are writable only where a workspace folder holds them: a checkout of Variorum
 * itself, whose maintainers edit the bundled rulesets (an installed copy is in `node_modules`).
 *
 * Names are compared as the host names them (`file:` URIs for the language server, plain keys for
 * the studio and tests), by whole path segments: `/work/a` does not contain `/work/ab/x.rules`.
 */
import type { RulesetFolder } from "../engine/host.js";

/** Whether `file` is `dir` itself or inside it, by whole segments (`/` or `\`). */
export function inside(file: string, dir: string): boolean {
  if (dir === "") return false;
  const d = /[/\\]$/.test(dir) ? dir : `${dir}/`;
  const f = file.replaceAll("\\", "/");
  return f === dir.replaceAll("\\", "/") || f.startsWith(d.replaceAll("\\", "/"));
}

/** The segments of a file name, for finding `node_modules` anywhere in it. */
function segments(file: string): string[] {
  return file.replace(/^[A-Za-z][A-Za-z0-9+.-]+:\/*/, "").split(/[/\\]/);
}

/**
 * Why `file` must not be edited, or null when it may: inside `node_modules`, in a package folder of
 * the host (`bundled`, `house`) that no workspace folder holds, or outside every folder of
 * `workspace` (when it names any).
 */
export function whyNotWritable(
  file: string,
  folders: readonly RulesetFolder[],
  workspace: readonly string[],
): string | null {
  if (segments(file).includes("node_modules"))
    return "it is inside node_modules: an installed package's copy, not yours to edit";
  // The package's own folders are the user's only in a checkout of Variorum opened as the workspace.
  // The innermost folder holding the file (`rulesets/house/` inside `rulesets/`).
  const pkg = folders
    .filter((f) => inside(file, f.path))
    .sort((p, q) => q.path.length - p.path.length)
    .find((f) => f.kind !== "user" && !workspace.some((w) => inside(f.path, w)));
  if (pkg)
    return `it is ${pkg.kind === "house" ? "a house rule" : "a ruleset"} bundled with Variorum, which other rulesets extend as it is: override the definition in a house rule of your own instead`;
  if (workspace.length > 0 && !workspace.some((w) => inside(file, w)))
    return `it is outside the workspace (${workspace.join(", ")})`;
  return null;
}
