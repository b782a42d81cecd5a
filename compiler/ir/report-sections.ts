/**
 * The report's sections, and how a definition without a `section` clause is given one.
 *
 * Inference (documented in docs/diff.md), first match wins:
 *   1. an explicit `section KEY` clause;
 *   2. a definition that rolls dice → `dice`;
 *   3. a table keyed by a terrain-like enum → `terrain`, by a hexside/obstacle enum → `hexsides`,
 *      by a weapon enum → `portage`;
 *   4. the words of its name and concept key (split at hyphens), tested in this order:
 *      transport, advance, special, roads, hexsides, portage, terrain, who-may-move, bonuses,
 *      allowances (see KEYWORDS below);
 *   5. a rule measured in PP → `portage`;
 *   6. otherwise `special`.
 */

import type { Expr, RulesetIR, Type } from "./ir.js";
import { rollsDice } from "./walk.js";

export const SECTIONS = [
  { key: "allowances", title: "Allowances" },
  { key: "bonuses", title: "Bonuses and penalties" },
  { key: "terrain", title: "Terrain costs" },
  { key: "hexsides", title: "Hexsides and elevation" },
  { key: "roads", title: "Roads" },
  { key: "portage", title: "Portage and IPC" },
  { key: "who-may-move", title: "Phases and who may move" },
  { key: "advance", title: "Advance Phase" },
  { key: "special", title: "Special movement" },
  { key: "transport", title: "Transport" },
  { key: "dice", title: "Dice" },
] as const;

export type SectionKey = (typeof SECTIONS)[number]["key"];

export const SECTION_KEYS: ReadonlySet<string> = new Set(SECTIONS.map((s) => s.key));

export function sectionTitle(key: string): string {
  return SECTIONS.find((s) => s.key === key)?.title ?? key;
}

export function sectionIndex(key: string): number {
  const i = SECTIONS.findIndex((s) => s.key === key);
  return i < 0 ? SECTIONS.length : i;
}

/** Keyword → section, in the order they are tried. */
const KEYWORDS: [SectionKey, readonly string[]][] = [
  [
    "transport",
    [
      "transport",
      "vehicle",
      "passenger",
      "passengers",
      "board",
      "boarding",
      "unload",
      "unloading",
      "embark",
      "disembark",
      "mount",
      "mounted",
      "dismount",
      "bail",
      "rider",
      "riders",
      "halftrack",
      "truck",
      "carrier-capacity",
      "capacity",
    ],
  ],
  ["advance", ["advance", "advancing"]],
  [
    "special",
    [
      "assault",
      "dash",
      "minimum",
      "stack",
      "stacking",
      "hazardous",
      "ovr",
      "overrun",
      "ffmo",
      "ffnam",
      "bypass",
      "crawl",
    ],
  ],
  ["roads", ["road", "roads", "path", "trail"]],
  [
    "hexsides",
    [
      "hexside",
      "hexsides",
      "wall",
      "hedge",
      "cliff",
      "uphill",
      "downhill",
      "climb",
      "elevation",
      "level",
      "hill",
      "obstacle",
      "obstacles",
    ],
  ],
  [
    "portage",
    [
      "portage",
      "ipc",
      "pp",
      "weapon",
      "weapons",
      "sw",
      "dismantle",
      "dismantled",
      "dm",
      "carry",
      "load",
      "carrier",
    ],
  ],
  [
    "terrain",
    ["terrain", "cot", "cost", "woods", "building", "buildings", "marsh", "ground", "entry"],
  ],
  [
    "who-may-move",
    [
      "may-move",
      "immobile",
      "broken",
      "pinned",
      "ti",
      "prep",
      "fired",
      "status",
      "phase",
      "phases",
      "activate",
      "activation",
      "action",
      "actions",
      "fatigue",
      "fatigued",
      "enemy",
    ],
  ],
  ["bonuses", ["bonus", "penalty", "leader", "officer", "double", "cx", "shock", "hero"]],
  [
    "allowances",
    [
      "allowance",
      "mf",
      "mp",
      "factor",
      "factors",
      "movement",
      "inches",
      "kind",
      "kinds",
      "rate",
      "rates",
      "speed",
    ],
  ],
];

/** What inference looks at: a definition's names, kind and expressions. */
export interface SectionSubject {
  name: string;
  concept: string;
  section: string | null;
  /** For a table: its key enums. */
  keys?: readonly string[];
  /** Its value type, when it has one. */
  type?: Type;
  /** Its expressions (rule values, exception conditions, constraint conditions). */
  exprs?: readonly Expr[];
}

export function inferSection(d: SectionSubject, ir: RulesetIR): SectionKey {
  if (d.section !== null && SECTION_KEYS.has(d.section)) return d.section as SectionKey;
  if ((d.exprs ?? []).some(rollsDice)) return "dice";
  if (d.keys && d.keys.length > 0) {
    const k = d.keys[0]!;
    const words = wordsOf(k);
    if (words.has("hexside") || words.has("obstacle") || words.has("hexsides")) return "hexsides";
    if (words.has("terrain")) return "terrain";
    if (words.has("weapon") || words.has("weapons") || words.has("carrier")) return "portage";
    if (words.has("kind") || words.has("kinds")) return "allowances";
    if (words.has("status") || words.has("phase") || words.has("action")) return "who-may-move";
    // An enum whose members include woods-like terrain.
    const e = ir.enums.find((x) => x.name === k);
    if (e && e.members.some((m) => /wood|building|clear|open/.test(m.name))) return "terrain";
  }
  const words = new Set([...wordsOf(d.name), ...wordsOf(d.concept)]);
  const joined = `${d.name} ${d.concept}`;
  for (const [section, keys] of KEYWORDS) {
    for (const k of keys) {
      if (k.includes("-") ? joined.includes(k) : words.has(k)) return section;
    }
  }
  if (d.type && d.type.t === "num" && d.type.measure === "PP") return "portage";
  return "special";
}

function wordsOf(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w !== ""),
  );
}
