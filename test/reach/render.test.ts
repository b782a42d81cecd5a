/**
 * The reach SVG and HTML (compiler/reach/svg.ts, html.ts) on report fixtures of test/fixtures/reach/:
 * crossroads-sl-asl.json is `variorum reach sl-classic,asl-a4 maps/crossroads.json --from B3 --unit
 * '{"kind":"squad"}' --format json` as the command printed it when written (kept as is: these tests
 * are about drawing, not about the costs); shell-holes-coc.json is written by hand
 * (a Chain of Command team, 2D6 inches, 4-inch hexes: a hex n hexes away needs a roll of 4n or more).
 * Checks: a panel per ruleset with every hex, the start and the differing hexes marked, costs as the
 * rulebooks print them, probabilities as percentages, titles with path and citations, the legend,
 * escaping of hostile names, determinism, self-containment and the accessibility hooks.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createColors } from "picocolors";
import { describe, expect, it } from "vitest";
import type { Ctx } from "../../compiler/cli/context.js";
import { run } from "../../compiler/cli/main.js";
import { renderReachHtml } from "../../compiler/reach/html.js";
import { costText, wholePercentText as percentText } from "../../compiler/render/numbers.js";
import type { ReachReport } from "../../compiler/reach/report.js";
import { renderReachSvg } from "../../compiler/reach/svg.js";
import { renderReachText } from "../../compiler/reach/text.js";
import { buildGraph, type MapGraph, type MapJson } from "../../runtime/map.js";

const ROOT = join(import.meta.dirname, "..", "..");
const mapJson = (name: string): MapJson =>
  JSON.parse(readFileSync(join(ROOT, "maps", `${name}.json`), "utf8")) as MapJson;
const fixture = (name: string): ReachReport =>
  JSON.parse(
    readFileSync(join(ROOT, "test", "fixtures", "reach", `${name}.json`), "utf8"),
  ) as ReachReport;

const crossroads = buildGraph(mapJson("crossroads"));
const slAsl = fixture("crossroads-sl-asl");
const shellHoles = buildGraph(mapJson("shell-holes"));
const coc = fixture("shell-holes-coc");

/** The markup of each panel, by ruleset id. */
function panels(svg: string): Map<string, string> {
  const out = new Map<string, string>();
  const parts = svg.split('<g class="panel" ').slice(1);
  for (const p of parts)
    out.set(
      /^data-ruleset="([^"]*)"/.exec(p)![1]!,
      p.slice(0, p.indexOf('<g class="legend">') >= 0 ? p.indexOf('<g class="legend">') : p.length),
    );
  return out;
}

/** The `<title>` of hex `name` in a panel. */
function hexTitle(panel: string, name: string): string {
  const m = new RegExp(`<g class="hex" data-hex="${name}"><title>([^<]*)</title>`).exec(panel);
  expect(m, `hex ${name} has a title`).not.toBeNull();
  return m![1]!;
}

const count = (s: string, needle: string) => s.split(needle).length - 1;

