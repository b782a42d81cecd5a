/**
 * The reach map in a real browser (Chromium through playwright-core). The page is what the real
 * command writes, run in-process: `variorum reach sl-classic,asl-a4 maps/crossroads.json --from B3
 * --unit '{"kind":"squad"}' -o test-artifacts/reach.html`. Checked: a panel per ruleset with every
 * hex, the differing hexes outlined, the legend, that hovering a hex lands on that hex's group (whose
 * `<title>` gives path and citations) through the roads and labels drawn over it, axe-core finds no
 * serious or critical violation, and screenshots are saved to test-artifacts/reach.png (the page) and
 * reach-map.png (the drawing). A dice
 * report (fixture) shows percentages, and a hostile map's SVG parses as XML with no script in it.
 *
 * Needs /usr/bin/chromium (scripts/install-chromium.sh); without it this test fails, saying so.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createColors } from "picocolors";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.js";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import type { ReachReport } from "../../compiler/reach/report.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { buildGraph, type MapJson } from "../../runtime/map.js";
import { CHROMIUM, CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";

const ROOT = join(import.meta.dirname, "..", "..");
const ARTIFACTS = join(ROOT, "test-artifacts");
const HTML = join(ARTIFACTS, "reach.html");

let browser: Browser;
let page: Page;
let report: ReachReport;
const mapJson = (name: string): MapJson =>
  JSON.parse(readFileSync(join(ROOT, "maps", `${name}.json`), "utf8")) as MapJson;
const hexCount = mapJson("crossroads").columns * mapJson("crossroads").rows;

async function cli(argv: string[]): Promise<{ code: number; output: string }> {
  const sink: string[] = [];
  const none = createColors(false);
  const ctx: Ctx = {
    cwd: ROOT,
    root: ROOT,
    out: (t) => void sink.push(t),
    err: (t) => void sink.push(t),
    cOut: none,
    cErr: none,
    colorErr: false,
  };
  return { code: await run(argv, ctx), output: sink.join("") };
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed: ${CHROMIUM} is missing. The browser test needs it; install it with ` +
        "`sudo scripts/install-chromium.sh` (Debian: apt-get install chromium) and run the tests again.",
    );
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  const base = [
    "reach",
    "sl-classic,asl-a4",
    "maps/crossroads.json",
    "--from",
    "B3",
    "--unit",
    '{"kind":"squad"}',
  ];
  const html = await cli([...base, "-o", HTML]);
  expect(html.output).toMatch(
    /^(wrote|unchanged) test-artifacts\/reach\.html: hexes reachable sl-classic \d+, asl-a4 \d+; \d+ differ\n$/,
  );
  expect(html.code).toBe(0);
  const json = await cli([...base, "--format", "json"]);
  expect(json.code).toBe(0);
  report = JSON.parse(json.output) as ReachReport;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  await page.goto(pathToFileURL(HTML).href);
});

afterAll(async () => {
  await browser?.close();
});

describe("the reach map in Chromium", () => {
  it("shows one panel per ruleset, each with every hex of the map", async () => {
    expect(await page.locator("h1").innerText()).toBe("Reach on Crossroads from B3");
    expect(await page.locator("svg.reach-map g.panel").count()).toBe(2);
    for (const id of ["sl-classic", "asl-a4"]) {
      const panel = page.locator(`svg.reach-map g.panel[data-ruleset="${id}"]`);
      expect(await panel.locator("polygon.terrain").count()).toBe(hexCount);
      expect(await panel.locator("polygon.reach").count()).toBe(
        Object.keys(report.results.find((r) => r.ruleset === id)!.hexes).length - 1,
      );
      expect(await panel.locator("polygon.start").count()).toBe(1);
      expect(await panel.locator("polygon.differs").count()).toBe(report.differences.length);
    }
    expect(report.differences.length).toBeGreaterThan(0);
    const box = await page.locator("svg.reach-map").boundingBox();
    expect(box!.width).toBeGreaterThan(600);
  });

  it("has the legend, in the drawing and as text", async () => {
    expect(await page.locator("svg.reach-map g.legend").textContent()).toContain(
      "Least cost to reach (MF):",
    );
    expect(await page.locator("svg.reach-map g.legend g.swatch").count()).toBeGreaterThanOrEqual(5);
    await expect(page.locator("#legend-head").isVisible()).resolves.toBe(true);
    const legend = await page.locator('section[aria-labelledby="legend-head"]').innerText();
    for (const k of ["start hex B3", "road", "wall", "hedge", "woods", "building"])
      expect(legend).toContain(k);
    expect(await page.locator("table.differences tbody tr").count()).toBe(
      report.differences.length,
    );
  });

  it("hovering a hex reaches its group, whose title gives the path and the rules", async () => {
    const r = report.results.find((x) => x.ruleset === "sl-classic")!;
    // Hexes under a road, a hexside stroke, a label, an outline, and a plain one.
    for (const name of ["C5", "E5", "D4", "B3", "J8"]) {
      const poly = page.locator(
        `g.panel[data-ruleset="sl-classic"] g.hex[data-hex="${name}"] polygon.terrain`,
      );
      await poly.scrollIntoViewIfNeeded();
      const b = (await poly.boundingBox())!;
      // A point between the centre and the top-left corner: off the cost label, on the road where there is one.
      const at = { x: b.x + b.width * 0.42, y: b.y + b.height * 0.62 };
      await page.mouse.move(at.x, at.y);
      const hit = await page.evaluate(
        ({ x, y }) =>
          (document.elementFromPoint(x, y)?.closest("g.hex") as SVGGElement | null)?.dataset.hex ??
          null,
        at,
      );
      expect(hit, `hover over ${name}`).toBe(name);
      const title = await page
        .locator(`g.panel[data-ruleset="sl-classic"] g.hex[data-hex="${name}"] > title`)
        .textContent();
      expect(title).toContain(`${name}: `);
      const h = r.hexes[name];
      if (h !== undefined && name !== report.from) {
        expect(title).toContain(`path ${h.path.join(" → ")}`);
        expect(title).toContain(`rules ${h.rules.join(", ")}`);
      }
    }
  });

  it("saves a screenshot", async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: join(ARTIFACTS, "reach.png"),
      clip: { x: 0, y: 0, width: 1000, height: 900 },
    });
    expect(existsSync(join(ARTIFACTS, "reach.png"))).toBe(true);
    // The drawing alone (docs/images/reach.png in the README is a copy of it).
    await page.locator("svg.reach-map").screenshot({ path: join(ARTIFACTS, "reach-map.png") });
    expect(existsSync(join(ARTIFACTS, "reach-map.png"))).toBe(true);
  });

  it("has no serious or critical accessibility violations (axe-core)", async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("shows a dice ruleset’s chances as percentages", async () => {
    const coc = JSON.parse(
      readFileSync(join(ROOT, "test", "fixtures", "reach", "shell-holes-coc.json"), "utf8"),
    ) as ReachReport;
    const file = join(ARTIFACTS, "reach-coc.html");
    writeFileSync(file, renderReachHtml(buildGraph(mapJson("shell-holes")), coc));
    const p = await browser.newPage({ viewport: { width: 900, height: 800 } });
    try {
      await p.goto(pathToFileURL(file).href);
      const costs = await p
        .locator('g.panel[data-ruleset="chain-of-command"] text.cost')
        .allTextContents();
      expect(costs.length).toBe(Object.keys(coc.results[0]!.hexes).length - 1);
      expect(costs.every((c) => /^\d+%$/.test(c))).toBe(true);
      expect(await p.locator("g.legend").textContent()).toContain(
        "Chance that the roll reaches the hex",
      );
    } finally {
      await p.close();
    }
  });

  it("parses a hostile map’s SVG as XML, with no script and the names as text", async () => {
    const evil = "<script>alert(1)</script>";
    const map: MapJson = {
      name: `M ${evil}`,
      columns: 2,
      rows: 2,
      terrain: { default: "open-ground", hexes: { B1: `w"><script>x()</script>\u0007` } },
      hexsides: [{ hexes: ["A1", "B1"], feature: `h'${evil}` }],
    };
    const svg = renderReachSvg(buildGraph(map), {
      map: map.name,
      from: "A1",
      phase: "movement",
      unit: {},
      results: [
        {
          ruleset: `r${evil}`,
          title: `T${evil}`,
          measure: "MF",
          allowance: 4,
          notApplicable: [],
          hexes: {
            A1: { cost: 0, path: ["A1"], rules: [] },
            B1: { cost: 1, path: ["A1", "B1"], rules: [evil] },
          },
        },
      ],
      differences: [],
    });
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "image/svg+xml");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        scripts: doc.getElementsByTagName("script").length,
        title: doc.querySelector("title")?.textContent ?? "",
      };
    }, svg);
    expect(parsed).toEqual({
      errors: 0,
      scripts: 0,
      title: `Reach on M ${evil} from A1: r${evil}`,
    });
  });
});
