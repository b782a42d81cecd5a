/**
 * `variorum reach` and `variorum diff --map` through the command line (in-process, test/cli/run.ts): formats, exit codes, located
 * errors, and the contract that every path `--format json` reports is priced by `variorum eval` as a
 * scenario at the cost reach gives, and is legal.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ANSI, ROOT, STACK, variorum } from "../cli/run.js";
import type { ReachReport } from "../../compiler/reach/report.js";

const MAP = join(ROOT, "test", "fixtures", "maps", "ok-village.json");
const tmp = mkdtempSync(join(tmpdir(), "variorum-reach-"));

describe("variorum reach", () => {
  it("json: every reported path, priced by eval, costs what reach says and is legal", async () => {
    const r = await variorum([
      "reach",
      "sl-classic,asl-a4",
      MAP,
      "--from",
      "A2",
      "--unit",
      '{"kind":"squad","leader":true}',
      "--format",
      "json",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ReachReport;
    expect(report.results.map((x) => x.ruleset)).toEqual(["sl-classic", "asl-a4"]);
    const map = JSON.parse(readFileSync(MAP, "utf8"));
    // The steps of a path as a scenario would give them (the map's own rule: road, levels, hexsides).
    const terrain = (h: string) =>
      map.terrain.hexes[h] ??
      (map.roads.some((c: string[]) => c.includes(h)) ? "road" : map.terrain.default);
    // A second terrain: the map's `alsoTerrain`, or the road of a road hex given another terrain.
    const also = (h: string): string | undefined =>
      map.alsoTerrain?.[h] ??
      (map.terrain.hexes[h] !== undefined &&
      map.terrain.hexes[h] !== "road" &&
      map.roads.some((c: string[]) => c.includes(h))
        ? "road"
        : undefined);
    const level = (h: string) => map.levels[h] ?? 0;
    const road = (a: string, b: string) =>
      map.roads.some((c: string[]) =>
        c.some((x, i) => (x === a && c[i + 1] === b) || (x === b && c[i + 1] === a)),
      );
    const side = (a: string, b: string) =>
      map.hexsides.find((s: { hexes: string[] }) => s.hexes.includes(a) && s.hexes.includes(b))
        ?.feature;
    let checked = 0;
    for (const res of report.results) {
      const hexes = Object.entries(res.hexes).filter(([, h]) => h.path.length > 1);
      expect(hexes.length).toBeGreaterThan(10);
      // Every fourth reachable hex (spawning eval is slow), always including the dearest.
      const dearest = hexes.reduce((a, b) => (b[1].cost > a[1].cost ? b : a));
      for (const [name, h] of [...hexes.filter((_, i) => i % 4 === 0), dearest]) {
        const path = h.path.slice(1).map((to, i) => {
          const from = h.path[i]!;
          const step: Record<string, unknown> = { terrain: terrain(to) };
          // ASL has no `alsoTerrain`: it reads a road through `viaRoad` (A4.132).
          if (also(to) !== undefined && res.ruleset !== "asl-a4") step.alsoTerrain = also(to);
          const f = side(from, to);
          if (f) step.hexside = f;
          if (road(from, to)) step.viaRoad = true;
          if (level(to) > level(from)) step.uphill = true;
          if (level(to) < level(from) && res.ruleset === "asl-a4") step.downhill = true;
          return step;
        });
        const file = join(tmp, `${res.ruleset}-${name}.json`);
        writeFileSync(file, JSON.stringify({ name, unit: { kind: "squad", leader: true }, path }));
        const e = await variorum(["eval", res.ruleset, file, "--json"]);
        expect(e.code, e.stderr).toBe(0);
        const out = JSON.parse(e.stdout).results[0];
        expect({ hex: name, spent: out.spent, legal: out.legal }).toEqual({
          hex: name,
          spent: h.cost,
          legal: true,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(8);
  });

  it("text: a grid per ruleset and the differing hexes, no colour when piped", async () => {
    const r = await variorum(["reach", "sl-classic,asl-a4", MAP, "--from", "A2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sl-classic  Squad Leader Classic/m);
    expect(r.stdout).toMatch(/hexes differ:/);
    expect(r.stdout).toMatch(
      /^  F4 +sl-classic cannot end here +\| +asl-a4 5 MF \[A4\.131, A4\.132\]$/m,
    );
    expect(r.stdout).not.toMatch(ANSI);
  });

  it("bad maps, start hexes and units are located errors (exit 1); usage mistakes exit 2", async () => {
    const bad = await variorum([
      "reach",
      "sl-classic",
      join(ROOT, "test", "fixtures", "maps", "V1003-bad-places.json"),
      "--from",
      "A1",
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /V1003-bad-places\.json:4:21: error V1003: a road runs between adjacent hexes: A1 and C1 are not adjacent/,
    );
    expect(bad.stderr).not.toMatch(STACK);
    const off = await variorum(["reach", "sl-classic", MAP, "--from", "Z99"]);
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/^--from:1:1: error V1101: "Z99" is not a hex of Test crossroads/m);
    const unit = await variorum([
      "reach",
      "sl-classic",
      MAP,
      "--from",
      "A1",
      "--unit",
      '{"kind":"squid"}',
    ]);
    expect(unit.code).toBe(1);
    expect(unit.stderr).toMatch(/error V0903: unknown kind `squid`/);
    const json = await variorum([
      "reach",
      "sl-classic",
      MAP,
      "--from",
      "A1",
      "--unit",
      "{kind:squad}",
    ]);
    expect(json.code).toBe(1);
    expect(json.stderr).toMatch(/^--unit:1:2: error V1102: the unit is not valid JSON/m);
    expect((await variorum(["reach", "sl-classic", MAP])).code).toBe(2);
    expect(
      (await variorum(["reach", "sl-classic", MAP, "--from", "A1", "--format", "pdf"])).code,
    ).toBe(2);
    expect(
      (await variorum(["reach", "sl-classic", join(tmp, "nope.json"), "--from", "A1"])).code,
    ).toBe(2);
  });

  it("-o writes the file and says what it wrote", async () => {
    const out = join(tmp, "reach.json");
    const r = await variorum(["reach", "sl-classic", MAP, "--from", "A2", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*reach\.json: hexes reachable sl-classic \d+; 0 differ$/m);
    expect(JSON.parse(readFileSync(out, "utf8")).from).toBe("A2");
  });
});

describe("variorum diff --map", () => {
  it('adds "reach on the map" to text, Markdown, HTML and JSON', async () => {
    const text = await variorum(["diff", "sl-classic", "asl-a4", "--map", MAP, "--from", "A2"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/== Reach on the map: Test crossroads, from A2 ==/);
    expect(text.stdout).toMatch(/^ +sl-classic +\d+ hexes reachable \(allowance 4 MF\)$/m);
    const md = await variorum([
      "diff",
      "sl-classic",
      "asl-a4",
      "--map",
      MAP,
      "--from",
      "A2",
      "--format",
      "md",
    ]);
    expect(md.stdout).toMatch(/^## Reach on the map: Test crossroads, from A2$/m);
    expect(md.stdout).toMatch(/^\| F4 \| — \| 5 <sub>A4\.131, A4\.132<\/sub> \|$/m);
    const html = await variorum([
      "diff",
      "sl-classic",
      "asl-a4",
      "--map",
      MAP,
      "--from",
      "A2",
      "--format",
      "html",
    ]);
    expect(html.stdout).toMatch(/<section class="scenarios" id="reach"/);
    const json = JSON.parse(
      (
        await variorum([
          "diff",
          "sl-classic",
          "asl-a4",
          "--map",
          MAP,
          "--from",
          "A2",
          "--format",
          "json",
        ])
      ).stdout,
    );
    expect(json.reach.differences.find((d: { hex: string }) => d.hex === "F4")).toEqual({
      hex: "F4",
      reachable: { "sl-classic": false, "asl-a4": true },
      cost: { "sl-classic": null, "asl-a4": 5 },
      rules: { "asl-a4": ["A4.131", "A4.132"] },
      // The cost as the reports print it (a book fraction where there is one).
      costText: { "sl-classic": null, "asl-a4": "5" },
    });
    expect((await variorum(["diff", "sl-classic", "asl-a4", "--map", MAP])).code).toBe(2);
  });
});
