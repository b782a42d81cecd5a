/**
 * Variorum Studio: the page. An editor on the left (a draft ruleset), live panes on the right (the
 * diff against another ruleset, the card, the examples, a scenario, the reach map), each redrawn a
 * moment after typing pauses. Drafts live in this browser (localStorage) or, when `variorum studio
 * FILE` serves the page, are saved back to that file. A share link carries the draft in the URL
 * fragment, which never leaves the browser.
 */
import type { EditorView } from "@codemirror/view";
import { MAPS, RULESETS, SCENARIOS, rulesetById } from "./bundled.js";
import { createEditor, reveal, setText } from "./editor.js";
import { DRAFT_URI, StudioSession, type Problem } from "./engine.js";
import { el, examplesView, problemList, scenarioView, showPage } from "./panes.js";
import { decodeDraft, encodeDraft, MAX_DRAFT_BYTES } from "./share.js";
import type { DocumentSymbol } from "../../compiler/service/index.js";

type Pane = "diff" | "card" | "examples" | "scenario" | "reach";
const PANES: Pane[] = ["diff", "card", "examples", "scenario", "reach"];
const DRAFT_KEY = "variorum-studio:draft";
/** The draft this browser kept when a share link was opened over it (never lost: swapped back). */
const OTHER_KEY = "variorum-studio:other-draft";
/** Typing pauses this long before the panes redraw; the diff's situations wait for a longer rest. */
const QUIET_MS = 30;
const REST_MS = 250;

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** What tests and `npm run bench` read: the text's version, the last drawing and when it ended, readiness. */
interface StudioProbe {
  version: number;
  /** The last drawing: which pane, for which version of the text, how long it took, when it ended (performance.now()). */
  last: { pane: Pane; version: number; ms: number; at: number } | null;
  ready: boolean;
}
const probe: StudioProbe = { version: 0, last: null, ready: false };
(window as unknown as { studio: StudioProbe }).studio = probe;

const bench = new StudioSession();
let view: EditorView;
let active: Pane = "diff";
/** The version each pane last showed; a pane behind the text is redrawn when it is shown. */
const shown: Record<Pane, number> = { diff: -1, card: -1, examples: -1, scenario: -1, reach: -1 };
let compareChosen = false;
let fileMode: { file: string; name: string } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
/** The text the served file last held as the page knows it: equal text is never saved (not on open). */
let lastSaved: string | null = null;
/** The version of the served file the page last loaded or saved: a save replaces only that one. */
let diskVersion = "";
/** The file changed on disk under the page: saving waits until the author says what to keep. */
let conflict: { text: string | null; version: string } | null = null;
let situationsTimer: ReturnType<typeof setTimeout> | undefined;

function status(text: string): void {
  $("status").textContent = text;
}

// ---------------------------------------------------------------------------------------------------
// Starting: the served file, a shared link, the last draft, or a new house rule.

