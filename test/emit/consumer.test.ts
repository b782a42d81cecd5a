/**
 * The generated modules and the runtime compile under the settings a consumer's project may use
 * (tsconfig.consumer.json: strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes,
 * noUnusedLocals, noUnusedParameters, verbatimModuleSyntax, erasableSyntaxOnly, skipLibCheck off),
 * so copied as source into such a project they compile there too.
 */
import ts from "typescript";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/run.js";

describe("tsconfig.consumer.json", () => {
  it("compiles generated/ and runtime/ without an error", () => {
    const config = ts.getParsedCommandLineOfConfigFile(
      join(ROOT, "tsconfig.consumer.json"),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    )!;
    expect(config.options.noUncheckedIndexedAccess).toBe(true);
    expect(config.options.erasableSyntaxOnly).toBe(true);
    const program = ts.createProgram(config.fileNames, config.options);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => {
      const file = d.file === undefined ? "" : relative(ROOT, d.file.fileName);
      const at =
        d.file === undefined || d.start === undefined
          ? ""
          : `(${d.file.getLineAndCharacterOfPosition(d.start).line + 1})`;
      return `${file}${at}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    });
    expect(errors).toEqual([]);
    expect(config.fileNames.some((f) => f.endsWith("generated/sl-classic.ts"))).toBe(true);
  });
});
