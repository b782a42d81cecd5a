/**
 * The long form of every diagnostic code: what it means, a snippet that produces it and the same
 * snippet put right. `variorum explain CODE` prints one; docs/diagnostics.md is generated from all
 * (`variorum explain --all --format md`), and test/check/explain.test.ts checks each snippet: the
 * wrong one produces its code, the right one does not. The table is typed `Record<Code, …>`, so a
 * code added to CODES without an explanation does not compile.
 *
 * A snippet runs as one of:
 *   - `rules`: definitions appended to PRELUDE (a small ruleset with a movement binding);
 *   - `file`: a whole `.rules` file (it may `extends sl-classic`);
 *   - `example`: like `rules`, then its examples are run (`variorum test`);
 *   - `scenario`: a scenario file evaluated under sl-classic (`variorum eval sl-classic FILE`).
 * Pure data: no Node API (the language service and the studio show the same text).
 */
import { CODES, type Code } from "./index.js";

export type SnippetKind =
  | "rules"
  | "file"
  | "example"
  | "scenario"
  | "map"
  | "start"
  | "unit"
  | "ti-unit"
  | "units-map"
  | "aboard-map"
  | "coc-map";

export interface Explanation {
  /** What the code means and what usually causes it (plain text, a few sentences). */
  means: string;
  kind: SnippetKind;
  wrong: string;
  right: string;
  /** What `explain` and the docs print for `wrong` when it is too long to read whole. */
  shown?: string;
}

/** What `rules` and `example` snippets are appended to. */
export const PRELUDE = `ruleset demo "A demonstration ruleset"
  cites numbered

measure MF [1.1] "movement factors"
measure PP [1.2] "portage points"
enum kind [1.3] "counters" {
  squad "Squad"
  crew "Crew"
}
enum terrain [1.4] "terrain" {
  open-ground "Open ground"
  woods "Woods"
}
input unit [1.5] {
  kind: kind
  portage: PP = 0
  leader: bool = false
}
input step [1.6] {
  terrain: terrain
}
movement [1.7] MF {
  allowance: 4 MF
  cost: 1 MF
}
`;

const DEEP = 65;

/** The index of the demonstration ruleset's paragraphs (PRELUDE's citations), for V0303–V0306. */
const INDEX_OF_PRELUDE = `  paragraph [1.1] "MF"
  paragraph [1.2] "PP"
  paragraph [1.3] "counters"
  paragraph [1.4] "terrain"
  paragraph [1.5] "what a unit is"
  paragraph [1.6] "what a step enters"
  paragraph [1.7] "spending MF"`;
/** A source index of PRELUDE's paragraphs and `more` after them. */
const demoIndex = (more: string): string =>
  `source "the demo rules" {\n${INDEX_OF_PRELUDE}${more === "" ? "" : `\n${more}`}\n}`;