/** The text to open, and a note to show instead of the usual status line (a warning stays visible). */
async function startText(): Promise<{ text: string; note?: string }> {
  let note: string | undefined;
  try {
    const r = await fetch("./api/session", { cache: "no-store" });
    if (r.ok) {
      const s = (await r.json()) as {
        file: string | null;
        name?: string;
        text?: string;
        version?: string;
        error?: string;
        bases?: Record<string, string>;
      };
      if (s.file !== null && typeof s.text === "string") {
        fileMode = { file: s.file, name: s.name ?? s.file };
        diskVersion = s.version ?? "";
        // The bases beside the file (a house rule over a house rule in its folder), as `check` finds them.
        bench.beside(s.bases ?? {});
        // The editor holds lines joined by LF; the server writes them back with the file's own ending.
        lastSaved = s.text.replace(/\r\n?/g, "\n");
        // A share link never replaces the file silently, nor is it dropped silently: say which won.
        if (location.hash.startsWith("#src="))
          return { text: s.text, note: sharedInFileMode(fileMode.name) };
        return { text: s.text };
      }
      // A file the studio must not edit (not UTF-8): say so, and edit the browser's draft instead.
      if (s.file !== null && typeof s.error === "string")
        note = `${s.error}; editing the draft kept in this browser instead`;
    }
  } catch {
    // A static host: no server to ask.
  }
  const saved = localStorage.getItem(DRAFT_KEY);
  if (location.hash.startsWith("#src=")) {
    const shared = await decodeDraft(location.hash.slice(5));
    if (shared.ok) {
      // Never lose the draft this browser kept: it is set aside, one click away.
      if (saved !== null && saved !== shared.text) {
        try {
          localStorage.setItem(OTHER_KEY, saved);
        } catch {
          return {
            text: saved,
            note: "the share link was not opened: this browser could not keep your draft beside it (storage full?)",
          };
        }
        return {
          text: shared.text,
          note: "opened the shared draft; your own draft is kept: “Back to my draft” returns to it",
        };
      }
      return { text: shared.text, note: "opened the shared draft" };
    }
    note =
      shared.reason === "too-large"
        ? `the share link was not opened: its draft is larger than ${MAX_DRAFT_BYTES / 1024 / 1024} MiB; opened the last draft instead`
        : "the share link could not be read; opened the last draft instead";
  }
  if (saved !== null) return { text: saved, note };
  const s = StudioSession.skeleton("my-house", "sl-classic");
  return { text: s.ok ? s.text : (rulesetById("sl-classic")?.text ?? ""), note };
}

/** Why a share link is not opened in a studio serving a FILE (every change there is saved to it). */
function sharedInFileMode(name: string): string {
  return `the share link was not opened: this studio edits ${name}, saved back on every change; keep it, or open the link in a studio started without a file (variorum studio: “Open link” takes it from any port)`;
}

/**
 * "Open link": a share link pasted from anywhere — another studio's port, another machine — opens
 * here, since the draft travels in its fragment, not in its address. This browser's own draft is
 * set aside first ("Back to my draft"), as when a link is opened directly.
 */
async function openLink(): Promise<void> {
  const link = prompt("Paste a Variorum Studio share link (from any studio, on any port)");
  if (link === null) return;
  const m = /#src=([A-Za-z0-9_-]*)/.exec(link);
  if (m === null) return void status("that is not a share link: it has no #src=… part");
  if (fileMode !== null) return void status(sharedInFileMode(fileMode.name));
  const shared = await decodeDraft(m[1]!);
  if (!shared.ok)
    return void status(
      shared.reason === "too-large"
        ? `the share link was not opened: its draft is larger than ${MAX_DRAFT_BYTES / 1024 / 1024} MiB`
        : "the share link could not be read",
    );
  const mine = view.state.doc.toString();
  if (mine !== shared.text) {
    try {
      localStorage.setItem(OTHER_KEY, mine);
    } catch {
      return void status(
        "the share link was not opened: this browser could not keep your draft beside it (storage full?)",
      );
    }
    $("swap-draft").hidden = false;
  }
  history.replaceState(null, "", `#src=${m[1]!}`);
  openText(
    shared.text,
    "opened the shared draft; your own draft is kept: “Back to my draft” returns to it",
  );
}

/** Swaps the open draft with the one set aside when a share link was opened: neither is lost. */
function swapDraft(): void {
  const other = localStorage.getItem(OTHER_KEY);
  if (other === null) return;
  const current = view.state.doc.toString();
  try {
    localStorage.setItem(OTHER_KEY, current);
  } catch {
    return void status("this browser would not keep the draft (storage full?): export it");
  }
  history.replaceState(null, "", location.pathname + location.search);
  openText(other, "back to the other draft; the one you left is kept: the button swaps again");
}

// ---------------------------------------------------------------------------------------------------
// Updating.

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(refresh, QUIET_MS);
}

