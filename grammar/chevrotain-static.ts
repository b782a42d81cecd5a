/**
 * Chevrotain imported statically: what scripts/bundle-cli.mjs puts in place of grammar/chevrotain.ts
 * in the CLI's bundle, where the package's one-file ESM build is bundled in (so no dynamic import and
 * no lodash-es modules).
 */
export * from "chevrotain";
