/**
 * `variorum card ID|FILE [--format html|md|pdf] [-o FILE] [--full] [--paper a4|letter]`: the
 * printable reference card of one ruleset, by default the one-page player's card (`--full`: every
 * definition). A ruleset that extends another (a house rule) is compared with its nearest base, and every
 * row that differs is marked with the base's old value. Exit 0 when written, 1 when the ruleset (or
 * its base) does not load (diagnostics printed) or a PDF cannot be printed, 2 for a usage mistake.
 */

import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { CARD_RENDERERS, cardTemplatesFrom, type Card } from "../cards/index.js";
import { card as buildCard } from "../engine/card.js";
import { kept } from "../engine/kept.js";
import { CHROMIUM, chromiumMissing, PdfError, pdfPageCount, printPdf } from "./pdf.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost, isPathArg } from "./host.js";
import { outputFormat } from "./output-format.js";
import { loadRulesets } from "./load.js";
import { displayPath } from "../node/paths.js";
import { reportStore } from "../node/report-store.js";
import { writeIfChanged } from "../node/write.js";

/** The text formats of the registry (cards/formats.ts), then PDF (printed from the HTML). */
export const CARD_FORMATS = [
  ...(Object.keys(CARD_RENDERERS) as (keyof typeof CARD_RENDERERS)[]),
  "pdf",
] as const;
export type CardFormat = (typeof CARD_FORMATS)[number];

export interface CardCliOptions {
  format?: string;
  output?: string;
  /** The full card instead of the one-page player's card. */
  full?: boolean;
  /** The PDF's page size: `a4` (the default) or `letter`. */
  paper?: string;
}

/** Page sizes a PDF is printed on; the player's card fits one page of each. */
export const PAPERS = ["a4", "letter"] as const;

function formatOf(opts: CardCliOptions): CardFormat {
  return outputFormat(opts.format, opts.output, CARD_FORMATS, "html");
}

/** Where a ruleset came from, as printed on its card: relative to the project for bundled ones. */
function sourceOf(file: string, ctx: Ctx): string {
  const inRoot = relative(ctx.root, file);
  const shown =
    !inRoot.startsWith("..") && !inRoot.startsWith(sep) && inRoot !== file
      ? inRoot
      : displayPath(file, ctx.cwd);
  return shown.split(sep).join("/");
}

function templateTexts(ctx: Ctx) {
  return cardTemplatesFrom((f) => readFileSync(join(ctx.root, "templates", "cards", f), "utf8"));
}

function templates(ctx: Ctx) {
  return () => templateTexts(ctx);
}

export function cardHtml(card: Card, ctx: Ctx): string {
  return CARD_RENDERERS.html(card, templates(ctx));
}

/** Writes bytes atomically, only when they changed. */
function kb(n: number): string {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

export async function card(arg: string, opts: CardCliOptions, ctx: Ctx): Promise<number> {
  const format = formatOf(opts);
  if (format === "pdf" && opts.output === undefined)
    throw new UsageError(
      "--format pdf writes a binary file: name it with -o FILE, e.g. `-o card.pdf`",
    );
  const paper = (opts.paper ?? "a4").toLowerCase();
  if (!(PAPERS as readonly string[]).includes(paper))
    throw new UsageError(`--paper must be one of ${PAPERS.join(", ")}, not "${opts.paper}"`);
  const started = performance.now();
  const host = fsHost(ctx.root, ctx.built);
  // An unknown id or a missing file is reported by the loader (exit 1), like any ruleset that does not load.
  const ref = isPathArg(arg) ? resolve(ctx.cwd, arg) : arg;
  const { loaded, errors } = await loadRulesets([ref], ctx, host, { warnings: false });
  const ir = loaded[0]?.ir ?? null;
  if (errors > 0 || ir === null) return 1;
  let base = null;
  if (ir.extends.length > 0) {
    const b = await loadRulesets([ir.extends[0]!], ctx, host, { warnings: false });
    base = b.loaded[0]?.ir ?? null;
    if (b.errors > 0 || base === null) return 1;
  }
  const asked = {
    source: sourceOf(loaded[0]!.file, ctx),
    base,
    layout: opts.full ? ("full" as const) : ("player" as const),
  };
  // The model, and the text rendered from it with the templates read now, are functions of what
  // their keys name: kept in the report cache (compiler/node/report-store.ts) under this build.
  const store = ctx.stores?.card ?? reportStore(process.env, "card");
  const irText = store ? JSON.stringify(ir) : "";
  const model = kept(
    store,
    () => JSON.stringify({ ir: irText, asked }),
    () => buildCard(ir, asked).value!,
  );
  const s = model.stats;
  const marks = model.base
    ? `, ${s.changed} changed and ${s.added} new from ${model.base.id}${s.removed > 0 ? `, ${s.removed} gone` : ""}`
    : "";

  if (format === "pdf") {
    const exe = process.env.VARIORUM_CHROMIUM || CHROMIUM;
    if (!existsSync(exe)) {
      ctx.err(`${ctx.cErr.red("variorum: error:")} ${chromiumMissing(exe)}\n`);
      return 1;
    }
    let bytes: Uint8Array;
    try {
      bytes = await printPdf(cardHtml(model, ctx), {
        executablePath: exe,
        paper: paper as (typeof PAPERS)[number],
        onePage: model.layout === "player",
      });
    } catch (e) {
      if (!(e instanceof PdfError)) throw e;
      ctx.err(`${ctx.cErr.red("variorum: error:")} ${e.message}\n`);
      return 1;
    }
    const file = resolve(ctx.cwd, opts.output!);
    const wrote = writeIfChanged(file, bytes);
    const pages = pdfPageCount(bytes);
    const ms = Math.round(performance.now() - started);
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: ${pages} ${pages === 1 ? "page" : "pages"}, ${kb(bytes.length)}, ${s.rows} rows${marks} (${ms} ms)\n`,
    );
    return 0;
  }

  const texts = templateTexts(ctx);
  const text = kept(
    store,
    () => JSON.stringify({ ir: irText, asked, format, texts }),
    () => CARD_RENDERERS[format](model, () => texts),
  );
  if (opts.output !== undefined) {
    const file = resolve(ctx.cwd, opts.output);
    const wrote = writeIfChanged(file, text);
    const ms = Math.round(performance.now() - started);
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: ${s.rows} rows${marks} (${ms} ms)\n`,
    );
    return 0;
  }
  ctx.out(text);
  return 0;
}