function refresh(): void {
  const text = view.state.doc.toString();
  bench.setText(text);
  probe.version++;
  drawProblems();
  drawOutline();
  followCompare();
  void draw(active);
  persist(text);
}

function problems(): Problem[] {
  return bench.problems();
}

function drawProblems(): void {
  const ps = problems();
  const errors = ps.filter((p) => p.severity === "error").length;
  const box = $("problems");
  box.replaceChildren(
    el(
      "p",
      { class: errors > 0 ? "bad" : "good", style: "margin:0.25rem 0.5rem" },
      errors > 0 ? `${errors} error${errors === 1 ? "" : "s"}` : "checks clean",
      ps.length > errors
        ? `, ${ps.length - errors} warning${ps.length - errors === 1 ? "" : "s"}`
        : "",
    ),
    problemList(ps, (p) => reveal(view, { line: p.line, col: p.col })),
  );
  const stale = $("stale");
  stale.hidden = bench.ir() !== null;
  stale.textContent =
    errors > 0
      ? `The draft has ${errors} error${errors === 1 ? "" : "s"}: the panes show the last version that checked.`
      : "The draft does not check yet.";
}

function drawOutline(): void {
  const list = (syms: readonly DocumentSymbol[]): HTMLElement => {
    const ul = el("ul", {});
    for (const s of syms) {
      const a = el("a", { href: "#" }, s.name, " ", el("span", { class: "kind" }, s.kind));
      a.addEventListener("click", (e) => {
        e.preventDefault();
        reveal(view, {
          line: s.selectionRange.start.line + 1,
          col: s.selectionRange.start.character + 1,
        });
      });
      const li = el("li", {}, a);
      if (s.children.length > 0) li.append(list(s.children));
      ul.append(li);
    }
    return ul;
  };
  $("outline").replaceChildren(el("strong", {}, "Outline"), list(bench.service.symbols(DRAFT_URI)));
}

/** Until the author picks, the draft is compared with the ruleset it extends (or its bundled original). */
function followCompare(): void {
  if (compareChosen) return;
  const h = bench.header();
  const want = h.extends ?? (h.id !== null && rulesetById(h.id) ? h.id : null);
  const select = $<HTMLSelectElement>("compare");
  if (want !== null && rulesetById(want) && select.value !== want) select.value = want;
}

async function draw(pane: Pane): Promise<void> {
  if (bench.ir() === null) return; // keep the last good drawing
  if (shown[pane] === probe.version) return;
  const version = probe.version;
  const t0 = performance.now();
  const compare = $<HTMLSelectElement>("compare").value;
  if (pane === "diff") {
    const a = bench.diffHtml(compare, $<HTMLInputElement>("only-differences").checked, false);
    if (a.ok) {
      $("diff-stats").textContent =
        `${a.value.changed} of ${a.value.rows} rows differ from ${compare}`;
      await showPage($<HTMLIFrameElement>("diff-frame"), ownToggleOnly(a.value.html));
      clearTimeout(situationsTimer);
      situationsTimer = setTimeout(() => void situations(version, compare), REST_MS);
    }
  } else if (pane === "card") {
    const a = bench.cardHtml(compare);
    if (a.ok) await showPage($<HTMLIFrameElement>("card-frame"), a.value);
  } else if (pane === "examples") {
    $("examples").replaceChildren(
      examplesView(bench.examples(), DRAFT_URI, (line, col) => reveal(view, { line, col })),
    );
  } else if (pane === "scenario") {
    const a = bench.scenario($<HTMLTextAreaElement>("scenario-text").value, compare);
    $("scenario-out").replaceChildren(
      a.ok
        ? scenarioView(a.value.name, a.value.answers)
        : el(
            "div",
            {},
            el("p", { class: "bad" }, "The scenario has problems:"),
            problemList(a.problems),
          ),
    );
  } else {
    drawReach(compare);
  }
  if (version !== probe.version && pane === active) return void draw(pane);
  shown[pane] = version;
  const at = performance.now();
  probe.last = { pane, version, ms: at - t0, at };
  $(`pane-${pane}`).dataset["version"] = String(version);
}

