/// <reference types="vite/client" />
/**
 * What the studio bundles: the rulesets (house rules included), the maps, the scenarios and the
 * report templates, read at build time by Vite as text. Nothing is fetched at run time.
 */

const rulesetFiles = import.meta.glob("../../rulesets/**/*.rules", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const mapFiles = import.meta.glob("../../maps/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const scenarioFiles = import.meta.glob("../../scenarios/*.json", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const diffTemplateFiles = import.meta.glob("../../templates/diff/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const cardTemplateFiles = import.meta.glob("../../templates/cards/*.hbs", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

export interface BundledRuleset {
  id: string;
  /** Where it lives in the project, e.g. `rulesets/house/asl-officer-bonus.rules`. */
  path: string;
  text: string;
  house: boolean;
  title: string;
  extends: string | null;
}

const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
const rel = (p: string): string => p.replace(/^(\.\.\/)+/, "");

function header(text: string): { title: string; extends: string | null } {
  const m = /^\s*ruleset\s+[A-Za-z0-9_.-]+\s+"([^"]*)"/m.exec(text);
  const e = /^\s*extends\s+([A-Za-z0-9_.-]+)/m.exec(text);
  return { title: m?.[1] ?? "", extends: e?.[1] ?? null };
}

export const RULESETS: readonly BundledRuleset[] = Object.entries(rulesetFiles)
  .map(([p, text]) => ({
    id: base(p).replace(/\.rules$/, ""),
    path: rel(p),
    text,
    house: p.includes("/house/"),
    ...header(text),
  }))
  .sort((a, b) => Number(a.house) - Number(b.house) || a.id.localeCompare(b.id));

export const MAPS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(mapFiles).map(([p, t]) => [base(p).replace(/\.json$/, ""), t]),
);
export const SCENARIOS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(scenarioFiles).map(([p, t]) => [base(p).replace(/\.json$/, ""), t]),
);
/** `read(file)` for the diff and card templates (`templatesFrom`, `cardTemplatesFrom`). */
export const readDiffTemplate = (file: string): string => byName(diffTemplateFiles, file);
export const readCardTemplate = (file: string): string => byName(cardTemplateFiles, file);

function byName(files: Record<string, string>, file: string): string {
  for (const [p, t] of Object.entries(files)) if (base(p) === file) return t;
  throw new Error(`template ${file} is not bundled`);
}

export function rulesetById(id: string): BundledRuleset | null {
  return RULESETS.find((r) => r.id === id) ?? null;
}
