/**
 * The studio in a real browser (Chromium through playwright-core), served by the real command,
 * `variorum studio my-house.rules --no-open --port 0`, over a house rule `variorum new` wrote. Typed in
 * the editor: an override of Squad Leader's leader bonus (5.44) — the diff row and the card value
 * change; an error — underlined where it was typed, then fixed; a failing example — listed with its
 * line. A scenario is evaluated side by side, a hex clicked on the reach map, every edit is saved back
 * to the file, axe-core finds no serious or critical violation, and screenshots are saved to
 * test-artifacts/studio*.png (docs/images/studio.png in the README is a copy of studio.png).
 * A second server without a file keeps the draft in the browser across a reload.
 *
 * Needs /usr/bin/chromium (scripts/install-chromium.sh) and the built page (test/studio/setup.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import { variorum } from "../cli/run.js";
import { buildStudioPage } from "../studio/setup.js";
import { serveStudio, type Studio } from "./studio-server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ARTIFACTS = join(ROOT, "test-artifacts");

const LEADER = `
override rule leader-bonus [H1] "a leader adds only 1 MF"
  section bonuses: MF = 0 {
  exception [H1] "moving all phase with a leader" when unit.leader and unit.kind in MMC: 1
}
`;

/** How long a wait for the page (or the server) may take on a loaded machine before it fails. */
const WAIT = { timeout: 30_000 };

/**
 * Starts `variorum studio ARGS --no-open --port 0`; resolves to the URL it prints, or fails (and
 * kills it) when it exits first or prints no URL within WAIT.
 */

let browser: Browser;
let page: Page;
let dir: string;
let file: string;
let server: Studio;

const editorText = (): Promise<string> =>
  page.evaluate(
    () => (document.querySelector(".cm-content") as HTMLElement & { cmView?: unknown }).innerText,
  );
const diffFrame = () => page.frameLocator("#diff-frame");

/** Types `text` at the end of the draft (as an input method would: no auto-indent, no completion pick). */
async function append(text: string): Promise<void> {
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.insertText(text);
}

/** Waits until the pane `pane` has drawn a version newer than `after`. */
async function drawnAfter(pane: string, after: number): Promise<void> {
  await page.waitForFunction(
    ([p, v]) =>
      Number(document.getElementById(`pane-${p}`)!.dataset["version"] ?? -1) > (v as number),
    [pane, after] as const,
    WAIT,
  );
}
const version = (): Promise<number> =>
  page.evaluate(() => (window as unknown as { studio: { version: number } }).studio.version);

// The page this file opens, built here when stale (only the studio's files wait for it).
beforeAll(buildStudioPage);

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed: ${CHROMIUM} is missing; install it with \`sudo scripts/install-chromium.sh\` and run the tests again.`,
    );
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), "variorum-studio-"));
  file = join(dir, "my-house.rules");
  const made = await variorum(["new", "my-house", "--extends", "sl-classic", "-o", file]);
  expect(made.code, made.stderr).toBe(0);
  expect(existsSync(file)).toBe(true);
  server = await serveStudio([file], dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(server.url);
  await page.waitForFunction(
    () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
    null,
    WAIT,
  );
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGINT");
});

