/**
 * The studio's reach pane in Chromium (issue 24 items 3–4): "all units of side friendly/enemy" on the
 * bundled map that places units (maps/skirmish.json) draws, per ruleset and per hex, the counts the
 * CLI's `reach RULESETS maps/skirmish.json --all [--side enemy] --format json` gives for the same
 * rulesets (`!` where the stacking limit does not let them all end there); a unit per ruleset draws
 * an SL squad (the draft, a house rule over SL) and a Chain of Command team side by side, reaching
 * what the CLI's `--unit chain-of-command=JSON` reaches; a bad unit of its own is the CLI's
 * diagnostic, located in its field.
 *
 * Served by the real command, `variorum studio my-house.rules --no-open --port 0`, over the house
 * rule `variorum new` writes. Needs /usr/bin/chromium and the built page (test/studio/setup.ts).
 */
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";
import type { ReachReport } from "../../compiler/reach/report.js";
import type { UnitsReport } from "../../compiler/reach/units.js";
import { variorum } from "../cli/run.js";
import { buildStudioPage } from "../studio/setup.js";
import { serveStudio, type Studio } from "./studio-server.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ARTIFACTS = join(ROOT, "test-artifacts");
const SKIRMISH = join(ROOT, "maps", "skirmish.json");
const CROSSROADS = join(ROOT, "maps", "crossroads.json");
const TEAM = '{"kind":"team","rate":"normal"}';
const WAIT = { timeout: 30_000 };

let browser: Browser;
let page: Page;
let dir: string;
let server: Studio;

/** The CLI's answer, run from the house rule's folder (so `my-house.rules` names the draft). */
async function cliJson<T>(args: string[]): Promise<T> {
  const r = await variorum([...args, "--format", "json"], { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** Per panel of the pane's drawing, per hex: the value printed in it (only hexes that print one). */
function printed(): Promise<Record<string, Record<string, string>>> {
  return page.evaluate(() => {
    const out: Record<string, Record<string, string>> = {};
    for (const panel of document.querySelectorAll("#reach-out g.panel")) {
      const hexes: Record<string, string> = {};
      let name: string | null = null;
      for (const t of panel.querySelectorAll("g.labels text")) {
        if (t.classList.contains("name")) name = t.textContent;
        else if (t.classList.contains("cost") && name !== null) hexes[name] = t.textContent ?? "";
      }
      out[panel.getAttribute("data-ruleset") ?? ""] = hexes;
    }
    return out;
  });
}

/** Changes a control and waits for the reach pane to draw again. */
async function redraw(change: () => Promise<unknown>): Promise<void> {
  const before = Number((await page.locator("#pane-reach").getAttribute("data-version")) ?? -1);
  const drawn = await page.evaluate(
    () => (window as unknown as { studio: { last: { at: number } | null } }).studio.last?.at ?? 0,
  );
  await change();
  await page.waitForFunction(
    ([v, at]) => {
      const s = (window as unknown as { studio: { last: { pane: string; at: number } | null } })
        .studio.last;
      return (
        s !== null &&
        s.pane === "reach" &&
        s.at > (at as number) &&
        Number(document.getElementById("pane-reach")!.dataset["version"] ?? -1) >= (v as number)
      );
    },
    [before, drawn] as const,
    WAIT,
  );
}

// The page this file opens, built here when stale (only the studio's files wait for it).
beforeAll(buildStudioPage);

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed: ${CHROMIUM} is missing; install it with \`sudo scripts/install-chromium.sh\` and run the tests again.`,
    );
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), "variorum-studio-reach-"));
  const made = await variorum(
    ["new", "my-house", "--extends", "sl-classic", "-o", "my-house.rules"],
    {
      cwd: dir,
    },
  );
  expect(made.code, made.stderr).toBe(0);
  server = await serveStudio(["my-house.rules"], dir);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(server.url);
  await page.waitForFunction(
    () => (window as unknown as { studio?: { ready: boolean } }).studio?.ready === true,
    null,
    WAIT,
  );
  await page.click("#tab-reach");
  await page.locator("#reach-out svg").waitFor({ state: "visible", ...WAIT });
});

