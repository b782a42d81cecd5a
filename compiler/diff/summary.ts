/**
 * "What changed", first: the sentences above the diff's table. How many rules change answers and, for
 * each, one sentence with its smallest situation and citations ("asl-a4 raises Allowance to 5 MF for
 * a Squad, entering Open Ground, via road (A4.11, A4.132; sl-classic 4 MF, 5.4)"), with the rows that
 * only follow from it folded under it; then the concepts each ruleset adds or lacks, one line per
 * section. Built from every row (whatever `--only-differences` shows), plain text: each format
 * escapes it.
 */

import type {
  Cell,
  Row,
  RulesetInfo,
  Summary,
  SummaryChange,
  SummaryConcepts,
} from "./report-model.js";
import type { Situation } from "./situations.js";
import { sectionIndex, sectionTitle } from "../ir/report-sections.js";
import { causeWords } from "./situation-words.js";

const RULES = new Set(["rule", "predicate", "constraint", "table-entry"]);

function cellsOf(row: Row): [string, Cell][] {
  return Object.entries(row.cells).filter((e): e is [string, Cell] => e[1] !== null);
}

function cites(rules: readonly string[]): string {
  return rules.slice(0, 3).join(", ") + (rules.length > 3 ? " …" : "");
}

/**
 * "Squad, entering Open Ground" → " for squad, entering …"; the unit's kinds of a folded situation
 * alike ("Half-squad or Crew, …" → " for half-squad or crew, …"); an empty situation: "".
 */
function situationWords(sit: Situation): string {
  const text = sit.text;
  if (text === "") return "";
  const lower = (w: string) => w.charAt(0).toLowerCase() + w.slice(1);
  const comma = text.indexOf(", ");
  const head = comma < 0 ? text : text.slice(0, comma);
  const kinds = sit.members?.input.startsWith("unit.")
    ? head.split(" or ").map(lower).join(" or ")
    : lower(head);
  return ` for ${kinds}${comma < 0 ? "" : text.slice(comma)}`;
}

/**
 * Which editions agree in a situation, one group per answer, in the rulesets' order: "sl-classic,
 * sqla-31: no Conscript (4 MF without it); asl-a4: 3 MF (A4.11); tide-of-iron: no Conscript (4 MP
 * without it)". Every ruleset that has the row is named: those that answer, grouped by answer; those
 * that lack an input the situation sets (one-sided), grouped by what they answer without it; those
 * that cannot be asked it ("no answer for these inputs").
 */
function agreeing(row: Row, sit: Situation, ids: readonly string[]): string[] {
  const groups = new Map<string, { ids: string[]; text: (g: string[]) => string }>();
  const add = (key: string, id: string, text: (g: string[]) => string) => {
    const g = groups.get(key) ?? { ids: [], text };
    g.ids.push(id);
    groups.set(key, g);
  };
  const what = sit.only?.inputs.join(" or ") ?? "";
  const it = sit.only?.inputs.length === 1 ? "it" : "them";
  for (const id of ids) {
    if (row.cells[id] === null || row.cells[id] === undefined) continue;
    const d = sit.display[id];
    if (d !== null && d !== undefined) {
      add(`a:${JSON.stringify(sit.values[id])}${d}`, id, (g) => {
        const c = [...new Set(g.flatMap((x) => (sit.rules[x] ?? []).slice(0, 3)))];
        return `${d}${c.length > 0 ? ` (${cites(c)})` : ""}`;
      });
    } else if (sit.only !== undefined && id in sit.only.without) {
      const w = sit.only.without[id];
      add(
        `w:${w?.display ?? ""}`,
        id,
        () => `no ${what}${w ? ` (${w.display} without ${it})` : ""}`,
      );
    } else add("x", id, () => "no answer for these inputs");
  }
  return [...groups.values()].map((g) => `${g.ids.join(", ")}: ${g.text(g.ids)}`);
}