describe("variorum studio in Chromium", () => {
  it("serves on 127.0.0.1 and opens the file it was given", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await editorText()).toContain("ruleset my-house");
    await expect
      .poll(() => page.locator("#status").textContent(), WAIT)
      .toContain("my-house.rules");
    await expect
      .poll(() => page.locator("#problems").textContent(), WAIT)
      .toContain("checks clean");
    await drawnAfter("diff", 0);
    expect(await page.locator("#diff-stats").textContent()).toMatch(
      /^0 of \d+ rows differ from sl-classic/,
    );
  });

  it("an override of the leader bonus changes the diff row and the card value, and is saved back", async () => {
    const v = await version();
    await append(LEADER);
    await drawnAfter("diff", v);
    expect(await page.locator("#diff-stats").textContent()).toMatch(
      /^[1-9]\d* of \d+ rows differ from sl-classic/,
    );
    const row = diffFrame().locator('tr.row:has(th.concept a:text-is("Leader bonus"))');
    await expect.poll(() => row.getAttribute("class"), WAIT).toContain("row-changed");
    expect(await row.locator("td.cell").nth(0).textContent()).toContain("2 MF");
    expect(await row.locator("td.cell").nth(1).textContent()).toContain("1 MF");
    // Once typing rests, the full report follows: the situations where the answers differ.
    await page.waitForFunction(
      (after) => Number(document.getElementById("pane-diff")!.dataset["situations"] ?? -1) > after,
      v,
      WAIT,
    );
    await expect
      .poll(() => diffFrame().locator("body").textContent(), WAIT)
      .toMatch(/Squad, leader: sl-classic 2 MF[\s\S]*my-house 1 MF/);
    await page.click("#tab-card");
    await drawnAfter("card", v);
    const card = page.frameLocator("#card-frame");
    expect(await card.locator("body").textContent()).toMatch(/was 6\s?MF/);
    await expect.poll(() => readFileSync(file, "utf8"), WAIT).toContain("a leader adds only 1 MF");
    await page.screenshot({ path: join(ARTIFACTS, "studio-card.png") });
    await page.click("#tab-diff");
    await page.screenshot({ path: join(ARTIFACTS, "studio.png") });
  });

  it("underlines an error where it was typed, lists it with its line, and clears it when fixed", async () => {
    // The text as saved (the previous test waited for the save): lines as the editor numbers them.
    const lines = readFileSync(file, "utf8").split("\n");
    const line = lines.findIndex((l) => l.includes("when unit.leader and unit.kind in MMC: 1")) + 1;
    expect(line).toBeGreaterThan(0);
    // Type a misspelling over `leader` in that line.
    await page.getByText("when unit.leader and unit.kind in MMC: 1").click();
    await page.keyboard.press("End");
    const text = lines[line - 1]!;
    const back = text.length - (text.indexOf("unit.leader") + "unit.".length);
    for (let i = 0; i < back; i++) await page.keyboard.press("ArrowLeft");
    await page.keyboard.type("x");
    const underline = page.locator(".cm-lintRange-error").first();
    await underline.waitFor({ state: "visible", ...WAIT });
    expect(await underline.textContent()).toContain("xleader");
    await expect.poll(() => page.locator("#problems").textContent(), WAIT).toContain(`${line}:`);
    expect(await page.locator("#stale").isHidden()).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, "studio-error.png") });
    await page.keyboard.press("Backspace");
    await expect.poll(() => page.locator(".cm-lintRange-error").count(), WAIT).toBe(0);
    await expect
      .poll(() => page.locator("#problems").textContent(), WAIT)
      .toContain("checks clean");
  });

  it("lists a failing example and takes the cursor to it", async () => {
    const v = await version();
    await append(
      '\nexample [H1] "a squad with a leader keeps 6 MF" {\n  unit { kind: squad, leader: true }\n  expect allowance = 6\n}\n',
    );
    await page.click("#tab-examples");
    await drawnAfter("examples", v);
    const failing = page.locator("#examples li.fail");
    await expect.poll(() => failing.count(), WAIT).toBe(1);
    expect(await failing.textContent()).toContain("a squad with a leader keeps 6 MF");
    await failing.locator("button.goto").click();
    const at = await page.evaluate(
      () => document.querySelector(".cm-activeLine")?.textContent ?? "",
    );
    expect(at).toContain('example [H1] "a squad with a leader keeps 6 MF"');
    // Remove it again (undo the insertion).
    await page.keyboard.press("Control+z");
    await expect.poll(() => editorText(), WAIT).not.toContain("keeps 6 MF");
  });

  it("evaluates a scenario side by side with the base", async () => {
    await page.click("#tab-scenario");
    await page.fill(
      "#scenario-text",
      JSON.stringify(
        {
          name: "A squad with its leader",
          unit: { kind: "squad", leader: true },
          path: [{ terrain: "open-ground" }, { terrain: "woods" }],
        },
        null,
        2,
      ),
    );
    const answers = page.locator("#scenario-out .answer");
    await expect
      .poll(() => page.locator("#scenario-out h2").textContent(), WAIT)
      .toBe("A squad with its leader");
    expect(await answers.count()).toBe(2);
    expect(await answers.nth(0).textContent()).toContain("Allowance 6 MF");
    expect(await answers.nth(1).textContent()).toContain("Allowance 5 MF");
    expect(await answers.nth(1).textContent()).toMatch(/Spent 3 of 5 MF: legal/);
    await page.screenshot({ path: join(ARTIFACTS, "studio-scenario.png") });
  });

  it("moves the start of the reach map to a clicked hex", async () => {
    await page.click("#tab-reach");
    await page.locator("#reach-out svg").waitFor({ state: "visible", ...WAIT });
    expect(await page.locator("#reach-counts").textContent()).toContain("From B3");
    await page.locator("#reach-out g.panel").first().locator('g.hex[data-hex="E5"]').click();
    await expect.poll(() => page.locator("#reach-counts").textContent(), WAIT).toContain("From E5");
    expect(await page.inputValue("#reach-from")).toBe("E5");
    await page.screenshot({ path: join(ARTIFACTS, "studio-reach.png") });
  });

  it("hovers with citations, completes names, and lists the outline", async () => {
    // The middle of the word `leader-bonus` in `override rule leader-bonus …`, found through a DOM Range.
    const at = await page.evaluate(() => {
      const line = [...document.querySelectorAll(".cm-line")].find((l) =>
        l.textContent!.startsWith("override rule leader-bonus"),
      )!;
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const i = n.textContent!.indexOf("leader-bonus");
        if (i < 0) continue;
        const r = document.createRange();
        r.setStart(n, i + 2);
        r.setEnd(n, i + 8);
        const b = r.getBoundingClientRect();
        return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }
      return null;
    });
    expect(at).not.toBeNull();
    await page.mouse.move(at!.x, at!.y);
    const tip = page.locator(".cm-tooltip-hover");
    await tip.waitFor({ state: "visible", ...WAIT });
    expect(await tip.textContent()).toContain("H1");
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+End");
    const before = await editorText();
    await page.keyboard.type('\nexample [H1] "x" { unit { kind: squad } expect leader-b');
    const options = page.locator(".cm-tooltip-autocomplete li");
    await expect
      .poll(() => options.allTextContents(), WAIT)
      .toContainEqual(expect.stringContaining("leader-bonus"));
    await page.keyboard.press("Escape");
    // Undo the typing. CodeMirror groups keystrokes into undo steps by the time between them, so
    // how many steps the typing took depends on the machine's load: undo until the text is back.
    for (let i = 0; i < 60 && (await editorText()) !== before; i++)
      await page.keyboard.press("Control+z");
    expect(await editorText()).toBe(before);
    // The outline follows the text once the page has analysed it again.
    await expect.poll(() => page.locator("#outline").textContent(), WAIT).toContain("leader-bonus");
  });

  it("starts a house rule from the gallery and carries a draft in a share link", async () => {
    const second = await serveStudio([], dir);
    const p = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await p.goto(second.url);
      await p.waitForFunction(
        () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
        null,
        WAIT,
      );
      await p.click("#open-gallery");
      await p.fill("#new-id", "tide-house");
      await p
        .locator('#gallery-list li[data-id="tide-of-iron"] button', { hasText: "New house rule" })
        .click();
      await expect
        .poll(() => p.locator(".cm-content").innerText(), WAIT)
        .toContain("ruleset tide-house");
      expect(await p.locator(".cm-content").innerText()).toContain("extends tide-of-iron");
      await expect.poll(() => p.locator("#compare").inputValue(), WAIT).toBe("tide-of-iron");
      await expect.poll(() => p.locator("#problems").textContent(), WAIT).toContain("checks clean");
      await p.click("#share");
      await expect
        .poll(() => p.evaluate(() => location.hash), WAIT)
        .toMatch(/^#src=[A-Za-z0-9_-]+$/);
      const link = p.url();
      await p.evaluate(() => localStorage.clear());
      const q = await browser.newPage();
      try {
        await q.goto(link);
        await q.waitForFunction(
          () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
          null,
          WAIT,
        );
        expect(await q.locator(".cm-content").innerText()).toContain("ruleset tide-house");
      } finally {
        await q.close();
      }
    } finally {
      await p.close();
      second.proc.kill("SIGINT");
    }
  });

  it("has no serious or critical accessibility violations (axe-core)", async () => {
    await page.click("#tab-diff");
    expect(await seriousViolations(page)).toEqual([]);
  }, 120_000);

  it("without a file, keeps the draft in the browser across a reload", async () => {
    const second = await serveStudio([], dir);
    const p = await browser.newPage();
    try {
      await p.goto(second.url);
      await p.waitForFunction(
        () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
        null,
        WAIT,
      );
      expect(await p.locator("#status").textContent()).toContain("kept in this browser");
      await p.locator(".cm-content").click();
      await p.keyboard.press("Control+End");
      await p.keyboard.insertText("\n# kept across a reload\n");
      // Kept once the page has stored it (it stores the draft a moment after typing rests).
      await p.waitForFunction(
        (key) => localStorage.getItem(key)?.includes("# kept across a reload") === true,
        "variorum-studio:draft",
        WAIT,
      );
      await p.reload();
      await p.waitForFunction(
        () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
        null,
        WAIT,
      );
      expect(await p.locator(".cm-content").innerText()).toContain("# kept across a reload");
    } finally {
      await p.close();
      second.proc.kill("SIGINT");
    }
  });
});