describe("renderReachSvg", () => {
  const svg = renderReachSvg(crossroads, slAsl);
  const byRuleset = panels(svg);

  it("draws one panel per ruleset, each with every hex of the map", () => {
    expect([...byRuleset.keys()]).toEqual(["sl-classic", "asl-a4"]);
    for (const p of byRuleset.values()) {
      expect(count(p, '<polygon class="terrain"')).toBe(crossroads.n);
      expect(count(p, '<g class="hex" ')).toBe(crossroads.n);
      expect(count(p, "<text ") - count(p, 'class="panel-')).toBeGreaterThanOrEqual(crossroads.n);
    }
    expect(crossroads.n).toBe(80);
  });

  it("titles each panel with its ruleset and allowance", () => {
    expect(byRuleset.get("sl-classic")).toContain("Squad Leader Classic: infantry movement");
    expect(byRuleset.get("sl-classic")).toMatch(
      /sl-classic · allowance 4 MF · \d+ hexes reachable/,
    );
    expect(byRuleset.get("asl-a4")).toContain("asl-a4 · allowance 4 MF");
  });

  it("shades every reachable hex but the start, and prints its cost (½ for halves)", () => {
    for (const r of slAsl.results) {
      const p = byRuleset.get(r.ruleset)!;
      const reachable = Object.keys(r.hexes).filter((h) => h !== slAsl.from);
      expect(count(p, '<polygon class="reach"')).toBe(reachable.length);
      expect(count(p, 'class="cost"')).toBe(reachable.length);
    }
    expect(costText(slAsl.results[0]!.hexes["C5"]!)).toBe("1½");
    expect(byRuleset.get("sl-classic")).toMatch(/class="cost"[^>]*>1½<\/text>/);
    expect(byRuleset.get("asl-a4")).not.toMatch(/class="cost"[^>]*>1½<\/text>/);
  });

  it("marks the start hex in every panel", () => {
    for (const p of byRuleset.values()) {
      expect(count(p, 'class="start"')).toBe(1);
      expect(count(p, ">start</text>")).toBe(1);
      expect(hexTitle(p, "B3")).toContain("the start hex");
    }
  });

  it("outlines the hexes where the rulesets differ, in every panel", () => {
    expect(slAsl.differences.length).toBeGreaterThan(0);
    for (const p of byRuleset.values()) {
      expect(count(p, 'class="differs"')).toBe(slAsl.differences.length);
      for (const d of slAsl.differences) expect(p).toContain(`class="differs" data-hex="${d.hex}"`);
    }
  });

  it("gives each hex a title with its name, terrain, cost, path and citations", () => {
    const p = byRuleset.get("sl-classic")!;
    expect(hexTitle(p, "C5")).toBe(
      "C5: road\nsl-classic: 1½ MF\npath B3 → B4 → C5\nrules 5.54, 5.5, 5.52\nrulesets differ: sl-classic 1½, asl-a4 2",
    );
    for (const r of slAsl.results) {
      for (const [name, h] of Object.entries(r.hexes)) {
        if (name === slAsl.from) continue;
        const t = hexTitle(byRuleset.get(r.ruleset)!, name);
        expect(t).toContain(h.path.join(" → "));
        expect(t).toContain(h.rules.join(", "));
      }
    }
    expect(hexTitle(byRuleset.get("asl-a4")!, "B8")).toContain(
      "no such terrain, cannot be entered",
    );
    expect(hexTitle(p, "J8")).toContain("cannot end its move here");
    expect(hexTitle(p, "I2")).toContain("level 2");
  });

  it("draws roads, walls, hedges and levels", () => {
    const p = byRuleset.get("sl-classic")!;
    const roadPairs = (mapJson("crossroads").roads ?? []).reduce((n, c) => n + c.length - 1, 0);
    expect(count(p, 'class="road"')).toBe(roadPairs);
    expect(count(p, 'class="hexside" data-feature="wall"')).toBe(5);
    expect(count(p, 'class="hexside" data-feature="hedge"')).toBe(5);
    expect(count(p, 'class="level"')).toBe(7);
    expect(count(p, 'class="contour"')).toBeGreaterThan(0);
    // Wheatfield is hatched for ASL, which has no wheatfield.
    expect(count(byRuleset.get("asl-a4")!, 'class="blocked"')).toBe(3);
    expect(count(p, 'class="blocked"')).toBe(0);
  });

  it("has a legend with the cost scale and the map key", () => {
    const legend = svg.slice(svg.indexOf('<g class="legend">'));
    expect(legend).toContain("Least cost to reach (MF):");
    for (const v of [">0<", ">1<", ">1½<", ">4<"]) expect(legend).toContain(v);
    for (const k of [
      "start (B3)",
      "rulesets differ (15)",
      ">road<",
      ">wall<",
      ">hedge<",
      ">woods<",
      ">building<",
      "terrain the ruleset lacks",
    ])
      expect(legend).toContain(k);
  });

  it("is an accessible image: role, title and description", () => {
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* role="img" aria-labelledby="vr-title vr-desc"/,
    );
    expect(svg).toContain(
      '<title id="vr-title">Reach on Crossroads from B3: sl-classic, asl-a4</title>',
    );
    expect(svg).toMatch(
      /<desc id="vr-desc">Hexes the unit can reach from B3: sl-classic \d+, asl-a4 \d+; 15 hexes differ\.<\/desc>/,
    );
  });

  it("is deterministic and does not change its input", () => {
    const before = JSON.stringify(slAsl);
    expect(renderReachSvg(crossroads, slAsl)).toBe(svg);
    expect(
      renderReachSvg(buildGraph(mapJson("crossroads")), JSON.parse(before) as ReachReport),
    ).toBe(svg);
    expect(JSON.stringify(slAsl)).toBe(before);
  });

  it("puts three panels to a row and shortens a long title (kept whole in its tooltip)", () => {
    const long =
      "A very long ruleset title that cannot fit above a map of ten columns at all, however small";
    const four = {
      ...slAsl,
      results: [0, 1, 2, 3].map((k) => ({
        ...slAsl.results[k % 2]!,
        ruleset: `r${k}`,
        title: k === 3 ? long : slAsl.results[k % 2]!.title,
      })),
    };
    const s = renderReachSvg(crossroads, four);
    const transforms = [
      ...s.matchAll(
        /<g class="panel" data-ruleset="r\d" transform="translate\(([\d.]+),([\d.]+)\)"/g,
      ),
    ].map((m) => [Number(m[1]), Number(m[2])]);
    expect(transforms.length).toBe(4);
    expect(transforms.slice(0, 3).map((t) => t[1])).toEqual([0, 0, 0]);
    expect(transforms[1]![0]).toBeGreaterThan(0);
    expect(transforms[3]![0]).toBe(0);
    expect(transforms[3]![1]).toBeGreaterThan(0);
    const panel4 = panels(s).get("r3")!;
    expect(panel4).toContain(`<title>${long}</title>`);
    expect(panel4).toMatch(/<\/title>A very long ruleset title[^<]*…<\/text>/);
    expect(count(s, '<clipPath id="vr-clip-')).toBe(4);
  });

  it("shows probabilities as percentages for a dice ruleset, on a probability scale", () => {
    const s = renderReachSvg(shellHoles, coc);
    const p = panels(s).get("chain-of-command")!;
    expect(p).toContain("allowance 2–12 inch (mean 7)");
    expect(p).toMatch(/class="cost"[^>]*>92%<\/text>/);
    expect(p).toMatch(/class="cost"[^>]*>42%<\/text>/);
    expect(p).toMatch(/class="cost"[^>]*>3%<\/text>/);
    expect(hexTitle(p, "A3")).toContain("92% chance (least cost 4 inch)");
    expect(s).toContain("Chance that the roll reaches the hex:");
    expect(count(p, 'class="blocked"')).toBe(
      Object.values(mapJson("shell-holes").terrain.hexes!).length + 8,
    );
    expect(count(p, 'class="differs"')).toBe(0);
    expect(s).not.toContain("rulesets differ");
    expect(percentText(0.001)).toBe("<1%");
    expect(percentText(0.999)).toBe(">99%");
  });
});

