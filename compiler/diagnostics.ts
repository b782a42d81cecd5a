/**
 * The compiler's view of diagnostics: the one table of codes, spans and source files live in
 * diagnostics/ (below grammar/ and compiler/, so the parser reports with them without importing the
 * compiler). Compiler passes import them from here.
 */
export * from "../diagnostics/index.js";