/** The full diff, with the situations where the answers differ, once typing has rested. */
async function situations(version: number, compare: string): Promise<void> {
  if (version !== probe.version || active !== "diff" || bench.ir() === null) return;
  const a = bench.diffHtml(compare, $<HTMLInputElement>("only-differences").checked, true);
  if (!a.ok || version !== probe.version) return;
  await showPage($<HTMLIFrameElement>("diff-frame"), ownToggleOnly(a.value.html));
  $("pane-diff").dataset["situations"] = String(version);
}

/**
 * The report page as the pane shows it. It has its own "Show only differences" checkbox; in the
 * studio the pane's checkbox decides (the rows are left out of the report), so the page's is hidden:
 * one checkbox, not two. And the pane is half a screen wide: a status badge (`≈ follows from
 * leader-bonus`) wraps inside its column instead of running past the pane's edge.
 */
function ownToggleOnly(html: string): string {
  return html.replace(
    "</head>",
    "<style>.toggle-input, .toggle { display: none !important; } td.status .badge { white-space: normal; max-width: 100%; overflow-wrap: anywhere; }</style></head>",
  );
}

function drawReach(compare: string): void {
  const mode = $<HTMLSelectElement>("reach-mode").value;
  $("reach-one").hidden = mode !== "one";
  if (mode === "friendly" || mode === "enemy") return drawReachAll(compare, mode);
  // Each ruleset's own unit field is named by the ruleset it is for; empty, the unit above is used.
  const ids = bench.reachIds(compare);
  for (const side of ["compared", "draft"] as const) {
    const id = ids[side];
    $(`reach-unit-${side}`).closest("label")!.hidden = id === undefined;
    $(`reach-unit-${side}-label`).textContent = `Unit for ${id ?? side}`;
  }
  const from = $<HTMLInputElement>("reach-from").value.trim().toUpperCase();
  const a = bench.reach(
    $<HTMLSelectElement>("reach-map").value,
    from,
    $<HTMLInputElement>("reach-unit").value,
    $<HTMLSelectElement>("reach-phase").value,
    compare,
    {
      compared: $<HTMLInputElement>("reach-unit-compared").value,
      draft: $<HTMLInputElement>("reach-unit-draft").value,
    },
    $<HTMLInputElement>("reach-scenario").value,
  );
  if (!a.ok) return reachProblems(a.problems);
  const r = a.value.report;
  $("reach-counts").textContent =
    `From ${r.from}: ` +
    r.results
      .map((x) => {
        // Counted as the map's caption counts: the hexes reached besides the start.
        const n = Object.keys(x.hexes).filter((h) => h !== r.from).length;
        return `${x.ruleset} reaches ${n} ${n === 1 ? "hex" : "hexes"}`;
      })
      .join("; ") +
    `; ${r.differences.length} differ.`;
  showReachSvg(a.value.svg, a.value.warnings);
}

/** Every unit the map places on one side (`variorum reach --all [--side enemy]`). */
function drawReachAll(compare: string, side: "friendly" | "enemy"): void {
  const a = bench.reachAll(
    $<HTMLSelectElement>("reach-map").value,
    side,
    $<HTMLSelectElement>("reach-phase").value,
    compare,
  );
  if (!a.ok) return reachProblems(a.problems);
  const r = a.value.report;
  $("reach-counts").textContent =
    `The ${side} units: ` +
    r.results
      .map((x) => {
        const n = Object.keys(x.hexes).length;
        const limit =
          x.stacking === null
            ? "no stacking limit in the bundled text"
            : `${x.overLimit.length} over the stacking limit [${x.stacking.cite}]`;
        return `${x.ruleset} ${x.units.length} ${x.units.length === 1 ? "unit" : "units"}, ${n} ${n === 1 ? "hex" : "hexes"}, ${limit}`;
      })
      .join("; ") +
    ".";
  showReachSvg(a.value.svg, a.value.warnings);
}

