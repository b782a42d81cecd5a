/**
 * The studio and the user's data, in Chromium (issue 23 items 12–13, issue 26 point 5): opening FILE
 * never writes it (a CRLF file is byte-identical after load, and no "saved" is shown); "New house
 * rule from this" with FILE open asks first and writes a new file beside it, never over the open one
 * (nor over an existing file); a share link never loses the draft kept in the browser ("Back to my
 * draft" swaps them) and a bad link's warning stays; plus the page's details — hover without Markdown
 * escapes, one "only differences" checkbox, the reach pane counting hexes as the map's caption does,
 * the diff's status column inside the pane at 1440 px, and a message (not a blank page) from file://.
 *
 * Needs /usr/bin/chromium and the built page (built in beforeAll by test/studio/setup.ts when stale).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";
import { variorum } from "../cli/run.js";
import { buildStudioPage } from "../studio/setup.js";
import { serveStudio, type Studio } from "./studio-server.js";
import { encodeDraft } from "../../studio/page/share.js";

const ROOT = join(import.meta.dirname, "..", "..");
const WAIT = { timeout: 30_000 };

async function ready(p: Page): Promise<void> {
  await p.waitForFunction(
    () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
    null,
    WAIT,
  );
}
/** Waits until the pane has drawn the text's current version (the page has settled after load). */
async function settled(p: Page, pane = "diff"): Promise<void> {
  await p.waitForFunction(
    (name) =>
      Number(document.getElementById(`pane-${name}`)!.dataset["version"] ?? -1) ===
      (window as unknown as { studio: { version: number } }).studio.version,
    pane,
    WAIT,
  );
}

let browser: Browser;
let dir: string;
let file: string;
let bytes: Buffer;
let withFile: Studio;
let noFile: Studio;