/** One sentence for a row changed in its own right. */
function sentence(row: Row, ids: readonly string[]): string {
  const label = row.label;
  // The row's own evidence: not the situations another change explains (causes.ts).
  const sit = row.situations.find((x) => x.follows === undefined);
  if (sit !== undefined) {
    const present = ids.filter((id) => sit.display[id] !== null && sit.display[id] !== undefined);
    const lackers = ids.filter((id) => sit.only?.without[id]);
    const pair = ids.length === 2;
    if (pair && sit.only && present.length === 1 && lackers.length === 1) {
      // One-sided: "only asl-a4 has Conscript: asl-a4 lowers Movement factor to 3 MF for a squad,
      // Conscript (A4.11; sl-classic has no Conscript: 4 MF without it)".
      const [id, lacker] = [present[0]!, lackers[0]!];
      const w = sit.only.without[lacker]!;
      const a = w.value;
      const b = sit.values[id];
      const verb =
        typeof a === "number" && typeof b === "number" ? (b > a ? "raises" : "lowers") : "changes";
      const what = sit.only.inputs.join(" and ");
      return `only ${id} has ${what}: ${id} ${verb} ${label} to ${sit.display[id]}${situationWords(sit)} (${cites(sit.rules[id] ?? [])}${sit.rules[id]!.length > 0 ? "; " : ""}${lacker} has no ${what}: ${w.display} without it)`;
    }
    const [first, ...rest] = present;
    const other = rest.find(
      (id) => JSON.stringify(sit.values[id]) !== JSON.stringify(sit.values[first!]),
    );
    if (pair && first !== undefined && other !== undefined && present.length === 2) {
      const clause = (x: Situation, lead: boolean) => {
        const a = x.values[first];
        const b = x.values[other];
        const verb =
          typeof a === "number" && typeof b === "number"
            ? b > a
              ? "raises"
              : "lowers"
            : "changes";
        const theirs = x.rules[first]!.length > 0 ? `, ${cites(x.rules[first]!)}` : "";
        // A constraint one of them does not have (a house rule's `remove`).
        const gone = row.cells[other] === null ? other : row.cells[first] === null ? first : null;
        if (gone !== null)
          return `${other} ${gone === other ? "removes" : "adds"} ${label}: ${x.display[other]}${situationWords(x)} (${first} ${x.display[first]}${theirs})`;
        const mine = cites(x.rules[other] ?? []);
        const apart = causeWords(x).map((w) => ` — ${w}`);
        return `${lead ? `${other} ${verb} ${label}` : verb} to ${x.display[other]}${situationWords(x)} (${mine}${mine ? "; " : ""}${first} ${x.display[first]}${theirs})${apart.join("")}`;
      };
      // Situations another exception decides (other citations) show the other changes in play.
      // Only a citation of the row's own definition counts (H1 of a house rule), not one of a
      // definition it uses.
      const ownCites = new Set(row.cells[other]?.rules ?? []);
      const seen = new Set((sit.rules[other] ?? []).filter((c) => ownCites.has(c)));
      const more: Situation[] = [];
      for (const x of row.situations.filter((y) => y !== sit && y.follows === undefined)) {
        const fresh = (x.rules[other] ?? []).filter((c) => ownCites.has(c) && !seen.has(c));
        if (fresh.length === 0 || x.display[first] === null || x.display[other] === null) continue;
        for (const c of fresh) seen.add(c);
        if (more.length < 2) more.push(x);
      }
      return [clause(sit, true), ...more.map((x) => clause(x, false))].join("; and ");
    }
    return `${label}${situationWords(sit)}: ${agreeing(row, sit, ids).join("; ")}${causeWords(sit)
      .map((w) => ` — ${w}`)
      .join("")}`;
  }
  // No situation: a constant's values themselves (a table entry, `road-rate`) …
  const cells = cellsOf(row);
  const first = cells[0]!;
  const constant = cells.every(([, c]) => c.lines.length === 1 && typeof c.value !== "string");
  const diff = cells.filter(([, c]) => c.differs);
  if (constant && diff.length === 1 && cells.length === 2) {
    const [id, c] = diff[0]!;
    return `${id} makes ${label} ${c.display} (${cites(c.rules)}; ${first[0]} ${first[1].display}, ${cites(first[1].rules)})`;
  }
  if (constant) {
    // Which editions agree, as for a situation.
    const groups = new Map<string, [string, Cell][]>();
    for (const e of cells) groups.set(e[1].display, [...(groups.get(e[1].display) ?? []), e]);
    return `${label}: ${[...groups.entries()]
      .map(
        ([d, g]) =>
          `${g.map(([id]) => id).join(", ")}: ${d} (${cites([...new Set(g.flatMap(([, c]) => c.rules))])})`,
      )
      .join("; ")}`;
  }
  // … else the rule changed, and why no situation shows it: every one found is another change's, …
  const explained = [...new Set(row.situations.flatMap((x) => x.follows ?? []))];
  if (explained.length > 0) {
    const diffIds = ids.filter((id) => row.cells[id] && row.cells[id]!.differs);
    const base = ids.find((id) => row.cells[id]);
    const unfired = row.notes.find((n) => n.startsWith("no situation"));
    return `${diffIds.join(", ")} ${diffIds.length === 1 ? "changes" : "change"} ${label} (${diffIds.map((id) => `${id}: ${cites(row.cells[id]!.rules)}`).join("; ")}${base ? `; ${base}: ${cites(row.cells[base]!.rules)}` : ""}) — every situation found follows from ${explained.join(" and ")}${unfired ? `; ${unfired}` : ""}`;
  }
  // … or none was found.
  const why = row.notes.find(
    (n) => n.startsWith("no situations") || n.startsWith("the concepts differ"),
  );
  const others = diff.map(([id, c]) => `${id}: ${cites(c.rules)}`).join("; ");
  return `${diff.map(([id]) => id).join(", ")} ${diff.length === 1 ? "changes" : "change"} ${label} (${others}; ${first[0]}: ${cites(first[1].rules)})${why ? ` — ${why}` : ""}`;
}