function reachProblems(problems: readonly Problem[]): void {
  $("reach-counts").textContent = "";
  $("reach-out").replaceChildren(
    el("p", { class: "bad" }, "Cannot draw the reach map:"),
    problemList(problems, undefined, true),
  );
}

/**
 * The SVG is the compiler's own rendering (every name escaped); parsed as SVG, not as HTML. The
 * answer's warnings (V1103 …) above it, with code, place and message as the CLI prints them.
 */
function showReachSvg(svg: string, warnings: readonly Problem[]): void {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  $("reach-out").replaceChildren(
    ...(warnings.length > 0 ? [problemList(warnings, undefined, true)] : []),
    document.importNode(doc.documentElement, true),
  );
}

function redrawAll(): void {
  for (const p of PANES) shown[p] = -1;
  void draw(active);
}

// ---------------------------------------------------------------------------------------------------
// Keeping the draft.

function persist(text: string): void {
  if (fileMode === null) {
    try {
      localStorage.setItem(DRAFT_KEY, text);
    } catch {
      status("this browser would not keep the draft (storage full?): export it");
    }
    return;
  }
  clearTimeout(saveTimer);
  if (text === lastSaved) return;
  saveTimer = setTimeout(() => void save(text), 300);
}

async function save(text: string): Promise<void> {
  if (!fileMode || conflict !== null) return;
  try {
    const r = await fetch("./api/file", {
      method: "PUT",
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "x-variorum-studio": "1",
        "x-variorum-version": diskVersion,
      },
      body: text,
    });
    const body = (await r.json()) as {
      saved?: boolean;
      error?: string;
      conflict?: boolean;
      text?: string | null;
      version?: string;
    };
    if (r.status === 409 && body.conflict === true) {
      conflict = { text: body.text ?? null, version: body.version ?? "" };
      askAboutConflict(body.error ?? "the file changed on disk");
      return;
    }
    if (r.ok && body.saved) {
      lastSaved = text;
      diskVersion = body.version ?? diskVersion;
    }
    status(
      r.ok && body.saved
        ? `saved to ${fileMode.file} at ${new Date().toLocaleTimeString()}`
        : `not saved: ${body.error ?? r.statusText}`,
    );
  } catch (e) {
    status(`not saved: ${(e as Error).message}`);
  }
}

/**
 * The file changed on disk since the page loaded it (another editor, a checkout): nothing is saved
 * until the author chooses, as an editor asks — reload the file, keep this text (saved over it), or
 * show both side by side first.
 */
function askAboutConflict(why: string): void {
  const bar = $("conflict");
  const reload = el("button", { type: "button", id: "conflict-reload" }, "Reload from disk");
  const keep = el("button", { type: "button", id: "conflict-keep" }, "Keep mine");
  const both = el("button", { type: "button", id: "conflict-both" }, "Show both");
  const disk = conflict?.text ?? null;
  reload.addEventListener("click", () => {
    if (conflict === null) return;
    const c = conflict;
    conflict = null;
    bar.hidden = true;
    diskVersion = c.version;
    lastSaved = (c.text ?? "").replace(/\r\n?/g, "\n");
    setText(view, lastSaved);
    status(`reloaded ${fileMode?.file ?? "the file"} from disk`);
  });
  keep.addEventListener("click", () => {
    if (conflict === null) return;
    diskVersion = conflict.version;
    conflict = null;
    bar.hidden = true;
    void save(view.state.doc.toString());
  });
  both.addEventListener("click", () => {
    bar.append(
      el(
        "div",
        { class: "conflict-both" },
        el(
          "div",
          {},
          el("h3", {}, "On disk"),
          el("pre", { id: "conflict-disk" }, disk ?? "(the file is gone)"),
        ),
        el("div", {}, el("h3", {}, "In this page"), el("pre", {}, view.state.doc.toString())),
      ),
    );
    both.disabled = true;
  });
  bar.replaceChildren(
    el("p", {}, `${why}: nothing is saved until you choose.`),
    reload,
    keep,
    both,
  );
  bar.hidden = false;
  status(`not saved: ${why}`);
}