export const EXPLANATIONS: Record<Code, Explanation> = {
  V0101: {
    means:
      "A character the language has no use for, such as `;`, `@` or `$`. Definitions end at the end of their line or block; nothing terminates them.",
    kind: "rules",
    wrong: 'rule double [2.1] "two MF" : MF = 2 MF;',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0102: {
    means:
      "The parser expected something else here: a missing `:` or `=`, a word out of place, or a `{` / `(` never closed (reported where it opens, with where parsing gave up as a note). Every syntax error of a file is reported in one run.",
    kind: "rules",
    wrong: 'rule double [2.1] "two MF" MF = 2 MF',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0103: {
    means:
      'A string opened with `"` has no closing quote on the same line. Strings never span lines.',
    kind: "rules",
    wrong: 'rule double [2.1] "two MF : MF = 2 MF',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0104: {
    means:
      "Brackets open more than 64 deep (a dice chain's `each`, `1d6 each 1d6 each …`, counts as one), or one expression nests more than 256 levels (each operator of a mixed chain, each prefix, each `if … else`). A chain of one of `+`, `and`, `or` may be any length. Name the inner part as a rule of its own.",
    kind: "rules",
    wrong: `rule deep [2.1] "deeply bracketed" : MF = ${"(".repeat(DEEP)}1 MF${")".repeat(DEEP)}`,
    right: 'rule deep [2.1] "deeply bracketed" : MF = (1 MF)',
  },
  V0105: {
    means:
      "A number beyond what every backend computes exactly: a whole part above 1,000,000,000, more than six decimals, more than 6 dice or 20 sides, a fixed roll face above 20, or `expect step N` beyond 10,000. Also a value the rules compute beyond the exact range (numerators and denominators up to 9,007,199,254,740,991, e.g. 10^9 × 10^9): a constant the checker folds, reported at the expression, or an example's input, reported by `variorum test` at the example.",
    kind: "rules",
    wrong: 'rule huge [2.1] "a huge allowance" : MF = 99999999999 MF',
    right: 'rule huge [2.1] "a large allowance" : MF = 99 MF',
  },
  V0106: {
    means:
      "Generated modules count in whole ticks: the least common denominator of every amount in the ruleset. Fractions such as 1/7, 1/11 and 1/13 together need more than 1,000,000 ticks per unit. Use the fractions the rules use (halves, quarters, thirds).",
    kind: "rules",
    wrong:
      'rule odd [2.1] "odd fractions" : MF = 1/7 * 1 MF + 1/11 * 1 MF + 1/13 * 1 MF + 1/17 * 1 MF + 1/19 * 1 MF + 1/23 * 1 MF',
    right: 'rule odd [2.1] "halves and quarters" : MF = 1/2 * 1 MF + 1/4 * 1 MF',
  },
  V0107: {
    means:
      "A control character (TAB, ESC, NUL, …) inside a string or citation. Titles reach terminals, HTML and generated code; write plain text, with spaces instead of tabs.",
    kind: "rules",
    wrong: 'rule double [2.1] "two\tMF" : MF = 2 MF',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0108: {
    means:
      "A `.rules` file over 1,000,000 characters (the bundled rulesets hold about 62,000), a string or citation over 1,000 characters, or an enum of more than 1,000 members (each member is a case of every answer that leaves its field out, a row of its tables, a line of the module and the card). Split a huge ruleset into rulesets that extend one another; say a title in fewer words and cite the rule for the rest.",
    kind: "rules",
    wrong: `rule long [2.1] "${"very ".repeat(200)}long" : MF = 1 MF`,
    shown: 'rule long [2.1] "very very very … (200 times) long" : MF = 1 MF',
    right: 'rule long [2.1] "a long title" : MF = 1 MF',
  },
  V0201: {
    means:
      "A name that is defined nowhere in the ruleset or the rulesets it extends — usually a typo; the hint names the closest definition.",
    kind: "rules",
    wrong:
      'rule extra [2.1] "one more MF" : MF = 1 MF\nrule total [2.2] "4 MF and the extra" : MF = 4 MF + extar',
    right:
      'rule extra [2.1] "one more MF" : MF = 1 MF\nrule total [2.2] "4 MF and the extra" : MF = 4 MF + extra',
  },
  V0202: {
    means:
      "Two definitions in one file share a name. Every measure, enum, group, table, rule, predicate and constraint needs its own.",
    kind: "rules",
    wrong: 'rule bonus [2.1] "a bonus" : MF = 1 MF\nrule bonus [2.2] "another bonus" : MF = 2 MF',
    right:
      'rule bonus [2.1] "a bonus" : MF = 1 MF\nrule big-bonus [2.2] "another bonus" : MF = 2 MF',
  },
  V0203: {
    means:
      "A child ruleset defines a name its parent already has. To replace the parent's definition say so with `override`; to add something new pick a new name.",
    kind: "file",
    wrong:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\nrule allowance [House] "every unit has 5 MF" section allowances: MF = 5 MF',
    right:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule allowance [House] "every unit has 5 MF" section allowances: MF = 5 MF',
  },
  V0204: {
    means:
      "`override` or `remove` names something the parent ruleset does not define — usually a typo of the parent's name.",
    kind: "file",
    wrong:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule allowence [House] "every unit has 5 MF" section allowances: MF = 5 MF',
    right:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule allowance [House] "every unit has 5 MF" section allowances: MF = 5 MF',
  },
  V0205: {
    means:
      "`extends` names a ruleset that is not under rulesets/ or rulesets/house/ (or a file that cannot be read). `variorum list` shows the rulesets known.",
    kind: "file",
    wrong: 'ruleset house "A house rule"\n  cites headings\n  extends sl-clasic',
    right: 'ruleset house "A house rule"\n  cites headings\n  extends sl-classic',
  },
  V0206: {
    means:
      "Rulesets extend each other in a circle (a extends b, b extends a, or a ruleset extends itself); inheritance must end at a ruleset that extends nothing.",
    kind: "file",
    wrong: 'ruleset house "A house rule"\n  cites headings\n  extends house',
    right: 'ruleset house "A house rule"\n  cites headings\n  extends sl-classic',
  },
  V0207: {
    means:
      "A bare member name belongs to more than one enum, so it is ambiguous. Qualify it with its enum: `terrain.woods`.",
    kind: "rules",
    wrong:
      'enum cover [2.1] "cover" {\n  woods "Woods cover"\n  none "No cover"\n}\ngroup dense [2.2] "dense terrain" = woods',
    right:
      'enum cover [2.1] "cover" {\n  woods "Woods cover"\n  none "No cover"\n}\ngroup dense [2.2] "dense terrain" = terrain.woods',
  },
  V0208: {
    means:
      "Definitions refer to each other in a circle, so none of them has a value. Break the cycle: one of them must be defined without the others.",
    kind: "rules",
    wrong:
      'rule base-mf [2.1] "the base MF" : MF = full-mf\nrule full-mf [2.2] "the full MF" : MF = base-mf + 1 MF',
    right:
      'rule base-mf [2.1] "the base MF" : MF = 4 MF\nrule full-mf [2.2] "the full MF" : MF = base-mf + 1 MF',
  },
  V0209: {
    means:
      "A table or a rule with parameters is called with the wrong number of arguments: one per key column or parameter.",
    kind: "rules",
    wrong:
      'table cost [2.1] "MF by terrain" : terrain -> MF {\n  open-ground: 1\n  woods: 2\n}\nrule woods-cost [2.2] "woods" : MF = cost(woods, squad)',
    right:
      'table cost [2.1] "MF by terrain" : terrain -> MF {\n  open-ground: 1\n  woods: 2\n}\nrule woods-cost [2.2] "woods" : MF = cost(woods)',
  },
  V0210: {
    means:
      "A field that the `input` record does not declare (`unit.portgae`), in an expression or in an example's record. The hint lists the fields.",
    kind: "rules",
    wrong: 'rule load [2.1] "what the unit carries" : PP = unit.portgae',
    right: 'rule load [2.1] "what the unit carries" : PP = unit.portage',
  },
  V0211: {
    means:
      "`override` must replace a definition with one of the same kind: a rule with a rule, a predicate with a predicate.",
    kind: "file",
    wrong:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride predicate allowance [House] "a predicate in place of a rule" : true',
    right:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule allowance [House] "every unit has 5 MF" section allowances: MF = 5 MF',
  },
  V0212: {
    means:
      'A ruleset file starts with its header (`ruleset ID "Title"`), and a ruleset that extends nothing needs a `movement` binding naming its allowance and step cost.',
    kind: "file",
    wrong: 'ruleset bare "A bare ruleset"\n\nmeasure MF [1.1] "movement factors"',
    right:
      'ruleset bare "A bare ruleset"\n\nmeasure MF [1.1] "movement factors"\nmovement [1.2] MF {\n  allowance: 4 MF\n  cost: 1 MF\n}',
  },
  V0213: {
    means:
      "A ruleset id names a generated module and a file: lower-case letters, digits and hyphens, starting with a letter.",
    kind: "file",
    wrong: 'ruleset _House "A house rule"\n  cites headings\n  extends sl-classic',
    right: 'ruleset house "A house rule"\n  cites headings\n  extends sl-classic',
  },
  V0214: {
    means:
      "A `section` clause names a report section that does not exist; the hint lists them (allowances, bonuses, terrain, hexsides, roads, portage, who-may-move, advance, special, transport, dice).",
    kind: "rules",
    wrong: 'rule bonus [2.1] "a bonus" section bonusses: MF = 1 MF',
    right: 'rule bonus [2.1] "a bonus" section bonuses: MF = 1 MF',
  },
  V0301: {
    means:
      "A citation does not fit the ruleset's style: `cites numbered` wants rule numbers such as [5.4] or [A4.52], `cites headings` wants headings such as [Movement/Woods].",
    kind: "rules",
    wrong: 'rule double [Movement/Woods] "two MF" : MF = 2 MF',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0302: {
    means:
      "An empty citation `[]`. Every definition cites the rule it encodes; a house rule cites its own numbering.",
    kind: "rules",
    wrong: 'rule double [] "two MF" : MF = 2 MF',
    right: 'rule double [2.1] "two MF" : MF = 2 MF',
  },
  V0303: {
    means:
      'A warning: a paragraph of the ruleset\'s source index (`source "…" { paragraph [2.1] "…" }`) that no definition or example cites and no `out-of-scope [2.1] "why"` leaves out, or a worked example of the index (`example [2.1 EX] "…"` in the index) that no `example` carries. `variorum coverage` lists it as missing. Encode it and cite it, carry the example, or declare it out of scope with the reason.',
    kind: "rules",
    wrong: demoIndex('  paragraph [2.1] "the road rate"'),
    right: `${demoIndex('  paragraph [2.1] "the road rate"')}\nout-of-scope [2.1] "the demonstration map has no roads"`,
  },
  V0304: {
    means:
      "A warning: a citation, or an `out-of-scope` declaration, names no paragraph of the source index of its ruleset or of the rulesets it extends — often a typo (5.73 for 5.74), or a paragraph the index forgot. A file without a source index of its own is not judged.",
    kind: "rules",
    wrong: `${demoIndex("")}\nrule bonus [1.8] "a leader adds 2 MF" : MF = 2 MF`,
    right: `${demoIndex('  paragraph [1.8] "leaders"')}\nrule bonus [1.8] "a leader adds 2 MF" : MF = 2 MF`,
  },
  V0305: {
    means:
      "A warning: the text numbers several paragraphs alike, the index tells them apart with an ordinal (`[2.1#1]`, `[2.1#2]`, `[A4.52 EX#2]`), and a citation without the ordinal names all of them. Cite the one paragraph you mean.",
    kind: "rules",
    wrong: `${demoIndex('  paragraph [2.1#1] "a leader\'s bonus"\n  paragraph [2.1#2] "a hero\'s bonus"')}\nrule bonus [2.1] "a leader adds 2 MF" : MF = 2 MF\nout-of-scope [2.1#2] "no heroes in the demo"`,
    right: `${demoIndex('  paragraph [2.1#1] "a leader\'s bonus"\n  paragraph [2.1#2] "a hero\'s bonus"')}\nrule bonus [2.1#1] "a leader adds 2 MF" : MF = 2 MF\nout-of-scope [2.1#2] "no heroes in the demo"`,
  },
  V0306: {
    means:
      "A warning: an entry listed twice in the source index, a paragraph declared out of scope twice, or one declared out of scope that a definition or an example cites all the same — the coverage report would contradict itself. Keep one entry, and either the citations or the declaration.",
    kind: "rules",
    wrong: `${demoIndex("")}\nout-of-scope [1.2] "no support weapons in the demo"`,
    right: demoIndex(""),
  },
  V0401: {
    means:
      "Quantities of different measures meet: MF where PP is wanted, MF added to PP, MF compared with PP. Measures never convert by themselves; the hint writes the conversion (`/ 1 PP * 1 MF`, one for one) — change the numbers if the rule converts at another rate.",
    kind: "rules",
    wrong: 'rule left [2.1] "4 MF less one per PP" : MF = 4 MF - unit.portage',
    right: 'rule left [2.1] "4 MF less one per PP" : MF = 4 MF - unit.portage / 1 PP * 1 MF',
  },
  V0402: {
    means:
      "A value of the wrong type: a member where a yes/no is wanted, a number where a member is wanted, `and` on numbers.",
    kind: "rules",
    wrong: 'predicate is-squad [2.1] "the unit is a squad" : unit.kind',
    right: 'predicate is-squad [2.1] "the unit is a squad" : unit.kind == squad',
  },
  V0403: {
    means:
      "A division by something that is not a constant. Generated code computes in exact integer ticks, so divisors are fixed numbers such as 2 or `1 MF`.",
    kind: "rules",
    wrong: 'rule share [2.1] "MF per PP" : MF = 4 MF / (unit.portage / 1 PP)',
    right: 'rule share [2.1] "half the MF" : MF = 4 MF / 2',
  },
  V0404: {
    means: "A division by zero: the divisor is a constant that is (or folds to) 0.",
    kind: "rules",
    wrong: 'rule share [2.1] "a share" : MF = 4 MF / 0',
    right: 'rule share [2.1] "a share" : MF = 4 MF / 2',
  },
  V0405: {
    means: "`base` means the value an exception modifies, so it appears only inside an exception.",
    kind: "rules",
    wrong: 'rule mf [2.1] "twice the base" : MF = 2 * base',
    right:
      'rule mf [2.1] "4 MF, doubled with a leader" : MF = 4 MF {\n  exception [2.2] "a leader doubles it" when unit.leader: 2 * base\n}',
  },
  V0406: {
    means:
      "A value that cannot stand here: a step field outside a step cost or an aggregate, the path in a unit rule, an example expecting one value of a rule that reads the step, a default or table cell that is not a constant.",
    kind: "rules",
    wrong: "input scenario [2.1] {\n  bonus: MF = unit.portage / 1 PP * 1 MF\n}",
    right: "input scenario [2.1] {\n  bonus: MF = 0 MF\n}",
  },
  V0501: {
    means:
      "A table leaves out a member of a key's enum. List it, or add an `otherwise` row for every member not listed.",
    kind: "rules",
    wrong: 'table cost [2.1] "MF by terrain" : terrain -> MF {\n  woods: 2\n}',
    right: 'table cost [2.1] "MF by terrain" : terrain -> MF {\n  woods: 2\n  otherwise: 1\n}',
  },
  V0502: {
    means: "A table gives the same key twice, so it would have two values.",
    kind: "rules",
    wrong:
      'table cost [2.1] "MF by terrain" : terrain -> MF {\n  open-ground: 1\n  woods: 2\n  woods: 3\n}',
    right: 'table cost [2.1] "MF by terrain" : terrain -> MF {\n  open-ground: 1\n  woods: 2\n}',
  },
  V0503: {
    means:
      "A table row has more or fewer values than the table has columns (one per member of the last key, in order).",
    kind: "rules",
    wrong:
      'table cost [2.1] "MF by terrain and counter" : terrain, kind -> MF {\n  open-ground: 1, 1\n  woods: 2\n}',
    right:
      'table cost [2.1] "MF by terrain and counter" : terrain, kind -> MF {\n  open-ground: 1, 1\n  woods: 2, 3\n}',
  },
  V0601: {
    means:
      "Two exceptions of one rule can both apply and give different values, and nothing says which wins. Make their conditions exclusive, or nest one inside the other so it refines it.",
    kind: "rules",
    wrong:
      'rule mf [2.1] "MF by counter" : MF = 4 MF {\n  exception [2.2] "a squad has 5 MF" when unit.kind == squad: 5\n  exception [2.3] "with a leader, 6 MF" when unit.leader: 6\n}',
    right:
      'rule mf [2.1] "MF by counter" : MF = 4 MF {\n  exception [2.2] "a squad has 5 MF" when unit.kind == squad: 5 {\n    exception [2.3] "with a leader, 6 MF" when unit.leader: 6\n  }\n}',
  },
  V0701: {
    means:
      "A warning: a definition that nothing uses — not the movement binding, a constraint, another rule or an example. It is dead text in the ruleset, and often a sign that a reference was misspelled.",
    kind: "rules",
    wrong: 'rule road-rate [2.1] "a road costs ½ MF" : MF = 1/2 * 1 MF',
    right:
      'rule road-rate [2.1] "a road costs ½ MF" : MF = 1/2 * 1 MF\nconstraint cheap-roads [2.2] "a road never costs more than 1 MF" : road-rate <= 1 MF',
  },
  V0702: {
    means:
      "A warning: a definition the diff and the cards would show as a rule of the book, though it looks like a step of the encoding — a rule of this file that takes parameters, names no concept of its own (its concept is its name) and shares its citation with the rule that calls it. Mark it `helper` (never a row of a diff or a line of a card; `explain`, hover and traces still show it), or name the book's concept it stands for with `concept KEY`.",
    kind: "rules",
    wrong:
      'rule cost-of(t: terrain) [2.1] "MF of a terrain" : MF = 2 MF if t == woods else 1 MF\nrule woods-cost [2.1] "woods cost 2 MF" : MF = cost-of(woods)\nconstraint cheap [2.2] "woods cost at most 2 MF" : woods-cost <= 2 MF',
    right:
      'rule cost-of(t: terrain) [2.1] "MF of a terrain" helper : MF = 2 MF if t == woods else 1 MF\nrule woods-cost [2.1] "woods cost 2 MF" : MF = cost-of(woods)\nconstraint cheap [2.2] "woods cost at most 2 MF" : woods-cost <= 2 MF',
  },
  V0801: {
    means:
      "An example's expectation failed when `variorum test` ran it: the message gives what was expected and what the rules computed. Either the example or the rules are wrong — derive the answer from the rule text to know which.",
    kind: "example",
    wrong: 'example [1.7] "a squad has 4 MF" {\n  unit { kind: squad }\n  expect allowance = 5\n}',
    right: 'example [1.7] "a squad has 4 MF" {\n  unit { kind: squad }\n  expect allowance = 4\n}',
  },
  V0802: {
    means:
      "An example's input is incomplete: it leaves out a required field (one with no default), or gives no record at all where one is required. `check` reports it without running the example.",
    kind: "example",
    wrong: 'example [1.7] "one woods hex" {\n  path { terrain: woods }\n  expect spent = 1\n}',
    right:
      'example [1.7] "one woods hex" {\n  unit { kind: squad }\n  path { terrain: woods }\n  expect spent = 1\n}',
  },
  V0803: {
    means:
      "An example that places several units (`stack HEX { … }`) is written wrong: it also gives a single unit's `unit`, `path` or `roll`, or a `scenario` field other than its phase (it runs as `reach --all`, which asks nothing else); it asks a single move's `expect allowance` instead of a unit's (`expect NAME.allowance`); a hex name is not one (A1, B12) or lies beyond the 26 × 99 hexes an example's map may span; a hex or a name is placed twice; an expectation names no unit of its stacks or a hex off its map; a weapon gives a field that is not a quantity, lies at the bottom of its stack with no unit beneath it, or the ruleset has no `possesses` predicate to say who holds it. `check` reports it without running the example.",
    kind: "rules",
    wrong:
      'example [1.7] "two squads in one hex" {\n  stack A1 {\n    first { kind: squad }\n    second { kind: squad }\n  }\n  expect allowance = 4\n}',
    right:
      'example [1.7] "two squads in one hex" {\n  stack A1 {\n    first { kind: squad }\n    second { kind: squad }\n  }\n  expect first.allowance = 4\n}',
  },
  V0901: {
    means:
      "The scenario file is not valid JSON (no comments, no trailing commas), is larger than 1,000,000 characters, or nests deeper than 64.",
    kind: "scenario",
    wrong: '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "woods" }, ]\n}',
    right: '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "woods" } ]\n}',
  },
  V0902: {
    means:
      "A field the scenario contract does not know (docs/cli.md lists them); the hint names the closest one.",
    kind: "scenario",
    wrong: '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terain": "woods" } ]\n}',
    right: '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "woods" } ]\n}',
  },
  V0903: {
    means:
      "A scenario value the ruleset cannot use: an unknown member, a number out of range, an empty step, or a field the scenario leaves out that nothing can be answered without (one the allowance itself reads; other left-out fields are answered for every value, or listed under `needs`).",
    kind: "scenario",
    wrong: '{\n  "unit": { "kind": "squad" },\n  "path": [ {} ]\n}',
    right: '{\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "woods" } ]\n}',
  },
  V1001: {
    means:
      "The map file is not valid JSON (no comments, no trailing commas), is larger than 1,000,000 characters, or nests deeper than 64.",
    kind: "map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground", } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" } }',
  },
  V1002: {
    means:
      "A field the map format does not know (docs/maps.md lists them); the hint names the closest one.",
    kind: "map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" }, "level": { "B2": 1 } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" }, "levels": { "B2": 1 } }',
  },
  V1003: {
    means:
      "A map value that cannot be right: a hex name that is not one or lies off the map, two consecutive road hexes or the two hexes of a hexside that are not adjacent, a number out of range, a required field missing.",
    kind: "map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" },\n  "roads": [ ["A1", "C1"] ] }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" },\n  "roads": [ ["A1", "B1", "C1"] ] }',
  },
  V1004: {
    means:
      "A terrain, hexside feature, enemy occupant, vehicle kind or stream that none of the rulesets asked has (a map serves every ruleset that knows its names; a name only some rulesets lack is impassable for those and listed in their `notApplicable`).",
    kind: "map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground", "hexes": { "B2": "jungle" } } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground", "hexes": { "B2": "woods" } } }',
  },
  V1101: {
    means:
      "The hex the unit starts from is not a hex of the map: a name that is not one (column letters, then the row) or a hex beyond the map's columns and rows, which the message names.",
    kind: "start",
    wrong: "K12",
    right: "B3",
  },
  V1102: {
    means:
      "The unit is not a JSON object (no comments, no trailing commas, field names in double quotes). Its fields are then checked as a scenario's `unit` record (V0902, V0903), located in the unit's text. A field given as unknown (`null`) is searched once per value; V1102 too is a field so given that cannot be: a number (no finite set of values), or more than 64 combinations of values under one ruleset.",
    kind: "unit",
    wrong: "{ kind: squad }",
    right: '{ "kind": "squad" }',
  },
  V1103: {
    means:
      "The ruleset moves a unit only under an action (Tide of Iron: Advance, Fire and Movement or Assault) and names none as the default, and the unit gives none: the answer is the unit's own hex alone (starting aboard a vehicle, `--aboard`, no hex at all: getting off is a move). Give the action in the unit (`--unit ID=JSON` gives one ruleset its own unit).",
    kind: "ti-unit",
    wrong: '{ "kind": "squad" }',
    right: '{ "kind": "squad", "action": "advance" }',
  },
  V1104: {
    means:
      "`variorum reach --all` moves the units a map places (its `units`, per hex a list of scenario `unit` records with a `side`), and the map places none of the side asked (`--side`, default friendly).",
    kind: "units-map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" },\n  "units": { "B2": [{ "kind": "squad" }] } }',
  },
  V1105: {
    means:
      "A unit a map places moves `with` a leader of its hex, as one stack (`variorum reach --all`; SL 5.44, ASL A4.12), and the unit it names is not placed in that hex on its side, or is not a leader in the ruleset (a hero, a squad; a ruleset without leaders): the unit is not moved, never moved as a silent stack. Name a leader of its hex, or leave `with` out.",
    kind: "units-map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 1,\n  "terrain": { "default": "open-ground" },\n  "units": { "A1": [{ "kind": "squad", "with": "Hero" },\n                   { "kind": "hero", "name": "Hero" }] } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 1,\n  "terrain": { "default": "open-ground" },\n  "units": { "A1": [{ "kind": "squad", "with": "Lt" },\n                   { "kind": "leader", "name": "Lt" }] } }',
  },
  V1113: {
    means:
      "`variorum reach --aboard` starts the unit aboard the vehicle the map places in the `--from` hex (its `vehicles`), and that hex holds none. Place the vehicle there, or start from the hex that holds it.",
    kind: "aboard-map",
    wrong:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" } }',
    right:
      '{ "name": "Field", "columns": 3, "rows": 3,\n  "terrain": { "default": "open-ground" },\n  "vehicles": { "B2": { "kind": "halftrack", "mp": 16 } } }',
  },
  V1120: {
    means:
      "A warning: a step's cost reads the whole move — a path aggregate (`count step (…)`, `sum step (…)`, …), `path.hexes`, `path.steps` or `step.last`, in the movement binding's `cost:` or a rule it asks. `variorum eval` prices each step knowing every step of the move; reach (`variorum reach`, the studio's map) prices each step as the search takes it, over the path so far, and never again. So a hex's cost in a reach answer is not always the price `eval` gives its path (a woods hex entered early is priced before the later woods hexes are known). Shown on the `cost:` binding and in every reach answer for the ruleset; `eval`'s price is the ruleset's meaning.",
    kind: "file",
    wrong:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule entry-cost [House] "each woods hex of the move adds 1 MF to every hex" section terrain: MF = cot + count step (step.terrain == woods) * 1 MF',
    right:
      'ruleset house "A house rule"\n  cites headings\n  extends sl-classic\n\noverride rule entry-cost [House] "a woods hex costs 1 MF more" section terrain: MF = cot + (1 MF if step.terrain == woods else 0 MF)',
  },
  V1121: {
    means:
      'A warning: the unit starts in a building under a ruleset whose moves may begin by changing floor (Chain of Command 10.1.4: `change-floor`, the whole phase, then up to 6" on the floor moved to). Reach does not search such a move: its answer is one cost per hex, and after the change the unit stands on another floor of the same hex, which a map has no place for (no floors, nor which hexes are one building). The hexes listed are the moves that stay on the floor the unit starts on; `variorum eval` prices a move that changes floor (a path that starts `{ "action": "change-floor" }`). Said wherever a unit starts in a building: `--from` in a `building` hex, or a unit placed in one (`--all`).',
    kind: "coc-map",
    wrong:
      '{ "name": "Village", "columns": 3, "rows": 3, "hexInches": 4,\n  "terrain": { "default": "open-ground", "hexes": { "B2": "building" } } }',
    right:
      '{ "name": "Village", "columns": 3, "rows": 3, "hexInches": 4,\n  "terrain": { "default": "open-ground", "hexes": { "C2": "building" } } }',
  },
};

