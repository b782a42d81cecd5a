/**
 * Handlebars as the CLI's bundle has it: what scripts/bundle-cli.mjs puts in place of the
 * `handlebars` package. The bundled runtime renders the precompiled templates (precompiled.ts); the
 * package's compiler is loaded from node_modules on the first compile only, for a template whose
 * text the build did not precompile (templates/ edited since the build). Every environment is made
 * as the package's own `create()` makes it (handlebars/dist/cjs/handlebars.js), its compiler parts
 * read when first used. A first `card` no longer loads and runs the compiler's code.
 */
import { createRequire } from "node:module";
import type Handlebars from "handlebars";
import runtime from "handlebars/runtime";

type Env = typeof Handlebars;

/** The compiler's modules, as the package's full build requires them. */
interface CompilerParts {
  compiler: {
    compile(input: unknown, options: unknown, env: Env): HandlebarsTemplateDelegate;
    precompile(input: unknown, options: unknown, env: Env): TemplateSpecification;
    Compiler: unknown;
  };
  base: { parser: unknown; parse: unknown; parseWithoutProcessing: unknown };
  /** The AST helpers (the module's `module.exports`). */
  ast: unknown;
  /** The JavaScriptCompiler class (the module's `module.exports`). */
  javascript: unknown;
}

let parts: CompilerParts | undefined;

/** The package's compiler modules, loaded once, on first use. */
function compilerParts(): CompilerParts {
  if (parts === undefined) {
    const load = createRequire(import.meta.url);
    const dir = "handlebars/dist/cjs/handlebars/compiler";
    parts = {
      compiler: load(`${dir}/compiler.js`) as CompilerParts["compiler"],
      base: load(`${dir}/base.js`) as CompilerParts["base"],
      ast: load(`${dir}/ast.js`),
      javascript: load(`${dir}/javascript-compiler.js`),
    };
  }
  return parts;
}

/** A runtime environment with the full build's compiler members, each loaded when first read. */
function create(): Env {
  const hb = (runtime as unknown as { create(): Env }).create();
  hb.compile = (input, options) => compilerParts().compiler.compile(input, options, hb);
  hb.precompile = (input, options) => compilerParts().compiler.precompile(input, options, hb);
  const lazy = (read: (p: CompilerParts) => unknown): PropertyDescriptor => ({
    get: () => read(compilerParts()),
    configurable: true,
    enumerable: true,
  });
  Object.defineProperties(hb, {
    AST: lazy((p) => p.ast),
    Compiler: lazy((p) => p.compiler.Compiler),
    JavaScriptCompiler: lazy((p) => p.javascript),
    Parser: lazy((p) => p.base.parser),
    parse: lazy((p) => p.base.parse),
    parseWithoutProcessing: lazy((p) => p.base.parseWithoutProcessing),
  });
  return hb;
}

const inst = create() as Env & { create: () => Env };
inst.create = create;

export default inst;
