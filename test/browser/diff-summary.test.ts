/**
 * The SL–ASL diff report as a designer opens it (issue 25), in Chromium through playwright-core:
 * "What changed" comes first, above the table; cells read in plain words with the rule as written
 * closed in a <details> until clicked; axe-core finds no serious or critical violation. Saves a
 * screenshot of the summary to test-artifacts/, and with UPDATE_GOLDEN=1 over
 * docs/images/diff-summary.png (shown in the README).
 *
 * Needs /usr/bin/chromium (scripts/install-chromium.sh); without it this test fails, saying so.
 */

import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";
import { buildReport, renderHtml, type DiffReport } from "../../compiler/diff/index.js";
import { load, ROOT, templates } from "../diff/helpers.js";

const ARTIFACTS = join(ROOT, "test-artifacts");
let browser: Browser;
let page: Page;
let report: DiffReport;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed: ${CHROMIUM} is missing; install it with \`sudo scripts/install-chromium.sh\`.`,
    );
  report = buildReport([load("sl-classic"), load("asl-a4")], { onlyDifferences: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, "diff-sl-asl.html");
  writeFileSync(file, renderHtml(report, templates()));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(pathToFileURL(file).href);
});

afterAll(async () => {
  await browser?.close();
});

describe("the SL–ASL diff report, as a designer opens it", () => {
  it("opens with what changed, above the table", async () => {
    const summary = page.locator("section.what-changed");
    await expect(summary.locator("h2").innerText()).resolves.toBe("What changed");
    await expect(summary.locator(".headline").innerText()).resolves.toMatch(
      /^\d+ rules change answers(?: \(\d+ more rows? follows? from (?:them|it)\))?; \d+ concepts are not in every ruleset\.$/,
    );
    const items = await summary.locator("ul.changes > li").allInnerTexts();
    expect(items.length).toBe(report.summary.changes.length);
    expect(items.some((t) => t.includes("asl-a4 raises IPC to 3 PP for half-squad"))).toBe(true);
    const summaryTop = await summary.evaluate((e) => e.getBoundingClientRect().top);
    const tableTop = await page
      .locator("table.diff")
      .evaluate((e) => e.getBoundingClientRect().top);
    expect(summaryTop).toBeLessThan(tableTop);
  });

  it("shows plain words, with the rule as written a click away", async () => {
    const cell = page.locator('[id="r-allowance"] td.cell').first();
    await expect(cell.locator(".v").first().innerText()).resolves.toBe(
      "the base MF plus the leader bonus minus the portage excess, never below 0 MF",
    );
    const written = cell.locator("details.written code");
    expect(await written.isVisible()).toBe(false);
    await cell.locator("details.written summary").click();
    expect(await written.isVisible()).toBe(true);
    await expect(written.innerText()).resolves.toContain("max(0 MF, base-mf");
  });

  it("has no serious or critical accessibility violation", async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("takes a screenshot of the summary (the README's, refreshed with UPDATE_GOLDEN=1)", async () => {
    // Into test-artifacts/ on every run; over docs/images/ only when goldens are refreshed, so a
    // test run never leaves the tree changed (a PNG's bytes differ from one Chromium to another).
    const out = join(ARTIFACTS, "diff-summary.png");
    const png = await page.locator("section.what-changed").screenshot({ path: out });
    // A PNG of the section: its signature, and a width and height of at least 100 px (IHDR).
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBeGreaterThan(100);
    expect(png.readUInt32BE(20)).toBeGreaterThan(100);
    if (process.env.UPDATE_GOLDEN === "1")
      copyFileSync(out, join(ROOT, "docs", "images", "diff-summary.png"));
  });
});