/** The codes in table order. */
export function codes(): Code[] {
  return Object.keys(CODES) as Code[];
}

/** The text a snippet runs as: PRELUDE + the snippet for `rules`/`example`, the snippet itself otherwise. */
export function snippetSource(kind: SnippetKind, snippet: string): string {
  return kind === "rules" || kind === "example" ? `${PRELUDE}\n${snippet}\n` : `${snippet}\n`;
}

/** Words of `text` in lines of at most `width` columns. */
function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line].join("\n");
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => (l === "" ? "" : `    ${l}`))
    .join("\n");
}

const WHERE: Record<SnippetKind, string> = {
  rules: "in a ruleset",
  file: "a whole file",
  example: "in a ruleset, run by `variorum test`",
  scenario: "a scenario file, `variorum eval sl-classic FILE`",
  map: "a map file, `variorum reach sl-classic FILE --from A1`",
  start: "a start hex, `variorum reach sl-classic maps/crossroads.json --from HEX`",
  unit: "a unit, `variorum reach sl-classic maps/crossroads.json --from B3 --unit JSON`",
  "ti-unit": "a unit, `variorum reach tide-of-iron maps/crossroads.json --from B3 --unit JSON`",
  "units-map": "a map file, `variorum reach sl-classic FILE --all`",
  "aboard-map": "a map file, `variorum reach sqla-31 FILE --from B2 --aboard`",
  "coc-map": "a map file, `variorum reach chain-of-command FILE --from B2`",
};

