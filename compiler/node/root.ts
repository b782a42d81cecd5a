/**
 * Where the Variorum package lives on disk: found from the location of this file (import.meta.url),
 * never from the current directory, so the CLI and the library work from a checkout (`compiler/…`),
 * from its build (`dist/compiler/…`) and from an installed package (`node_modules/variorum/dist/…`).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let cachedRoot: string | null = null;

/** The directory holding Variorum's package.json. */
export function projectRoot(): string {
  if (cachedRoot !== null) return cachedRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        const json = JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown };
        if (json.name === "variorum") return (cachedRoot = dir);
      } catch {
        // not ours; keep looking
      }
    }
    const up = dirname(dir);
    if (up === dir)
      throw new Error(
        "cannot find the variorum package root from " + fileURLToPath(import.meta.url),
      );
    dir = up;
  }
}
