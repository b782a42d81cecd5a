/**
 * The card's text formats, one registry: a format name → its renderer (PDF is printed from the HTML
 * one by a browser, so it is not a renderer here). Templates come from the caller, so this stays
 * free of file access.
 */
import type { Card } from "./card-model.js";
import { renderCardHtml, type CardTemplates } from "./html.js";
import { renderCardMarkdown } from "./markdown.js";

export type CardRenderer = (card: Card, templates: () => CardTemplates) => string;

export const CARD_RENDERERS = {
  html: (card, templates) => renderCardHtml(card, templates()),
  md: (card) => renderCardMarkdown(card),
} as const satisfies Record<string, CardRenderer>;

export type CardTextFormat = keyof typeof CARD_RENDERERS;
