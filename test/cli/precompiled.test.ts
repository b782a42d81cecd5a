/**
 * The CLI's bundle renders the package's report templates from specifications precompiled at build
 * time (scripts/bundle-cli.mjs, compiler/render/precompiled.ts) instead of compiling them on every
 * run. They must render exactly what the templates compiled at run time render: the same options,
 * every template, and the bundled binary's pages byte for byte those of the in-process CLI (which
 * compiles them). Also what else the bundle is to hold in place of a package's entry (jsonc-parser).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { buildCard } from "../../compiler/cards/build.js";
import {
  CARD_TEMPLATE_NAMES,
  cardTemplatesFrom,
  cardView,
  renderCardHtml,
} from "../../compiler/cards/html.js";
import type { TemplateSpec } from "../../compiler/render/precompiled.js";
import { TEMPLATE_OPTIONS, templateOf, withPartials } from "../../compiler/render/templates.js";
import { ir } from "../cards/helpers.js";
import { ROOT, spawnVariorum, variorum } from "./run.js";

/** Every template of the package: report folder → name → text. */
function templateFiles(): { file: string; text: string }[] {
  const dir = join(ROOT, "templates");
  return readdirSync(dir).flatMap((report) =>
    readdirSync(join(dir, report))
      .filter((n) => n.endsWith(".hbs"))
      .map((n) => ({
        file: `${report}/${n}`,
        text: readFileSync(join(dir, report, n), "utf8"),
      })),
  );
}

interface BundleScript {
  TEMPLATE_OPTIONS: unknown;
  precompiledModule(): string;
}
const script = (): Promise<BundleScript> =>
  import(pathToFileURL(join(ROOT, "scripts", "bundle-cli.mjs")).href) as Promise<BundleScript>;

/** The map the bundle puts in place of compiler/render/precompiled.ts. */
async function bundled(): Promise<ReadonlyMap<string, TemplateSpec>> {
  const src = (await script()).precompiledModule();
  const mod = (await import(`data:text/javascript,${encodeURIComponent(src)}`)) as {
    PRECOMPILED: ReadonlyMap<string, TemplateSpec>;
  };
  return mod.PRECOMPILED;
}

describe("precompiled report templates", () => {
  it("are precompiled with the options the reports compile with", async () => {
    expect((await script()).TEMPLATE_OPTIONS).toEqual(TEMPLATE_OPTIONS);
  });

  it("cover every template of the package, by its text", async () => {
    const map = await bundled();
    const files = templateFiles();
    expect(files.length).toBeGreaterThanOrEqual(9);
    expect([...map.keys()].sort()).toEqual(files.map((f) => f.text).sort());
  });

  it("render a card as the templates compiled at run time do", async () => {
    const map = await bundled();
    const texts = cardTemplatesFrom((f) =>
      readFileSync(join(ROOT, "templates", "cards", f), "utf8"),
    );
    for (const [id, base] of [
      ["sl-classic", null],
      ["rulesets/house/asl-officer-bonus.rules", "asl-a4"],
    ] as const) {
      const card = buildCard(ir(id), {
        source: id,
        base: base === null ? null : ir(base),
        layout: "full",
      });
      const hb = withPartials(texts, CARD_TEMPLATE_NAMES, "card", map);
      const page = templateOf(hb, texts.card!, map)(cardView(card));
      expect(page).toBe(renderCardHtml(card, texts));
    }
  });

  it("the bundled binary holds them, and its pages are the in-process CLI's byte for byte", async () => {
    const bundle = readFileSync(join(ROOT, "dist", "cli", "main.cjs"), "utf8");
    // Each precompiled specification names the Handlebars compiler that made it.
    expect(bundle.match(/"compiler":\s*\[\d+,/g)?.length).toBe(templateFiles().length);
    for (const args of [
      ["card", "sl-classic", "--format", "html"],
      ["card", "rulesets/house/sl-asl-portage.rules", "--format", "html", "--full"],
      ["diff", "sl-classic", "sl-asl-portage", "--format", "html"],
    ]) {
      const env = { VARIORUM_NO_CACHE: "1" };
      const spawned = await spawnVariorum(args, { env });
      const inProcess = await variorum(args, { env });
      expect(spawned.code).toBe(0);
      expect(spawned.stdout).toBe(inProcess.stdout);
      expect(spawned.stderr).toBe(inProcess.stderr);
    }
  });
});

describe("the CLI's bundle", () => {
  it("holds jsonc-parser's ESM build, never a require of its CommonJS entry", () => {
    // Its UMD entry is six CommonJS files, each compiled and scanned for exports on every scenario or
    // map read (scripts/bundle-cli.mjs resolves the package to lib/esm/main.js and bundles it in).
    const bundle = readFileSync(join(ROOT, "dist", "cli", "main.cjs"), "utf8");
    expect(bundle).not.toMatch(/from\s*"jsonc-parser"|require\("jsonc-parser"\)/);
    expect(bundle).toContain("node_modules/jsonc-parser/lib/esm/main.js");
  });
});
