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
/** The file of the package's code cache `name` for the bundle of build `build`, made by V8 `v8`. */
export declare function cacheFile(name: string, build: string, v8?: string): string;
/** A short digest of node's flags and NODE_OPTIONS (the user's code caches are kept per digest). */
export declare function flagsKey(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  raisesBudget: boolean,
): string;
/** The CLI's module, compiled with the first of `names`' caches there is for this bundle and V8. */
export declare function loadCli(
  names: readonly string[],
  where?: { user?: () => Promise<string | null>; key?: string; plain?: boolean },
): Promise<{
  cli: Record<string, unknown>;
  script: Script;
  cache: "used" | "rejected" | "none";
  name: string | null;
  from: "package" | "user" | null;
  build: string | null;
  keep: () => Promise<void>;
}>;