/** Labels of the rows one ruleset set has, a table's entries counted rather than listed when many. */
function conceptList(rows: readonly Row[]): string {
  const out: string[] = [];
  const tables = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.member === null) {
      out.push(r.label);
      continue;
    }
    const head = r.label.slice(0, r.label.indexOf(": "));
    if (!tables.has(head)) out.push(`\u0000${head}`);
    tables.set(head, [...(tables.get(head) ?? []), r]);
  }
  return out
    .map((l) => {
      if (!l.startsWith("\u0000")) return l;
      const head = l.slice(1);
      const entries = tables.get(head)!;
      const names = entries.map((r) => r.label.slice(head.length + 2));
      return entries.length > 4
        ? `${head} (${entries.length} entries)`
        : `${head}: ${names.join(", ")}`;
    })
    .join("; ");
}

/**
 * The rows that follow from a root change: those it causes (causes.ts), those that differ only
 * through its definitions, and, in turn, those that follow from them.
 */
function followersOf(root: Row, follows: readonly Row[]): Row[] {
  const out: Row[] = [];
  const reached = new Set(cellsOf(root).map(([, c]) => c.definition));
  const ids = new Set([root.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of follows) {
      if (out.includes(f)) continue;
      const from =
        f.causes.length > 0
          ? f.causes.some((id) => ids.has(id))
          : f.followsFrom.some((n) => reached.has(n));
      if (!from) continue;
      out.push(f);
      ids.add(f.id);
      for (const [, c] of cellsOf(f)) reached.add(c.definition);
      grew = true;
    }
  }
  return follows.filter((f) => out.includes(f));
}

export function buildSummary(rulesets: readonly RulesetInfo[], rows: readonly Row[]): Summary {
  const ids = rulesets.map((r) => r.id);
  // Root causes: rows whose own values differ between two rulesets that have them (in a diff of
  // three or more, a row some lack counts too).
  const own = rows.filter(
    (r) => r.differs && r.followsFrom.length === 0 && RULES.has(cellsOf(r)[0]![1].kind),
  );
  const follows = rows.filter((r) => r.differs && r.followsFrom.length > 0);
  // Under each root: the rows that follow from it, and the other roots some of whose situations
  // it explains or turns on (Uphill under the shell hole), in report order.
  const changes: SummaryChange[] = own.map((r) => {
    const under = new Set([
      ...followersOf(r, follows),
      ...own.filter((o) => o.turnsOn.includes(r.id)),
    ]);
    return {
      row: r.id,
      label: r.label,
      sentence: sentence(r, ids),
      follows: rows.filter((x) => under.has(x)).map((f) => ({ row: f.id, label: f.label })),
    };
  });
  // Concepts not every ruleset has, by section: "asl-a4 only: Brush, Grain".
  const bySection = new Map<string, Map<string, Row[]>>();
  for (const r of rows) {
    if (r.status !== "partial") continue;
    const have = cellsOf(r).map(([id]) => id);
    const key = `${have.join(", ")} only`;
    const m = bySection.get(r.section) ?? new Map<string, Row[]>();
    bySection.set(r.section, m);
    const list = m.get(key) ?? [];
    list.push(r);
    m.set(key, list);
  }
  const concepts: SummaryConcepts[] = [...bySection.entries()]
    .sort((a, b) => sectionIndex(a[0]) - sectionIndex(b[0]))
    .map(([section, m]) => ({
      section,
      title: sectionTitle(section),
      lines: [...m.entries()].map(([k, list]) => `${k}: ${conceptList(list)}`),
    }));
  const partial = rows.filter((r) => r.status === "partial").length;
  // A rule written differently whose search found no situation where its own change decides the
  // answer is not counted as changing answers: none where the answers differ (SQLA's COT restates
  // SL's Bypass for a step in place), or only situations other changes explain (the five-way COT).
  // It is said apart, and so are the rows that only follow from it.
  const silent = new Set(
    own
      .filter((r) =>
        r.situations.length === 0
          ? r.notes.some((n) =>
              /^no situations(?: within the search's bound|: the answers agree)/.test(n),
            )
          : r.situations.every((x) => x.follows !== undefined),
      )
      .map((r) => r.id),
  );
  const counted = own.filter((r) => !silent.has(r.id));
  // Rows that only follow (each once, however many causes it has); the roots are counted apart.
  const roots = new Set(own.map((r) => r.id));
  const folded = new Set(
    changes
      .filter((c) => !silent.has(c.row))
      .flatMap((c) => c.follows.map((f) => f.row))
      .filter((id) => !roots.has(id)),
  ).size;
  const headline =
    `${counted.length} ${counted.length === 1 ? "rule changes" : "rules change"} answers` +
    (folded > 0
      ? ` (${folded} more ${folded === 1 ? "row follows" : "rows follow"} from ${counted.length === 1 ? "it" : "them"})`
      : "") +
    (silent.size > 0
      ? `; ${silent.size} more ${silent.size === 1 ? "is" : "are"} written differently, with no situation found where that alone changes an answer`
      : "") +
    `; ${partial} ${partial === 1 ? "concept is" : "concepts are"} not in every ruleset.`;
  return { headline, changes, concepts };
}
