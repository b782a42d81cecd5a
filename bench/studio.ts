/**
 * The studio's figures: the first load's size (every script, style and preload index.html names,
 * gzip -9) and the keystroke-to-updated-diff latency in Chromium, as an author sees it: the studio
 * served by `startStudio` over a copy of asl-a4.rules (1,482 lines), 20 one-character edits of a
 * value the diff reads (A4.12's leader bonus, 2 ↔ 3), each timed in the page from the keydown to the
 * end of the diff pane's redraw (the report frame loaded). Needs the built page and /usr/bin/chromium.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startStudio } from "../studio/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../compiler/cli/pdf.js";
import { median } from "./timing.js";

export interface StudioFigures {
  studioFirstLoadKB: number;
  studioFirstLoadFiles: number;
  studioDiffMs: number;
  studioEdits: number;
}

/** The gzip size of what the first load fetches: index.html and every asset it references. */
export function firstLoad(dir: string): { kb: number; files: number } {
  const html = readFileSync(join(dir, "index.html"));
  const refs = [...html.toString().matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
  const names = [...new Set(refs)];
  const bytes =
    gzipSync(html, { level: 9 }).length +
    names.reduce((n, f) => n + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files: names.length + 1 };
}

export async function studioFigures(
  root: string,
  edits = 20,
): Promise<StudioFigures | { skipped: string }> {
  const dir = join(root, "dist", "studio-page");
  if (!existsSync(join(dir, "index.html")))
    return { skipped: "the studio is not built (npm run build:studio)" };
  if (!existsSync(CHROMIUM)) return { skipped: `no ${CHROMIUM} (scripts/install-chromium.sh)` };
  const load = firstLoad(dir);
  const work = mkdtempSync(join(tmpdir(), "variorum-bench-"));
  const file = join(work, "asl-a4-copy.rules");
  copyFileSync(join(root, "rulesets", "asl-a4.rules"), file);
  const text = readFileSync(file, "utf8").split("\n");
  const line = text.findIndex((l) =>
    /when unit\.kind in MMC and unit\.leader and not unit\.broken: 2 \{$/.test(l),
  );
  if (line < 0) throw new Error("the A4.12 leader bonus line moved: update bench/studio.ts");
  const server = await startStudio({ dir, file, port: 0, cwd: work });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url);
    await page.waitForFunction(
      () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
      null,
      { timeout: 60_000 },
    );
    await page.evaluate(() =>
      document.addEventListener(
        "keydown",
        () => ((window as unknown as { keyAt: number }).keyAt = performance.now()),
        true,
      ),
    );
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < line; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    const times: number[] = [];
    for (let k = 0; k < edits + 3; k++) {
      const v = await page.evaluate(
        () => (window as unknown as { studio: { version: number } }).studio.version,
      );
      await page.keyboard.press("Shift+ArrowLeft");
      await page.keyboard.type(k % 2 === 0 ? "3" : "2");
      await page.waitForFunction(
        (after) => Number(document.getElementById("pane-diff")!.dataset["version"] ?? -1) > after,
        v,
        { timeout: 30_000 },
      );
      const ms = await page.evaluate(() => {
        const w = window as unknown as { keyAt: number; studio: { last: { at: number } } };
        return w.studio.last.at - w.keyAt;
      });
      if (k >= 3) times.push(ms); // the first edits warm the JIT
    }
    return {
      studioFirstLoadKB: load.kb,
      studioFirstLoadFiles: load.files,
      studioDiffMs: Math.round(median(times) * 10) / 10,
      studioEdits: times.length,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
