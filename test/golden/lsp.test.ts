/**
 * The language server's sessions as transcripts (test/golden/lsp-session.ts): every NAME.in.json of
 * test/golden/lsp/ is run in-process and what the client received must be NAME.out.json, exactly.
 * Refresh: `UPDATE_GOLDEN=1 npx vitest run test/golden/lsp.test.ts`, then review `git diff test/golden/lsp/`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UPDATE } from "./cases.js";
import { LSP_DIR, runSession, type Step } from "./lsp-session.js";

const SESSIONS = readdirSync(LSP_DIR)
  .filter((f) => f.endsWith(".in.json"))
  .sort()
  .map((f) => f.slice(0, -".in.json".length));

describe("language server sessions", () => {
  it("has sessions", () => {
    expect(SESSIONS.length).toBeGreaterThan(1);
  });

  for (const name of SESSIONS) {
    it(name, async () => {
      const steps = JSON.parse(readFileSync(join(LSP_DIR, `${name}.in.json`), "utf8")) as Step[];
      expect(steps.at(-1), "a session ends with shutdown").toEqual({ request: "shutdown" });
      const got = `${JSON.stringify(await runSession(steps), null, 2)}\n`;
      const file = join(LSP_DIR, `${name}.out.json`);
      if (UPDATE) writeFileSync(file, got);
      else if (!existsSync(file))
        throw new Error(`missing ${name}.out.json: run UPDATE_GOLDEN=1 npx vitest run test/golden/lsp.test.ts`);
      else expect(got).toBe(readFileSync(file, "utf8"));
    });
  }
});
