/**
 * The HTML diff report in a real browser (Chromium through playwright-core): the rows are there, the
 * differences-only toggle works without script, a screenshot is saved to test-artifacts/diff.png, and
 * axe-core finds no serious or critical accessibility violation (contrast checked on one element of
 * each distinct text style, test/browser/axe.ts; a faint cell deep in the table is caught).
 *
 * Needs /usr/bin/chromium: CI installs it with scripts/install-chromium.sh. Without it this test
 * fails (it does not skip), saying how to install it.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contrastViolations, seriousViolations } from "./axe.js";
import { buildReport, renderHtml, type DiffReport } from "../../compiler/diff/index.js";
import { runSuite } from "../../compiler/engine/index.js";
import { FIVE, load, ROOT, templates } from "../diff/helpers.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";

const ARTIFACTS = join(ROOT, "test-artifacts");

let browser: Browser;
let report: DiffReport;
let house: DiffReport;
let page: Page;

function write(name: string, r: DiffReport): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, name);
  writeFileSync(file, renderHtml(r, templates()));
  return pathToFileURL(file).href;
}

function scenarioFiles(): { file: string; text: string }[] {
  const dir = join(ROOT, "scenarios");
  return (existsSync(dir) ? readdirSync(dir) : [])
    .filter((n) => n.endsWith(".json"))
    .sort()
    .map((n) => ({ file: `scenarios/${n}`, text: readFileSync(join(dir, n), "utf8") }));
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed: ${CHROMIUM} is missing. The browser test needs it; install it with ` +
        "`sudo scripts/install-chromium.sh` (Debian: apt-get install chromium) and run the tests again.",
    );
  }
  const irs = FIVE.map(load);
  report = buildReport(irs);
  report.scenarios = runSuite(irs, scenarioFiles());
  house = buildReport([load("sl-classic"), load("sl-house")]);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(write("diff.html", report));
});

afterAll(async () => {
  await browser?.close();
});

const visibleRows = (p: Page, cls: string) =>
  p
    .locator(`table.diff tr.row.${cls}`)
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);

describe("the HTML diff report in Chromium", () => {
  it(`shows a column per ruleset (${FIVE.join(", ")}) and a row per concept`, async () => {
    const heads = await page.locator("table.diff thead th").allInnerTexts();
    expect(heads.length).toBe(FIVE.length + 2);
    FIVE.forEach((id, i) => expect(heads[i + 1]).toContain(id));
    expect(await page.locator("table.diff tr.row").count()).toBe(report.rows.length);
    for (const r of report.rows.slice(0, 20))
      expect(await page.locator(`[id="${r.id}"]`).count()).toBe(1);
    // The woods row, whatever each ruleset calls woods.
    const woods = report.rows.find(
      (r) => r.concept.includes("terrain") && r.label.endsWith(": Woods"),
    );
    expect(woods).toBeDefined();
    await expect(page.locator(`[id="${woods!.id}"] th`).innerText()).resolves.toContain("Woods");
    expect(await page.locator("cite").count()).toBeGreaterThan(report.rows.length);
  });

  it("keeps the ruleset header visible when scrolling", async () => {
    expect(
      await page
        .locator("table.diff thead th")
        .first()
        .evaluate((e) => getComputedStyle(e).position),
    ).toBe("sticky");
    await page.evaluate(() => window.scrollTo(0, 3000));
    const top = await page
      .locator("table.diff thead th")
      .first()
      .evaluate((e) => e.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(2);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it("saves a screenshot", async () => {
    await page.screenshot({ path: join(ARTIFACTS, "diff.png") });
    expect(existsSync(join(ARTIFACTS, "diff.png"))).toBe(true);
  });

  it("hides rows that are the same everywhere when the toggle is checked, with no script", async () => {
    expect(await page.locator("script").count()).toBe(0);
    const p = await browser.newPage({
      viewport: { width: 1200, height: 900 },
      javaScriptEnabled: false,
    });
    try {
      await p.goto(write("diff-house.html", house));
      const same = house.rows.filter((r) => r.status === "same").length;
      const other = house.rows.length - same;
      expect(same).toBeGreaterThan(0);
      expect(await visibleRows(p, "row-same")).toBe(same);
      await p.locator('label[for="only-diff"]').click();
      expect(await p.locator("#only-diff").isChecked()).toBe(true);
      expect(await visibleRows(p, "row-same")).toBe(0);
      expect((await visibleRows(p, "row-changed")) + (await visibleRows(p, "row-partial"))).toBe(
        other,
      );
      await p.locator('label[for="only-diff"]').click();
      expect(await visibleRows(p, "row-same")).toBe(same);
    } finally {
      await p.close();
    }
  });

  it("has no serious or critical accessibility violations (axe-core)", async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("checks the contrast of a style that only one cell deep in the report has (axe's sample of styles)", async () => {
    // test/browser/axe.ts runs color-contrast on one element per distinct text style: the last
    // citation of the five-way table, given a faint colour of its own, must be sampled, and fail.
    const restyled = page.locator("table.diff tr.row cite").last();
    await restyled.evaluate((e) => (e as HTMLElement).style.setProperty("color", "#d0d0d0"));
    try {
      const found = await contrastViolations(page);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^serious color-contrast: /);
    } finally {
      await restyled.evaluate((e) => (e as HTMLElement).style.removeProperty("color"));
    }
  });
});
