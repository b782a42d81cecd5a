/**
 * The front end's old entry point, kept for the tests and tools that import it: everything here is
 * the engine's (compiler/engine/).
 */
export { compileText, loadRuleset, type Host, type Loaded } from "./engine/index.js";
export { interpretScenario } from "./interpret/interpreter.js";
export { exampleDiagnostic, runExamples, type ExampleResult } from "./interpret/examples.js";