// The page this file opens, built here when stale (only the studio's files wait for it).
beforeAll(buildStudioPage);

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed: ${CHROMIUM} is missing`);
  dir = mkdtempSync(join(tmpdir(), "variorum-studio-files-"));
  file = join(dir, "my-house.rules");
  const made = await variorum(["new", "my-house", "--extends", "sl-classic", "-o", file]);
  expect(made.code, made.stderr).toBe(0);
  // Saved on Windows: CRLF line endings.
  bytes = Buffer.from(readFileSync(file, "utf8").replace(/\n/g, "\r\n"), "utf8");
  writeFileSync(file, bytes);
  [withFile, noFile] = await Promise.all([serveStudio([file], dir), serveStudio([], dir)]);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
});

afterAll(async () => {
  await browser?.close();
  withFile?.proc.kill("SIGINT");
  noFile?.proc.kill("SIGINT");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the studio and the user's files", () => {
  it("opening FILE never writes it: a CRLF file is unchanged on disk, and no 'saved' is shown", async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await p.goto(withFile.url);
      await ready(p);
      await settled(p);
      expect(await p.locator("#status").textContent()).toMatch(/^editing .*my-house\.rules/);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    } finally {
      await p.close();
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  // Issue 45, item 1: an edit made in another editor is never overwritten unseen.
  it("asks when FILE changed on disk since the page loaded it: nothing saved until the author chooses", async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const theirs = bytes.toString("utf8") + "# changed in another editor\r\n";
    try {
      await p.goto(withFile.url);
      await ready(p);
      await settled(p);
      writeFileSync(file, theirs);
      await p.locator(".cm-content").click();
      await p.keyboard.press("Control+End");
      await p.keyboard.insertText("\n# typed in the page\n");
      await p.locator("#conflict").waitFor({ state: "visible", ...WAIT });
      expect(await p.locator("#conflict").innerText()).toMatch(
        /changed on disk since this page loaded it/,
      );
      expect(await p.locator("#status").textContent()).toMatch(/^not saved/);
      expect(readFileSync(file, "utf8")).toBe(theirs);
      // Show both, then reload: the page takes the disk's text, and nothing was written.
      await p.locator("#conflict-both").click();
      expect(await p.locator("#conflict-disk").innerText()).toContain(
        "# changed in another editor",
      );
      await p.locator("#conflict-reload").click();
      await expect
        .poll(() => p.locator(".cm-content").innerText(), WAIT)
        .toContain("# changed in another editor");
      expect(await p.locator(".cm-content").innerText()).not.toContain("# typed in the page");
      expect(readFileSync(file, "utf8")).toBe(theirs);
    } finally {
      await p.close();
      writeFileSync(file, bytes);
    }
  });

  it("'New house rule from this' asks, then writes a new file beside FILE, never over it", async () => {
    const p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const asked: string[] = [];
    p.on("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    try {
      await p.goto(withFile.url);
      await ready(p);
      await settled(p);
      const make = async (id: string): Promise<void> => {
        await p.click("#open-gallery");
        await p.fill("#new-id", id);
        await p
          .locator('#gallery-list li[data-id="asl-a4"] button', { hasText: "New house rule" })
          .click();
      };
      await make("my-other");
      await expect.poll(() => p.locator("#status").textContent(), WAIT).toMatch(/^wrote /);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain("my-other.rules");
      const other = join(dir, "my-other.rules");
      expect(readFileSync(other, "utf8")).toContain("extends asl-a4");
      // The editor stays on the open file, which is untouched.
      expect(await p.locator(".cm-content").innerText()).toContain("ruleset my-house");
      expect(readFileSync(file).equals(bytes)).toBe(true);
      // The open file's own id: refused, the file untouched; the new file is not overwritten either.
      const made = readFileSync(other);
      await make("my-house");
      await expect
        .poll(() => p.locator("#status").textContent(), WAIT)
        .toMatch(/^no new file written: .*my-house\.rules already exists/);
      await make("my-other");
      await expect
        .poll(() => p.locator("#status").textContent(), WAIT)
        .toMatch(/^no new file written: .*my-other\.rules already exists/);
      expect(readFileSync(file).equals(bytes)).toBe(true);
      expect(readFileSync(other).equals(made)).toBe(true);
    } finally {
      await p.close();
    }
  });

  it("a share link keeps the stored draft ('Back to my draft' swaps them); a bad link's warning stays", async () => {
    const ctx = await browser.newContext();
    try {
      const p = await ctx.newPage();
      await p.goto(noFile.url);
      await ready(p);
      await p.click("#share");
      await expect.poll(() => p.evaluate(() => location.hash), WAIT).toMatch(/^#src=/);
      const link = p.url();
      const shared = await p.evaluate(() => localStorage.getItem("variorum-studio:draft"));
      expect(shared).toContain("ruleset my-house");
      // This browser's own draft, different from the shared one.
      const mine = 'ruleset mine "my own draft"\n  extends sl-classic\n';
      await p.evaluate((t) => localStorage.setItem("variorum-studio:draft", t), mine);
      await p.close();

      const q = await ctx.newPage();
      await q.goto(link);
      await ready(q);
      expect(await q.locator(".cm-content").innerText()).toContain("ruleset my-house");
      expect(await q.locator("#status").textContent()).toContain("your own draft is kept");
      expect(await q.evaluate(() => localStorage.getItem("variorum-studio:other-draft"))).toBe(
        mine,
      );
      await q.click("#swap-draft");
      await expect.poll(() => q.locator(".cm-content").innerText(), WAIT).toContain("ruleset mine");
      expect(await q.evaluate(() => localStorage.getItem("variorum-studio:other-draft"))).toBe(
        shared,
      );
      await q.close();

      const r = await ctx.newPage();
      await r.goto(`${noFile.url}#src=not-a-draft`);
      await ready(r);
      await settled(r);
      expect(await r.locator("#status").textContent()).toContain(
        "the share link could not be read",
      );
      await r.close();
    } finally {
      await ctx.close();
    }
  });
});

describe("share links and the FILE (issue 44, item 11)", () => {
  it("a link opened on a studio with FILE says the file is kept; 'Open link' takes a link from any port", async () => {
    const draft = 'ruleset shared-one "a shared draft"\n  extends sl-classic\n';
    const fragment = `#src=${await encodeDraft(draft)}`;
    const ctx = await browser.newContext();
    try {
      const p = await ctx.newPage();
      await p.goto(`${withFile.url}${fragment}`);
      await ready(p);
      expect(await p.locator("#status").textContent()).toMatch(
        /^the share link was not opened: this studio edits .*my-house\.rules, saved back on every change/,
      );
      expect(await p.locator(".cm-content").innerText()).toContain("ruleset my-house");
      expect(readFileSync(file, "utf8")).not.toContain("shared-one");
      await p.close();

      // The link was made by a studio on another port: its fragment is all that matters.
      const q = await ctx.newPage();
      await q.goto(noFile.url);
      await ready(q);
      q.once("dialog", (d) => void d.accept(`http://127.0.0.1:1/${fragment}`));
      await q.click("#open-link");
      await expect
        .poll(() => q.locator(".cm-content").innerText(), WAIT)
        .toContain("ruleset shared-one");
      expect(await q.locator("#status").textContent()).toContain("your own draft is kept");
      expect(await q.locator("#swap-draft").isVisible()).toBe(true);
      await q.close();
    } finally {
      await ctx.close();
    }
  });
});