/** A map and report whose every name is hostile. */
function hostile(): { graph: MapGraph; report: ReachReport } {
  const evil = "<script>alert(1)</script>";
  const map: MapJson = {
    name: `Evil ${evil} "map" & co`,
    columns: 3,
    rows: 2,
    terrain: {
      default: "open-ground",
      hexes: {
        B1: `woods"><script>alert(2)</script>`,
        C2: `x\u0007\u001b[31m<img src=x onerror=alert(3)>`,
      },
    },
    roads: [["A1", "B1"]],
    hexsides: [{ hexes: ["A2", "B1"], feature: `hedge'/><script>alert(4)</script>` }],
  };
  const graph = buildGraph(map);
  const report: ReachReport = {
    map: map.name,
    from: "A1",
    phase: "movement<script>",
    unit: { kind: "</code><script>alert(5)</script>" },
    results: [
      {
        ruleset: 'evil"><script>alert(6)</script>',
        title: `Title ${evil}`,
        measure: "MF<script>",
        allowance: 4,
        notApplicable: [`terrain: ${graph.terrain[2]}`, `hexside: <script>`],
        hexes: {
          A1: { cost: 0, path: ["A1"], rules: [] },
          B1: {
            cost: 1,
            path: ["A1", "<script>alert(7)</script>"],
            rules: ["5.5</title><script>alert(8)</script>"],
          },
        },
      },
      {
        ruleset: "plain",
        title: "Plain",
        measure: "MF",
        allowance: 4,
        notApplicable: [],
        hexes: { A1: { cost: 0, path: ["A1"], rules: [] } },
      },
    ],
    differences: [
      {
        hex: "B1",
        reachable: { 'evil"><script>alert(6)</script>': true, plain: false },
        cost: { 'evil"><script>alert(6)</script>': 1, plain: null },
        rules: { 'evil"><script>alert(6)</script>': ["<script>alert(9)</script>"] },
      },
    ],
  };
  return { graph, report };
}

