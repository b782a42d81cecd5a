/**
 * The card's sections, in print order, with the headings a card prints. Which section a definition
 * belongs to is decided as in the diff report (compiler/ir/report-sections.ts).
 */

export const CARD_SECTIONS = [
  { key: "allowances", title: "Movement allowance" },
  { key: "bonuses", title: "Bonuses and penalties" },
  { key: "terrain", title: "Terrain" },
  { key: "hexsides", title: "Hexsides and elevation" },
  { key: "roads", title: "Roads" },
  { key: "portage", title: "Portage and IPC" },
  { key: "who-may-move", title: "Who may move" },
  { key: "advance", title: "Advance" },
  { key: "special", title: "Special movement" },
  { key: "transport", title: "Transport" },
  { key: "dice", title: "Dice" },
] as const;