describe("the studio page's details", () => {
  let p: Page;
  beforeAll(async () => {
    p = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await p.goto(noFile.url);
    await ready(p);
    // An override the allowance follows from: its status badge is the longest (`≈ follows from …`).
    await p.locator(".cm-content").click();
    await p.keyboard.press("Control+End");
    await p.keyboard.insertText(
      '\noverride rule leader-bonus [H1] "a leader adds only 1 MF"\n  section bonuses: MF = 0\n',
    );
    await p.waitForFunction(
      () => (window as unknown as { studio: { version: number } }).studio.version > 1,
      null,
      WAIT,
    );
    await settled(p);
    await p.waitForFunction(
      () =>
        [
          ...((
            document.getElementById("diff-frame") as HTMLIFrameElement
          ).contentDocument?.querySelectorAll("td.status") ?? []),
        ].some((td) => td.textContent!.includes("follows from")),
      null,
      WAIT,
    );
  });
  afterAll(() => p?.close());

  it("hovers without Markdown escapes", async () => {
    // The name after `override rule` (an inherited rule, cited): where its second character is drawn.
    const at = await p.evaluate(() => {
      const line = [...document.querySelectorAll(".cm-line")].find((l) =>
        l.textContent!.startsWith("override rule "),
      );
      if (!line) return null;
      // The highlighter splits the line into spans: walk its text to the 16th character.
      const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      let left = 15;
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const len = n.textContent!.length;
        if (left < len) {
          const range = document.createRange();
          range.setStart(n, left);
          range.setEnd(n, left + 1);
          const r = range.getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        }
        left -= len;
      }
      return null;
    });
    expect(at).not.toBeNull();
    await p.mouse.move(at!.x, at!.y);
    const tip = p.locator(".cm-tooltip-hover");
    await expect.poll(() => tip.textContent(), WAIT).toMatch(/\[\d+(\.\d+)*\]/);
    expect(await tip.textContent()).not.toContain("\\");
  });

  it("shows one 'only differences' checkbox, and the diff's status column inside the pane", async () => {
    const frame = p.frameLocator("#diff-frame");
    await expect.poll(() => frame.locator("table.diff").count(), WAIT).toBe(1);
    expect(await frame.locator(".toggle-input").isVisible()).toBe(false);
    expect(await p.locator("#only-differences").isVisible()).toBe(true);
    // Every status badge inside the pane (one that follows from another rule is long).
    const badges = await frame
      .locator("td.status .badge")
      .evaluateAll((bs) =>
        bs.map(
          (b) => b.getBoundingClientRect().right <= b.ownerDocument.documentElement.clientWidth,
        ),
      );
    expect(badges.length).toBeGreaterThan(0);
    expect(badges.filter((ok) => !ok)).toEqual([]);
    const fits = await frame
      .locator("table.diff thead th")
      .last()
      .evaluate(
        (th) => th.getBoundingClientRect().right <= th.ownerDocument.documentElement.clientWidth,
      );
    expect(fits).toBe(true);
  });

  it("counts the reachable hexes as the map's caption does", async () => {
    await p.click("#tab-reach");
    await settled(p, "reach");
    const counts = (await p.locator("#reach-counts").textContent())!;
    const captions = await p.locator("#reach-out .panel-sub").allTextContents();
    expect(captions.length).toBeGreaterThan(0);
    for (const c of captions) {
      const [, id, n] = /^(\S+) · .* · (\d+) hex(?:es)? reachable/.exec(c)!;
      expect(counts).toMatch(new RegExp(`${id} reaches ${n} hex(es)?[;.]`));
    }
  });

  it("says why it cannot run when opened from file://", async () => {
    const f = await browser.newPage();
    try {
      await f.goto(pathToFileURL(join(ROOT, "dist", "studio-page", "index.html")).href);
      const msg = f.locator("#cannot-run");
      await expect.poll(() => msg.isVisible(), WAIT).toBe(true);
      expect(await msg.textContent()).toContain("cannot run from a file:// address");
    } finally {
      await f.close();
    }
  });
});
