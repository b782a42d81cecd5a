/**
 * Chevrotain, loaded fast. The package entry (`lib/src/api.js`) pulls in several hundred lodash-es
 * modules, about 1.5 s of a cold start; the package also ships the same version as one ESM file
 * (`lib/chevrotain.mjs`, ~60 ms), which its `exports` map does not name. Load that file beside the
 * resolved entry, and fall back to the entry where `import.meta.resolve` is unavailable.
 */
import type * as Chevrotain from "chevrotain";

async function load(): Promise<typeof Chevrotain> {
  try {
    const entry = import.meta.resolve("chevrotain");
    return (await import(new URL("../chevrotain.mjs", entry).href)) as typeof Chevrotain;
  } catch {
    return import("chevrotain");
  }
}

const chevrotain = await load();
export const { createToken, createTokenInstance, EmbeddedActionsParser, EOF, Lexer, tokenMatcher } =
  chevrotain;
