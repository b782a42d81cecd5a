/**
 * The cards in a real browser (Debian's Chromium through playwright-core): every bundled card is
 * rendered, screenshotted to test-artifacts/card-<id>.png, checked for overflow at an A4-wide
 * viewport (on screen and in print media at the printable width) and with axe-core; and a card is
 * printed to PDF and read back.
 *
 * Reading the PDF back: Chromium's PDF is parsed by test/cards/pdf-text.ts (inflate the page content
 * streams, decode the glyph codes through each font's ToUnicode CMap), so the test sees the text a
 * reader would copy out of the PDF: the terrain chart's title and its terrain names must be there,
 * on the page count the PDF declares. Pages are counted from the PDF's own bytes: its `/Type /Page`
 * objects (not `/Pages`, the page tree), each with its media box. No poppler tool is needed.
 *
 * The player's card (the default of `variorum card`) of every bundled ruleset and house rule is
 * printed as the CLI prints it, on A4 and on Letter, and must be one page of that size holding its
 * allowance table; its screenshot is saved as test-artifacts/card-<id>-player.png.
 *
 * Without /usr/bin/chromium every test fails, saying how to install it (CI installs it).
 */

import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS, pdfPageCount, printPdf } from "../../compiler/cli/pdf.js";
import { PAPERS } from "../../compiler/cli/card.js";
import { listRulesetIds } from "../../compiler/cli/project.js";
import { card, html, ROOT } from "../cards/helpers.js";
import { pdfPagesText } from "../cards/pdf-text.js";
import { seriousViolations } from "./axe.js";

const ARTIFACTS = join(ROOT, "test-artifacts");
const IDS = listRulesetIds(ROOT);
/** A4 at 96 dpi: 210 mm wide; printable width with the card's 11 mm side margins: 188 mm. */
const A4 = { width: 794, height: 1123 };
const PRINTABLE = { width: 711, height: 1000 };
const MISSING = `Chromium is missing: ${CHROMIUM} was not found. Install it with \`bash scripts/install-chromium.sh\` (Debian's chromium package); CI installs it before the tests.`;

let browser: Browser | null = null;
let page: Page;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(MISSING);
  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: A4 });
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  wider: string[];
}

/** Whether anything sticks out of the page, or out of the body. */
async function overflow(p: Page): Promise<Overflow> {
  return p.evaluate(() => {
    const body = document.body.getBoundingClientRect();
    const wider: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < body.left - 0.5 || r.right > body.right + 0.5) {
        wider.push(
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${(el.getAttribute("class") ?? "").replace(/\s+/g, ".")} ${Math.round(r.left)}..${Math.round(r.right)} (body ${Math.round(body.left)}..${Math.round(body.right)})`,
        );
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      wider: wider.slice(0, 10),
    };
  });
}

describe.each(IDS)("card %s in Chromium", (id) => {
  it("renders, fits the page width on screen and in print, and passes axe-core", async () => {
    const text = html(card(id));
    await page.setViewportSize(A4);
    await page.emulateMedia({ media: "screen" });
    await page.setContent(text, { waitUntil: "load" });
    await page.screenshot({ path: join(ARTIFACTS, `card-${id}.png`), fullPage: true });

    const screen = await overflow(page);
    expect(screen.scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(screen.clientWidth);
    expect(screen.wider, "elements wider than the body").toEqual([]);

    await page.emulateMedia({ media: "print" });
    await page.setViewportSize(PRINTABLE);
    const print = await overflow(page);
    expect(
      print.scrollWidth,
      "the printed page is wider than A4 less its margins",
    ).toBeLessThanOrEqual(print.clientWidth);
    expect(print.wider, "elements wider than the body in print").toEqual([]);
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize(A4);

    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** A PDF's media boxes, in points. */
function mediaBoxes(pdf: Uint8Array): { w: number; h: number }[] {
  return [
    ...Buffer.from(pdf)
      .toString("latin1")
      .matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g),
  ].map((m) => ({ w: Number(m[1]), h: Number(m[2]) }));
}

const PAPER_POINTS = { a4: { w: 595, h: 842 }, letter: { w: 612, h: 792 } } as const;

describe.each(IDS)("the player's card of %s", (id) => {
  it("is one screenful of reference, saved as a screenshot", async () => {
    await page.emulateMedia({ media: "screen" });
    await page.setViewportSize(A4);
    await page.setContent(html(card(id, "player")), { waitUntil: "load" });
    await page.screenshot({ path: join(ARTIFACTS, `card-${id}-player.png`), fullPage: true });
    expect((await overflow(page)).wider, "elements wider than the body").toEqual([]);
  });

  it.each(PAPERS)("prints on one %s page", async (paper) => {
    const c = card(id, "player");
    const pdf = await printPdf(html(c), { browser: browser!, paper, onePage: true });
    expect(pdfPageCount(pdf)).toBe(1);
    const boxes = mediaBoxes(pdf);
    expect(boxes).toHaveLength(1);
    expect(Math.abs(boxes[0]!.w - PAPER_POINTS[paper].w)).toBeLessThan(2);
    expect(Math.abs(boxes[0]!.h - PAPER_POINTS[paper].h)).toBeLessThan(2);
    const [text] = pdfPagesText(pdf);
    expect(text).toContain("Movement allowance");
    expect(text).toContain("page 1 of 1");
  });
});

describe("card PDF", () => {
  it("prints asl-a4's full card on a few A4 pages whose text holds the terrain chart", async () => {
    const text = html(card("asl-a4"));
    expect(text).toContain('<h3 id="t-terrain-chart">Terrain cost chart</h3>');
    const pdf = await printPdf(text, { browser: browser! });
    writeFileSync(join(ARTIFACTS, "card-asl-a4.pdf"), pdf);
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(20_000);

    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(10);
    // A4 media box (595 × 842 points) on every page.
    const boxes =
      Buffer.from(pdf)
        .toString("latin1")
        .match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g) ?? [];
    expect(boxes.length).toBe(pages);
    for (const b of boxes) {
      const [, w, h] = /\[0 0 ([\d.]+) ([\d.]+)\]/.exec(b)!;
      expect(Math.abs(Number(w) - 595) < 2 && Math.abs(Number(h) - 842) < 2, b).toBe(true);
    }

    const texts = pdfPagesText(pdf);
    expect(texts).toHaveLength(pages);
    const all = texts.join("\n");
    expect(all).toContain("Advanced Squad Leader, chapter A4: Infantry Movement");
    expect(all).toContain("Terrain cost chart");
    for (const t of [
      "Open Ground",
      "Woods",
      "Building",
      "Shellholes",
      "Marsh",
      "Brush",
      "Grain",
      "Orchard",
    ])
      expect(all).toContain(t);
    expect(all).toMatch(/Marsh all \[A4\.134 EX#2\] 1 2 × all/);
    expect(all).toContain("Difficult terrain");
    expect(texts[0]).toContain(`page 1 of ${pages}`);
  });

  it("prints the same bytes for the same card, from a browser of its own as the CLI does and from one that has printed others", async () => {
    const text = html(card("sl-classic"));
    const a = await printPdf(text, { executablePath: CHROMIUM });
    const b = await printPdf(text, { browser: browser! });
    expect(Buffer.from(a).toString("latin1")).toMatch(/\/CreationDate \(D:20000101000000/);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