function openText(text: string, why: string): void {
  compareChosen = false;
  setText(view, text);
  status(why);
}

// ---------------------------------------------------------------------------------------------------
// Controls.

function fillSelect(select: HTMLSelectElement, values: readonly [string, string][]): void {
  select.replaceChildren(...values.map(([v, label]) => el("option", { value: v }, label)));
}

function selectTab(p: Pane): void {
  active = p;
  for (const q of PANES) {
    const tab = $(`tab-${q}`);
    tab.setAttribute("aria-selected", String(q === p));
    tab.tabIndex = q === p ? 0 : -1;
    $(`pane-${q}`).hidden = q !== p;
  }
  void draw(p);
}

function gallery(): void {
  const list = $("gallery-list");
  list.replaceChildren(
    ...RULESETS.map((r) => {
      const open = el("button", { type: "button" }, "Open");
      open.addEventListener("click", () => {
        openText(r.text, `opened a copy of ${r.path}`);
        ($("gallery") as HTMLDialogElement).close();
      });
      const make = el("button", { type: "button" }, "New house rule from this");
      make.addEventListener("click", () => {
        const id = $<HTMLInputElement>("new-id").value.trim() || "my-house";
        const s = StudioSession.skeleton(id, r.id);
        if (!s.ok) return void status(s.message);
        ($("gallery") as HTMLDialogElement).close();
        if (fileMode !== null) return void newFileBeside(fileMode, id, r.id, s.text);
        openText(s.text, `new house rule ${id} over ${r.id}`);
      });
      return el(
        "li",
        { "data-id": r.id },
        el("strong", {}, r.id),
        r.house ? " (house rule)" : "",
        el("span", { class: "title" }, r.title),
        open,
        " ",
        make,
      );
    }),
  );
}

/**
 * With a FILE open, a new house rule is a new file beside it, never the open one rewritten: asked
 * first, then created (the server refuses a name that is taken). The editor stays on the open file.
 */
async function newFileBeside(
  open: { file: string; name: string },
  id: string,
  base: string,
  text: string,
): Promise<void> {
  if (
    !confirm(
      `Write a new file ${id}.rules (a house rule over ${base}) beside ${open.file}? ${open.file} itself is not changed.`,
    )
  )
    return void status(`no new file written; ${open.file} is unchanged`);
  try {
    const r = await fetch(`./api/new?id=${encodeURIComponent(id)}`, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8", "x-variorum-studio": "1" },
      body: text,
    });
    const body = (await r.json()) as { created?: string; error?: string };
    status(
      r.ok && body.created
        ? `wrote ${body.created} beside ${open.file} (unchanged): open it with \`variorum studio ${body.created}\``
        : `no new file written: ${body.error ?? r.statusText}`,
    );
  } catch (e) {
    status(`no new file written: ${(e as Error).message}`);
  }
}