/** One code as terminal text: `V0601 error: exceptions conflict`, what it means, wrong and right. */
export function explainText(code: Code): string {
  const c = CODES[code];
  const e = EXPLANATIONS[code];
  const shown = (s: string) => indent(s.replace(/\t/g, "→"));
  return `${code} ${c.severity}: ${c.summary}\n\n${wrap(e.means)}\n\nWrong (${WHERE[e.kind]}):\n${shown(e.shown ?? e.wrong)}\n\nRight:\n${shown(e.right)}\n`;
}

/** Every code as Markdown: the body of docs/diagnostics.md. */
export function explainMarkdown(): string {
  const fence = (kind: SnippetKind, s: string) =>
    "```" +
    (kind === "scenario" ||
    kind === "map" ||
    kind === "unit" ||
    kind === "ti-unit" ||
    kind === "units-map" ||
    kind === "aboard-map" ||
    kind === "coc-map"
      ? "json"
      : "") +
    "\n" +
    s.replace(/\t/g, "→") +
    "\n```";
  const parts = [
    "<!-- Generated by `variorum explain --all --format md` from diagnostics/explain.ts: do not edit. -->",
    "# Diagnostics",
    "",
    "Every diagnostic Variorum reports, by code: what it means, a snippet that produces it and the same",
    'snippet put right. `variorum explain CODE` prints one of them. Snippets marked "in a ruleset" follow',
    "a small demonstration ruleset (measures MF and PP, enums `kind` and `terrain`, inputs `unit` and",
    "`step`, a movement binding); a `→` in a snippet stands for a TAB character.",
    "",
    "| code | severity | summary |",
    "| --- | --- | --- |",
    ...codes().map(
      (code) =>
        `| [${code}](#${code.toLowerCase()}) | ${CODES[code].severity} | ${CODES[code].summary} |`,
    ),
  ];
  for (const code of codes()) {
    const e = EXPLANATIONS[code];
    parts.push(
      "",
      `## ${code}`,
      "",
      `**${CODES[code].severity}: ${CODES[code].summary}.** ${e.means}`,
      "",
      `Wrong (${WHERE[e.kind]}):`,
      "",
      fence(e.kind, e.shown ?? e.wrong),
      "",
      "Right:",
      "",
      fence(e.kind, e.right),
    );
  }
  return parts.join("\n") + "\n";
}