afterAll(async () => {
  await browser?.close();
  server?.proc.kill("SIGINT");
});

describe("the studio's reach pane: all units of a side, and a unit per ruleset", () => {
  for (const side of ["friendly", "enemy"] as const)
    it(`all units of side ${side} on maps/skirmish.json: the counts of the CLI's --all${side === "enemy" ? " --side enemy" : ""}`, async () => {
      await redraw(() => page.selectOption("#compare", "asl-a4"));
      await redraw(() => page.selectOption("#reach-map", "skirmish"));
      await redraw(() => page.selectOption("#reach-mode", side));
      expect(await page.locator("#reach-one").isHidden()).toBe(true);
      const cli = await cliJson<UnitsReport>([
        "reach",
        "asl-a4,my-house.rules",
        SKIRMISH,
        "--all",
        ...(side === "enemy" ? ["--side", "enemy"] : []),
      ]);
      const want = Object.fromEntries(
        cli.results.map((r) => [
          r.ruleset,
          Object.fromEntries(
            Object.entries(r.hexes).map(([hex, h]) => [
              hex,
              `${h.count}${h.withinLimit === false ? "!" : ""}`,
            ]),
          ),
        ]),
      );
      expect(Object.keys(want)).toEqual(["asl-a4", "my-house"]);
      expect(await printed()).toEqual(want);
      // The counts line says what the JSON says: units moved, hexes, the limit's verdict.
      const counts = (await page.locator("#reach-counts").textContent()) ?? "";
      for (const r of cli.results) {
        const n = Object.keys(r.hexes).length;
        expect(counts).toContain(`${r.ruleset} ${r.units.length} units, ${n} hexes, `);
        expect(counts).toContain(
          r.stacking === null
            ? `${r.ruleset} ${r.units.length} units, ${n} hexes, no stacking limit in the bundled text`
            : `${r.overLimit.length} over the stacking limit [${r.stacking.cite}]`,
        );
      }
      // Hovering names the units that may end in a hex, as the JSON lists them.
      const [hex, h] = Object.entries(cli.results[1]!.hexes)[0]!;
      const title = await page
        .locator(`#reach-out g.panel[data-ruleset="my-house"] g.hex[data-hex="${hex}"] > title`)
        .textContent();
      expect(title).toContain(`my-house: ${h.count} unit`);
      expect(title).toContain(h.units.join(", "));
      await page.screenshot({ path: join(ARTIFACTS, `studio-reach-all-${side}.png`) });
    });

  it("a unit per ruleset: a Chain of Command team beside the draft's SL squad, as the CLI's --unit ID=JSON", async () => {
    await redraw(() => page.selectOption("#reach-mode", "one"));
    await redraw(() => page.selectOption("#reach-map", "crossroads"));
    await redraw(() => page.selectOption("#compare", "chain-of-command"));
    await redraw(() =>
      page
        .fill("#reach-from", "C3")
        .then(() => page.locator("#reach-from").dispatchEvent("change")),
    );
    expect(await page.locator("#reach-unit-compared-label").textContent()).toBe(
      "Unit for chain-of-command",
    );
    expect(await page.locator("#reach-unit-draft-label").textContent()).toBe("Unit for my-house");
    // The common unit, a squad, is no Chain of Command kind: the CLI's V0903, in that ruleset's field.
    const refused = await variorum(
      [
        "reach",
        "chain-of-command,my-house.rules",
        CROSSROADS,
        "--from",
        "C3",
        "--unit",
        '{"kind":"squad"}',
      ],
      { cwd: dir },
    );
    expect(refused.code).toBe(1);
    const code = /error (V\d{4}): (.*)$/m.exec(refused.stderr)!;
    await expect
      .poll(() => page.locator("#reach-out .problems").textContent(), WAIT)
      .toContain(code[2]!);
    expect(await page.locator("#reach-out .problems").textContent()).toContain(code[1]!);

    await redraw(() =>
      page
        .fill("#reach-unit-compared", TEAM)
        .then(() => page.locator("#reach-unit-compared").dispatchEvent("change")),
    );
    const cli = await cliJson<ReachReport>([
      "reach",
      "chain-of-command,my-house.rules",
      CROSSROADS,
      "--from",
      "C3",
      "--unit",
      '{"kind":"squad"}',
      "--unit",
      `chain-of-command=${TEAM}`,
    ]);
    const drawn = await printed();
    expect(Object.keys(drawn)).toEqual(["chain-of-command", "my-house"]);
    for (const r of cli.results) {
      const reached = Object.keys(r.hexes).filter((h) => h !== "C3");
      expect(reached.length, r.ruleset).toBeGreaterThan(0);
      expect(Object.keys(drawn[r.ruleset]!).sort(), r.ruleset).toEqual(reached.sort());
    }
    expect(await page.locator("#reach-counts").textContent()).toBe(
      `From C3: ${cli.results
        .map((r) => {
          const n = Object.keys(r.hexes).filter((h) => h !== "C3").length;
          return `${r.ruleset} reaches ${n} ${n === 1 ? "hex" : "hexes"}`;
        })
        .join("; ")}; ${cli.differences.length} differ.`,
    );
    await page.screenshot({ path: join(ARTIFACTS, "studio-reach-families.png") });
  });

  it("a warning beside the drawing, as the CLI prints it: a Tide of Iron squad without an action (V1103)", async () => {
    await redraw(() => page.selectOption("#compare", "tide-of-iron"));
    await redraw(() =>
      page
        .fill("#reach-unit-compared", "")
        .then(() => page.locator("#reach-unit-compared").dispatchEvent("change")),
    );
    const cli = await variorum(
      ["reach", "tide-of-iron,my-house.rules", CROSSROADS, "--from", "C3"],
      {
        cwd: dir,
      },
    );
    expect(cli.code, cli.stderr).toBe(0);
    const w = /^--unit:(\d+):(\d+): warning (V\d{4}): (.*)$/m.exec(cli.stderr)!;
    expect(w[3]).toBe("V1103");
    const hint = /^hint: (.*)$/m.exec(cli.stderr)![1]!;
    // The studio's unit field is `unit` where the CLI's is `--unit`; the place, code and message agree.
    expect(await page.locator("#reach-out .problems li.warning").allTextContents()).toEqual([
      `unit:${w[1]}:${w[2]} ${w[3]} ${w[4]} (${hint})`,
    ]);
    expect(await page.locator("#reach-out svg").isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, "studio-reach-warning.png") });
  });
  it("scenario fields (issue 44): a phase typed there draws what the CLI's --phase draws; a field no ruleset has is V0902 in that field", async () => {
    await redraw(() => page.selectOption("#compare", "asl-a4"));
    const reachedBy = (r: ReachReport) =>
      Object.fromEntries(
        r.results.map((x) => [
          x.ruleset,
          Object.keys(x.hexes)
            .filter((h) => h !== "C3")
            .sort(),
        ]),
      );
    const drawnBy = async () =>
      Object.fromEntries(
        Object.entries(await printed()).map(([id, hexes]) => [id, Object.keys(hexes).sort()]),
      );
    const args = ["reach", "asl-a4,my-house.rules", CROSSROADS, "--from", "C3"];
    const movement = reachedBy(await cliJson<ReachReport>(args));
    expect(await drawnBy()).toEqual(movement);
    await redraw(() =>
      page
        .fill("#reach-scenario", '{"phase": "advance"}')
        .then(() => page.locator("#reach-scenario").dispatchEvent("change")),
    );
    const advance = reachedBy(await cliJson<ReachReport>([...args, "--phase", "advance"]));
    expect(advance).not.toEqual(movement);
    expect(await drawnBy()).toEqual(advance);

    await redraw(() =>
      page
        .fill("#reach-scenario", '{"winterr": true}')
        .then(() => page.locator("#reach-scenario").dispatchEvent("change")),
    );
    await expect
      .poll(() => page.locator("#reach-out .problems").textContent(), WAIT)
      .toContain("scenario fields:1:2 V0902");
    await redraw(() =>
      page
        .fill("#reach-scenario", "")
        .then(() => page.locator("#reach-scenario").dispatchEvent("change")),
    );
  });
});
