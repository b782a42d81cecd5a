/**
 * Printing a card to PDF with Debian's Chromium through playwright-core, for `card --format pdf`: it
 * starts a browser process, so it lives with the CLI. playwright-core is loaded with a dynamic import
 * here only, so `variorum card --format html|md` never loads it. The caller
 * checks that the executable exists (only the CLI touches the file system) and gets a `PdfError` with
 * a hint, never a crash, when Chromium cannot be started.
 */

export const CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export const INSTALL_HINT =
  "install it with `bash scripts/install-chromium.sh` (Debian's chromium package)";

/** A PDF could not be made; the message says why and what to do. */
export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfError";
  }
}

export function chromiumMissing(executablePath: string): string {
  return `Chromium is missing: ${executablePath} was not found; ${INSTALL_HINT}, then run the command again`;
}

export interface PrintOptions {
  executablePath?: string;
  /** The page size (default A4); the card's CSS leaves the size to the printer. */
  paper?: "a4" | "letter";
  /**
   * Print on one page: when the page at full size runs over, print it again smaller, in steps of
   * 5%, down to `MIN_SCALE` (the player's card; a house rule that changes much may run long).
   */
  onePage?: boolean;
  /**
   * A Chromium already running (playwright-core's `Browser`): the card is printed in a new page of
   * it, closed afterwards, instead of a browser started for this card alone (tests print many).
   */
  browser?: PdfBrowser;
}

/** What `printPdf` uses of a running browser. */
export interface PdfBrowser {
  newPage(): Promise<unknown>;
}

/** The smallest scale a one-page print goes down to (6.9 pt type prints at 4.8 pt there). */
export const MIN_SCALE = 0.7;

interface PdfPage {
  setContent(
    html: string,
    opts?: { waitUntil?: "load" | "domcontentloaded" | "networkidle" },
  ): Promise<void>;
  close(): Promise<void>;
  pdf(opts: {
    format: string;
    scale?: number;
    printBackground: boolean;
    preferCSSPageSize?: boolean;
    tagged?: boolean;
  }): Promise<Uint8Array>;
}

/**
 * Prints `html` on A4 (or Letter) with its backgrounds, and returns the PDF bytes (creation dates
 * fixed, see below).
 */
export async function printPdf(html: string, opts: PrintOptions = {}): Promise<Uint8Array> {
  if (opts.browser) {
    const page = (await opts.browser.newPage()) as PdfPage;
    try {
      return await printOn(page, html, opts);
    } finally {
      await page.close();
    }
  }
  const executablePath = opts.executablePath ?? CHROMIUM;
  let pw: typeof import("playwright-core");
  try {
    pw = await import("playwright-core");
  } catch {
    throw new PdfError(
      "playwright-core is not installed (it is a development dependency): run `npm install`, then try again",
    );
  }
  let browser: Awaited<ReturnType<typeof pw.chromium.launch>>;
  try {
    browser = await pw.chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw new PdfError(
      `Chromium (${executablePath}) could not be started: ${first}; if it is not installed, ${INSTALL_HINT}`,
    );
  }
  try {
    return await printOn((await browser.newPage()) as unknown as PdfPage, html, opts);
  } finally {
    await browser.close();
  }
}

/** Prints `html` in `page` (see `printPdf`). */
async function printOn(page: PdfPage, html: string, opts: PrintOptions): Promise<Uint8Array> {
  try {
    await page.setContent(html, { waitUntil: "load" });
    const format = opts.paper === "letter" ? "Letter" : "A4";
    const pdf = await page.pdf({ format, printBackground: true, tagged: true });
    if (!opts.onePage || pdfPageCount(pdf) <= 1) return normalisePdf(pdf);
    const print = (step: number) =>
      page.pdf({ format, scale: scaleAt(step), printBackground: true, tagged: true });
    return normalisePdf(await largestFitting(print));
  } catch (e) {
    throw new PdfError(
      `Chromium could not print the card: ${(e instanceof Error ? e.message : String(e)).split("\n")[0]}`,
    );
  }
}

/** The scales a one-page print tries: 1, 0.95, …, MIN_SCALE (step `n` is 1 − 0.05·n). */
const STEPS = Math.round((1 - MIN_SCALE) / 0.05);
const scaleAt = (step: number): number => Math.round((1 - 0.05 * step) * 100) / 100;

/**
 * The print at the largest scale of the steps that fits one page (MIN_SCALE's when none does), given
 * that scale 1 does not. The page count only grows with the scale, so the interval is halved: about
 * three prints instead of up to seven, the same step found as by trying each in turn.
 */
async function largestFitting(print: (step: number) => Promise<Uint8Array>): Promise<Uint8Array> {
  let over = 0; // a step known to print on more than one page
  let fits = STEPS; // the answer's step when nothing smaller is found to fit
  let best: Uint8Array | undefined;
  while (fits - over > 1) {
    const mid = (over + fits) >> 1;
    const pdf = await print(mid);
    if (pdfPageCount(pdf) <= 1) [fits, best] = [mid, pdf];
    else over = mid;
  }
  return best ?? (await print(fits));
}

/**
 * Chromium stamps the PDF with the time it was made. The same card should give the same bytes, so
 * the dates are replaced by a fixed one of the same length (the cross-reference offsets stay valid).
 */
export function normalisePdf(pdf: Uint8Array): Uint8Array {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString("latin1");
  const fixed = text.replace(
    /\/(CreationDate|ModDate) \(D:(\d{14})/g,
    (_m, key: string) => `/${key} (D:20000101000000`,
  );
  return fixed === text ? bytes : Buffer.from(fixed, "latin1");
}

/** Pages in a PDF: objects of `/Type /Page` (not `/Pages`, the page tree). */
export function pdfPageCount(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString("latin1");
  return (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}
