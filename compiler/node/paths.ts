/**
 * Paths as a user sees them, for the surfaces that run under Node (the CLI, the studio's server).
 */
import { isAbsolute, relative } from "node:path";

/** A path as the user should see it: relative to the current directory when that is shorter. */
export function displayPath(file: string, cwd: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  if (rel === "") return ".";
  return rel.length < file.length ? rel : file;
}
