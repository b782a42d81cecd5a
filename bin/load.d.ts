import type { Script } from "node:vm";
/** The CLI's bundle and the folder of its code caches (bin/load.js). */
export declare const BUNDLE: string;
export declare const CACHES: string;
/** The build id a bundle names on its first line, or null. */
export declare function bundleBuild(source: string): string | null;
/** The code caches a run may use, best first (empty: code caches turned off). */
export declare function cacheNames(
  args: readonly string[],
  raisesBudget: boolean,
  env: NodeJS.ProcessEnv,
): string[];
/** The file of code cache `name` for the bundle of build `build`. */
export declare function cacheFile(name: string, build: string): string;
/** The CLI's module, compiled with the first of `names`' caches that exists for this bundle. */
export declare function loadCli(names: readonly string[]): {
  cli: Record<string, unknown>;
  script: Script;
  cache: "used" | "rejected" | "none";
  name: string | null;
  build: string | null;
};
