/**
 * axe-core in a Playwright page: injects it and returns the serious or critical violations, one line
 * each (`serious color-contrast: … (3 nodes, e.g. ["#x"])`), for the browser tests to expect empty.
 *
 * Every rule runs on the whole page but `color-contrast`, which runs on one element of each distinct
 * text style (`contrastSample`): on the five-way diff report (≈ 11,550 elements) contrast over every
 * element was ≈ 70% of axe's time, and its 11,000 cells share a few dozen styles. A style is what
 * decides an element's contrast: its own colour, size, weight, text shadow and opacity, and the
 * backgrounds (colour, image) and opacities of it and its ancestors up to the first opaque background
 * (what paints behind it in normal flow). An element whose text has a style of its own is always in
 * the sample (test/browser/diff.test.ts restyles one cell deep in the report and expects the
 * violation). What normal flow does not decide (a positioned element drawn over another) axe's own
 * check finds on the sampled element, as on any other.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}
interface AxeResult {
  violations: AxeViolation[];
}

/** The page's axe, injected once. */
async function inject(page: Page): Promise<void> {
  if (await page.evaluate(() => "axe" in globalThis)) return;
  await page.addScriptTag({
    content: readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"),
  });
}

/**
 * In the page: one element per distinct text style (see the file's comment), in document order, kept
 * as `globalThis.__contrastSample` for the contrast run; returns how many there are.
 */
function sampleStyles(): number {
  const byStyle = new Map<string, Element>();
  for (const el of Array.from(document.body.querySelectorAll("*"))) {
    const ownText = Array.from(el.childNodes).some(
      (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "",
    );
    if (!ownText) continue;
    const s = getComputedStyle(el);
    const key = [s.color, s.fontSize, s.fontWeight, s.textShadow];
    for (let a: Element | null = el; a !== null; a = a.parentElement) {
      const b = getComputedStyle(a);
      key.push(b.backgroundColor, b.backgroundImage, b.opacity);
      // An opaque background hides everything behind it: `rgb(…)`, not `rgba(…, a)`.
      if (b.backgroundColor.startsWith("rgb(")) break;
    }
    const k = key.join("|");
    if (!byStyle.has(k)) byStyle.set(k, el);
  }
  (globalThis as unknown as { __contrastSample: Element[] }).__contrastSample = [
    ...byStyle.values(),
  ];
  return byStyle.size;
}

/** The elements `color-contrast` runs on: one per distinct text style of the page's current state. */
export async function contrastSample(page: Page): Promise<number> {
  return page.evaluate(sampleStyles);
}

type Axe = { run(ctx: unknown, opts: unknown): Promise<AxeResult> };

/** One line per serious or critical violation. */
function serious(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} nodes, e.g. ${JSON.stringify(v.nodes[0]?.target)})`,
    );
}

/** `color-contrast` alone, on the page's sample of styles (`contrastSample`). */
export async function contrastViolations(page: Page): Promise<string[]> {
  await inject(page);
  if ((await contrastSample(page)) === 0) return [];
  const r = await page.evaluate(() => {
    const g = globalThis as unknown as { axe: Axe; __contrastSample: Element[] };
    return g.axe.run(
      { include: g.__contrastSample },
      { resultTypes: ["violations"], runOnly: ["color-contrast"] },
    );
  });
  return serious(r.violations);
}

/** Every rule: `color-contrast` on the sample of styles, the others on the whole page. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await inject(page);
  const rest = await page.evaluate(() =>
    (globalThis as unknown as { axe: Axe }).axe.run(document, {
      resultTypes: ["violations"],
      rules: { "color-contrast": { enabled: false } },
    }),
  );
  return [...serious(rest.violations), ...(await contrastViolations(page))];
}
