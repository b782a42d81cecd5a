/**
 * The output format of a command that writes reports (`diff`, `card`, `reach`): `--format` when
 * given (checked against the command's formats), else the one `-o FILE`'s extension names, else the
 * command's default. One place, so `-o x.html` writes HTML whatever the command.
 */

import { extname } from "node:path";
import { UsageError } from "./errors.js";

/** File extensions (lower case, with the dot) → format names; a command uses those it knows. */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, string>> = {
  ".html": "html",
  ".htm": "html",
  ".md": "md",
  ".markdown": "md",
  ".json": "json",
  ".txt": "text",
  ".svg": "svg",
  ".pdf": "pdf",
};

export function outputFormat<F extends string>(
  format: string | undefined,
  output: string | undefined,
  formats: readonly F[],
  fallback: F,
): F {
  if (format !== undefined) {
    if (!(formats as readonly string[]).includes(format))
      throw new UsageError(`unknown format \`${format}\`; use one of: ${formats.join(", ")}`);
    return format as F;
  }
  const byExt =
    output === undefined ? undefined : FORMAT_BY_EXTENSION[extname(output).toLowerCase()];
  return byExt !== undefined && (formats as readonly string[]).includes(byExt)
    ? (byExt as F)
    : fallback;
}
