/**
 * The cards backend: a RulesetIR → a card model (build.ts, computed through the interpreter) →
 * HTML (Handlebars templates in templates/cards/), Markdown, or PDF (the HTML printed by Chromium).
 */

export type {
  Bar,
  Card,
  CardRow,
  CardSection,
  CardTable,
  Cell,
  Change,
  DiceCell,
  DiceChart,
} from "./card-model.js";
export { buildCard, type BuildOptions } from "./build.js";
export {
  cardTemplatesFrom,
  cardView,
  renderCardHtml,
  CARD_TEMPLATE_NAMES,
  type CardTemplates,
} from "./html.js";
export { renderCardMarkdown } from "./markdown.js";
export { md } from "../render/markdown.js";
export {
  plain,
  plainScope,
  plainDefinition,
  plainOf,
  plainValue,
  type PlainLine,
} from "../render/plain.js";
export { CARD_RENDERERS, type CardRenderer, type CardTextFormat } from "./formats.js";
