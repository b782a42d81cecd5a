/**
 * The generated modules and the runtime compile under the settings a consumer's project may use
 * (tsconfig.consumer.json), so copied as source into such a project they compile there too.
 *
 * The type-check itself runs in one place: `npm run lint` (`tsc --noEmit -p tsconfig.consumer.json`,
 * which CI runs after the suite), not a second time here (≈ 10 s of a worker). What this file holds is
 * that the check is there and is the strict one: the settings are the consumer's strictest, the
 * files are every generated module and the runtime, and the lint script runs it.
 */
import ts from "typescript";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/run.js";

/** The settings a consumer's strictest project may use, each as tsconfig.consumer.json must set it. */
const STRICTEST: Record<string, unknown> = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  skipLibCheck: false,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

describe("tsconfig.consumer.json", () => {
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

  it("sets a consumer's strictest settings", () => {
    expect(config.errors).toEqual([]);
    const set = Object.fromEntries(
      Object.keys(STRICTEST).map((k) => [k, (config.options as Record<string, unknown>)[k]]),
    );
    expect(set).toEqual(STRICTEST);
    expect(config.options.skipDefaultLibCheck).toBeUndefined();
  });

  it("covers every generated module and every runtime file", () => {
    const files = new Set(config.fileNames.map((f) => relative(ROOT, f)));
    const expected = ["generated", "runtime"].flatMap((d) =>
      ts.sys
        .readDirectory(join(ROOT, d), [".ts"], undefined, undefined)
        .map((f) => relative(ROOT, f)),
    );
    expect(expected).toContain("generated/sl-classic.ts");
    expect(expected).toContain("runtime/index.ts");
    expect(expected.filter((f) => !files.has(f))).toEqual([]);
  });

  it("is type-checked by `npm run lint`", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const steps = pkg.scripts["lint"]!.split("&&").map((s) => s.trim());
    expect(steps).toContain("tsc --noEmit -p tsconfig.consumer.json");
  });
});