function wire(): void {
  fillSelect(
    $("compare"),
    RULESETS.map((r) => [r.id, r.id]),
  );
  fillSelect(
    $("reach-map"),
    Object.keys(MAPS)
      .sort()
      .map((m) => [m, m]),
  );
  fillSelect($("scenario-pick"), [
    ["", "(your own JSON)"],
    ...Object.keys(SCENARIOS)
      .sort()
      .map((s): [string, string] => [s, s]),
  ]);
  const pick = $<HTMLSelectElement>("scenario-pick");
  const firstSl =
    Object.keys(SCENARIOS)
      .sort()
      .find((s) => s.startsWith("sl-")) ?? "";
  pick.value = firstSl;
  $<HTMLTextAreaElement>("scenario-text").value =
    SCENARIOS[firstSl] ??
    '{\n  "name": "my scenario",\n  "unit": { "kind": "squad" },\n  "path": [ { "terrain": "open-ground" } ]\n}\n';
  pick.addEventListener("change", () => {
    if (pick.value !== "")
      $<HTMLTextAreaElement>("scenario-text").value = SCENARIOS[pick.value] ?? "";
    shown.scenario = -1;
    void draw("scenario");
  });
  let scenarioTimer: ReturnType<typeof setTimeout> | undefined;
  $("scenario-text").addEventListener("input", () => {
    pick.value = "";
    clearTimeout(scenarioTimer);
    scenarioTimer = setTimeout(() => ((shown.scenario = -1), void draw("scenario")), 150);
  });
  $("compare").addEventListener("change", () => {
    compareChosen = true;
    redrawAll();
  });
  $("only-differences").addEventListener("change", () => ((shown.diff = -1), void draw("diff")));
  for (const id of [
    "reach-map",
    "reach-phase",
    "reach-mode",
    "reach-unit",
    "reach-from",
    "reach-unit-compared",
    "reach-unit-draft",
    "reach-scenario",
  ])
    $(id).addEventListener("change", () => ((shown.reach = -1), void draw("reach")));
  $("reach-out").addEventListener("click", (e) => {
    // A click moves one unit's start; all the units of a side start where the map places them.
    if ($<HTMLSelectElement>("reach-mode").value !== "one") return;
    const hex = (e.target as Element).closest("[data-hex]");
    if (!hex) return;
    $<HTMLInputElement>("reach-from").value = hex.getAttribute("data-hex") ?? "";
    shown.reach = -1;
    void draw("reach");
  });
  const tabs = PANES.map((p) => $(`tab-${p}`));
  PANES.forEach((p, i) => {
    tabs[i]!.addEventListener("click", () => selectTab(p));
    tabs[i]!.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (step === 0) return;
      const next = PANES[(i + step + PANES.length) % PANES.length]!;
      selectTab(next);
      $(`tab-${next}`).focus();
    });
  });
  $("open-gallery").addEventListener("click", () =>
    ($("gallery") as HTMLDialogElement).showModal(),
  );
  $("share").addEventListener("click", async () => {
    const hash = `#src=${await encodeDraft(view.state.doc.toString())}`;
    history.replaceState(null, "", hash);
    try {
      await navigator.clipboard.writeText(location.href);
      status("share link copied: the draft travels in the link itself");
    } catch {
      status("share link is in the address bar");
    }
  });
  $("swap-draft").addEventListener("click", swapDraft);
  $("open-link").addEventListener("click", () => void openLink());
  $("export").addEventListener("click", () => {
    const name = `${bench.header().id ?? "draft"}.rules`;
    const a = el("a", {
      href: URL.createObjectURL(new Blob([view.state.doc.toString()], { type: "text/plain" })),
      download: name,
    });
    a.click();
    URL.revokeObjectURL(a.href);
    status(`exported ${name}`);
  });
  $<HTMLInputElement>("import").addEventListener("change", async (e) => {
    const f = (e.target as HTMLInputElement).files?.[0];
    if (f) openText(await f.text(), `imported ${f.name}`);
  });
  gallery();
}

async function main(): Promise<void> {
  wire();
  const { text, note } = await startText();
  bench.setText(text);
  view = createEditor({ parent: $("editor"), text, bench, onChange: schedule });
  $("swap-draft").hidden = fileMode !== null || localStorage.getItem(OTHER_KEY) === null;
  status(
    note ??
      (fileMode
        ? `editing ${fileMode.file}: saved back on every change`
        : "draft kept in this browser"),
  );
  refresh();
  probe.ready = true;
}

void main();