describe("escaping", () => {
  const { graph, report } = hostile();
  for (const [what, render] of [
    ["SVG", renderReachSvg],
    ["HTML", renderReachHtml],
  ] as const) {
    it(`${what}: hostile map, terrain, hexside, ruleset, path and citation names come out inert`, () => {
      const out = render(graph, report);
      expect(out.toLowerCase()).not.toContain("<script");
      expect(out.toLowerCase()).not.toContain("<img");
      expect(out).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
      expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(out).toContain("woods&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
      expect(out).toContain("&lt;script&gt;alert(7)&lt;/script&gt;");
      // Every attribute value is a quoted run without a raw quote or angle bracket inside.
      for (const tag of out.match(/<[a-zA-Z][^>]*>/g) ?? [])
        expect(tag).toMatch(/^<[a-zA-Z][\w:-]*(\s+[\w:-]+="[^"<>]*")*\s*\/?>$/);
    });
  }
  it("the hostile names are really in the output (so the test above can fail)", () => {
    const svg = renderReachSvg(graph, report);
    expect(svg).toContain("hedge&#39;/&gt;&lt;script&gt;alert(4)&lt;/script&gt;");
    expect(svg).toContain("5.5&lt;/title&gt;&lt;script&gt;alert(8)&lt;/script&gt;");
    expect(renderReachHtml(graph, report)).toContain("&lt;script&gt;alert(9)&lt;/script&gt;");
  });
});

describe("renderReachHtml", () => {
  const html = renderReachHtml(crossroads, slAsl);

  it("is a page with a language, a heading, the header facts and the SVG inside", () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain("<h1>Reach on Crossroads from B3</h1>");
    expect(html).toContain("<code>{&quot;kind&quot;:&quot;squad&quot;}</code> · movement phase");
    expect(html).toContain(renderReachSvg(crossroads, slAsl));
  });

  it("has the legend as text, a table of rulesets and one of the differing hexes with costs per ruleset", () => {
    expect(html).toContain('<h2 id="legend-head">Legend</h2>');
    expect(html).toContain("Least cost to reach (MF):");
    const table = html.slice(
      html.indexOf('<table class="differences">'),
      html.indexOf("</table>", html.indexOf('<table class="differences">')),
    );
    expect(count(table, '<tr><th scope="row">')).toBe(slAsl.differences.length);
    expect(table).toContain(
      '<th scope="row">C5</th><td>road</td><td>1½ MF<span class="rules">5.54, 5.5, 5.52</span></td><td>2 MF<span class="rules">A4.131, A4.13, A4.132</span></td>',
    );
    const unreachable = slAsl.differences.find((d) => Object.values(d.reachable).includes(false));
    expect(unreachable).toBeDefined();
    expect(table).toContain("cannot end here");
    expect(html).toContain("<td>terrain: wheatfield</td>");
  });

  it("is self-contained: no script, no external URL, no link or import", () => {
    for (const page of [html, renderReachHtml(shellHoles, coc)]) {
      expect(page).not.toMatch(/<script|<link|@import|src=|href=/i);
      const urls = page.match(/https?:\/\/[^\s"')]+/g) ?? [];
      expect([...new Set(urls)]).toEqual(["http://www.w3.org/2000/svg"]);
    }
  });

  it("is deterministic", () => {
    expect(renderReachHtml(crossroads, slAsl)).toBe(html);
  });

  it("says when there is nothing to compare", () => {
    expect(renderReachHtml(shellHoles, coc)).toContain("Only one ruleset: nothing to compare.");
    expect(renderReachHtml(crossroads, { ...slAsl, differences: [] })).toContain(
      "The rulesets agree on every hex.",
    );
  });
});

describe("the renderers run in a browser", () => {
  it("import no Node API", () => {
    for (const f of ["svg", "html", "labels", "markup", "palette"]) {
      const src = readFileSync(join(ROOT, "compiler", "reach", `${f}.ts`), "utf8");
      expect(src).not.toMatch(/from ['"](node:|fs|path|url|process)/);
      expect(src).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
    }
  });
});

describe("through the real command (in-process)", () => {
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

  it("`--format svg` and `--format html` print what the renderers give for the JSON report", async () => {
    const base = [
      "reach",
      "sl-classic,asl-a4",
      "maps/crossroads.json",
      "--from",
      "B3",
      "--unit",
      '{"kind":"squad"}',
    ];
    const json = await cli([...base, "--format", "json"]);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.output) as ReachReport;
    const svg = await cli([...base, "--format", "svg"]);
    expect(svg).toEqual({ code: 0, output: renderReachSvg(crossroads, report) });
    const html = await cli([...base, "--format", "html"]);
    expect(html).toEqual({ code: 0, output: renderReachHtml(crossroads, report) });
  });

  it("a map whose name holds markup comes out escaped", async () => {
    const dir = join(ROOT, "test-artifacts");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, "reach-hostile-map.json");
    writeFileSync(
      file,
      JSON.stringify({
        ...mapJson("crossroads"),
        name: "X</title><script>alert(1)</script>\u001b[2J",
      }),
    );
    for (const format of ["svg", "html"]) {
      const r = await cli([
        "reach",
        "sl-classic",
        "test-artifacts/reach-hostile-map.json",
        "--from",
        "B3",
        "--format",
        format,
      ]);
      expect(r.code).toBe(0);
      expect(r.output.toLowerCase()).not.toContain("<script");
      expect(r.output).not.toContain("\u001b");
      expect(r.output).toContain("X&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });
});

describe("renderReachText uses the same labels as the SVG and HTML", () => {
  // A hex the roll reaches once in 1296 rolls, an allowance of 2½: the grid once printed "0%" and
  // the allowance line "2.5 MF" (its own percentage and number formatting, issue 22 defect 4).
  const r0 = coc.results[0]!;
  const rare: ReachReport = {
    ...coc,
    results: [
      {
        ...r0,
        allowance: 2.5,
        measure: "MF",
        hexes: { ...r0.hexes, A1: { ...r0.hexes["A1"]!, probability: 1 / 1296 } },
      },
    ],
  };
  const text = renderReachText(shellHoles, rare);

  it("never prints a possible hex as 0%", () => {
    expect(text).toContain("<1%");
    expect(text).not.toMatch(/(^|\s)0%/m);
  });

  it("prints a fractional allowance as the rulebooks do", () => {
    expect(text).toContain("allowance 2½ MF;");
  });
});
