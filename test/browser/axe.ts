/**
 * axe-core in a Playwright page: injects it and returns the serious or critical violations, one line
 * each (`serious color-contrast: … (3 nodes, e.g. ["#x"])`), for the browser tests to expect empty.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({
    content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"),
  });
  const result = (await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<unknown> } }
    ).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  })) as AxeResult;
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes, e.g. ${JSON.stringify(v.nodes[0]?.target)})`,
    );
}
