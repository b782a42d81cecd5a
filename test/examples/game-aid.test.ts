/**
 * examples/game-aid: the Vite page that imports `variorum-rules/rules/sl-classic`,
 * `variorum-rules/runtime` and `variorum-rules/maps/crossroads` as a user of the light package does,
 * built once with the example's own config over this checkout (each `variorum-rules/…` aliased to
 * what scripts/pack.mjs puts there: dist/generated/, dist/runtime/, maps/), served, and opened in
 * Chromium: it prices the move the module prices and shades every hex the module's `reach` reaches.
 * test/package/install.test.ts builds it as copied, against the installed package.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import sirv from "sirv";
import { chromium, type Browser } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS } from "../../compiler/cli/pdf.js";
import { evaluate, reach } from "../../generated/sl-classic.js";
import { buildGraph, type MapJson } from "../../runtime/index.js";
import { ROOT } from "../cli/run.js";

const OUT = join(ROOT, "dist", "game-aid");
let server: Server | undefined;
let browser: Browser | undefined;
let url = "";

/** `variorum-rules/…` → this checkout's files, as the packed package lays them out. */
const ALIASES = [
  {
    find: /^variorum-rules\/rules\/([a-z0-9-]+)$/,
    replacement: join(ROOT, "dist", "generated", "$1.js"),
  },
  { find: /^variorum-rules\/runtime$/, replacement: join(ROOT, "dist", "runtime", "index.js") },
  { find: /^variorum-rules\/maps\/([a-z0-9-]+)$/, replacement: join(ROOT, "maps", "$1.json") },
];

beforeAll(async () => {
  const example = join(ROOT, "examples", "game-aid");
  await build({
    configFile: join(example, "vite.config.ts"),
    root: example,
    resolve: { alias: ALIASES },
    build: { outDir: OUT, emptyOutDir: true },
  });
  const s = createServer(sirv(OUT, { dev: true }));
  server = s;
  await new Promise<void>((ok) => s.listen(0, "127.0.0.1", ok));
  url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS],
  });
});

afterAll(async () => {
  if (browser !== undefined) await browser.close();
  const s = server;
  if (s !== undefined) await new Promise((ok) => s.close(ok));
});

describe("examples/game-aid", () => {
  it("prices a move and shades reach on a bundled map, as the rules module answers", async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    expect(errors).toEqual([]);

    const move = evaluate({
      unit: { kind: "squad", leader: true },
      path: [{ terrain: "open-ground" }, { terrain: "woods", uphill: true }],
    });
    // The move gives every detail: one answer (no `dependsOn`, no `needs`).
    if (!("steps" in move)) throw new Error("the move should be answered whole");
    expect(await page.textContent("#allowance")).toBe(String(move.allowance));
    expect(await page.textContent("#spent")).toBe(String(move.spent));

    const map = buildGraph(
      JSON.parse(readFileSync(join(ROOT, "maps", "crossroads.json"), "utf8")) as MapJson,
    );
    const answer = reach(map, { kind: "squad" }, "B3");
    const reached = map.names.filter((_, i) => !Number.isNaN(answer.cost[i]));
    expect(reached.length).toBeGreaterThan(1);
    const shaded = await page.$$eval("polygon.reached", (ps) =>
      ps.map((p) => p.getAttribute("data-hex")),
    );
    expect(shaded.sort()).toEqual([...reached].sort());
    await page.close();
  });
});
