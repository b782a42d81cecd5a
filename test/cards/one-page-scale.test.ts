/**
 * `printPdf`'s one-page search (compiler/cli/pdf.ts), over a stand-in page whose print runs over one
 * page above a given scale: the scale printed is the largest of 1, 0.95, …, MIN_SCALE that fits (the
 * one trying each step in turn finds), MIN_SCALE's when none fits, and a print that fits at full size
 * is printed once. In-process, no browser: test/browser/cards.test.ts prints the real cards.
 */
import { describe, expect, it } from "vitest";
import { MIN_SCALE, pdfPageCount, printPdf } from "../../compiler/cli/pdf.js";

/** A browser whose page prints `pages(scale)` pages, each print's scale recorded in `scales`. */
function standIn(pages: (scale: number) => number): {
  scales: number[];
  browser: { newPage(): Promise<unknown> };
} {
  const scales: number[] = [];
  const page = {
    setContent: async () => {},
    close: async () => {},
    pdf: async (o: { scale?: number }) => {
      const scale = o.scale ?? 1;
      scales.push(scale);
      const body = Array.from({ length: pages(scale) }, () => "<< /Type /Page >>").join("\n");
      return Buffer.from(`%PDF-1.4 scale ${scale}\n${body}\n`, "latin1");
    },
  };
  return { scales, browser: { newPage: async () => page } };
}

const STEPS = Array.from({ length: 7 }, (_, i) => Math.round((1 - 0.05 * i) * 100) / 100);

describe("a one-page print", () => {
  it.each(STEPS.slice(1))("fits a card that fits from %s down at that scale", async (fits) => {
    const { scales, browser } = standIn((s) => (s <= fits + 1e-9 ? 1 : 2));
    const pdf = await printPdf("<p>card</p>", { browser, onePage: true });
    expect(pdfPageCount(pdf)).toBe(1);
    expect(Buffer.from(pdf).toString("latin1")).toContain(`scale ${fits}\n`);
    // Full size, then the interval of six steps halved: at most 1 + 3 + 1 prints, not up to 7.
    expect(scales.length).toBeLessThanOrEqual(5);
  });

  it("prints at MIN_SCALE when no step fits", async () => {
    const { scales, browser } = standIn(() => 3);
    const pdf = await printPdf("<p>card</p>", { browser, onePage: true });
    expect(Buffer.from(pdf).toString("latin1")).toContain(`scale ${MIN_SCALE}\n`);
    expect(scales.at(-1)).toBe(MIN_SCALE);
    expect(scales.length).toBeLessThan(STEPS.length);
  });

  it("prints once at full size when it fits, and never rescales without onePage", async () => {
    const fit = standIn(() => 1);
    await printPdf("<p>card</p>", { browser: fit.browser, onePage: true });
    expect(fit.scales).toEqual([1]);
    const long = standIn(() => 4);
    const pdf = await printPdf("<p>card</p>", { browser: long.browser });
    expect(long.scales).toEqual([1]);
    expect(pdfPageCount(pdf)).toBe(4);
  });
});
