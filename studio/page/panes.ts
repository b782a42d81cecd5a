/**
 * Drawing the engine's answers into the page: report pages (diff, card) in sandboxed frames, the
 * examples list, a scenario's why-trace side by side, and the reach map. Everything a `.rules` file or
 * a scenario says reaches the DOM as text (textContent), never as markup; the report pages and the
 * reach SVG are the compiler's own escaped renderings.
 */
import type { ExampleResult } from "../../compiler/interpret/examples.js";
import { describeStep } from "../../compiler/render/steps.js";
import {
  decimalText as fmt,
  percentText as pct,
  quantityText,
} from "../../compiler/render/numbers.js";
import { formatQuantity } from "../../runtime/format.js";
import type { Problem, ScenarioAnswer } from "./engine.js";
import type { CaseAnswer } from "../../compiler/interpret/answers.js";
import {
  assumedText,
  caseLegal,
  dependsText,
  givenText,
  verdictText,
} from "../../compiler/render/answers.js";

/** `el('td', { class: 'x' }, 'text', child)`: an element with attributes and text or element children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (string | Node)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/**
 * Shows a report page in its frame, keeping where the reader had scrolled. Resolves once it is drawn.
 * A frame that already shows a page has the new one written into its document (parsed at once, no
 * navigation to wait for: the diff pane redraws on every keystroke); the first goes through `srcdoc`.
 */
export function showPage(frame: HTMLIFrameElement, html: string): Promise<void> {
  const y = frame.contentWindow?.scrollY ?? 0;
  const doc = frame.contentDocument;
  if (doc !== null && doc.readyState === "complete" && frame.srcdoc !== "") {
    doc.open();
    doc.write(html);
    doc.close();
    frame.contentWindow?.scrollTo(0, y);
    return Promise.resolve();
  }
  return new Promise((done) => {
    frame.addEventListener(
      "load",
      () => {
        frame.contentWindow?.scrollTo(0, y);
        done();
      },
      { once: true },
    );
    frame.srcdoc = html;
  });
}

export function problemList(
  problems: readonly Problem[],
  onPick?: (p: Problem) => void,
  withFile = false,
): HTMLElement {
  const ul = el("ul", { class: "problems" });
  for (const p of problems) {
    const li = el(
      "li",
      { class: p.severity },
      el(
        "span",
        { class: "where" },
        `${withFile && p.file !== undefined ? `${p.file}:` : ""}${p.line}:${p.col}`,
      ),
      " ",
      el("span", { class: "code" }, p.code),
      " ",
      p.message,
    );
    if (onPick) {
      li.tabIndex = 0;
      li.addEventListener("click", () => onPick(p));
      li.addEventListener("keydown", (e) => e.key === "Enter" && onPick(p));
    }
    ul.append(li);
  }
  return ul;
}

export function examplesView(
  results: readonly ExampleResult[],
  draftFile: string,
  onPick: (line: number, col: number) => void,
): HTMLElement {
  const failed = results.filter((r) => !r.passed);
  const box = el("div", { class: "examples" });
  box.append(
    el(
      "p",
      { class: failed.length > 0 ? "summary bad" : "summary good" },
      `${results.length - failed.length} of ${results.length} examples pass${failed.length > 0 ? `, ${failed.length} fail` : ""}`,
    ),
  );
  const ul = el("ul", {});
  // Failures first: they are what the author came to see.
  for (const r of [...failed, ...results.filter((x) => x.passed)]) {
    const li = el(
      "li",
      { class: r.passed ? "pass" : "fail" },
      el(
        "span",
        { class: "mark", "aria-label": r.passed ? "passes" : "fails" },
        r.passed ? "✓" : "✗",
      ),
      " ",
      el("span", { class: "cite" }, `[${r.cite}]`),
      " ",
      r.title,
    );
    if (!r.passed) {
      li.append(el("div", { class: "why" }, r.failures.join("; ") || "failed"));
      const span = r.span;
      if (span && span.file === draftFile) {
        const b = el("button", { type: "button", class: "goto" }, `line ${span.line}`);
        b.addEventListener("click", () => onPick(span.line, span.col));
        li.append(" ", b);
      } else if (span) {
        li.append(el("div", { class: "why" }, `in the base ruleset, ${span.file}:${span.line}`));
      }
    }
    ul.append(li);
  }
  box.append(ul);
  return box;
}

/**
 * One ruleset's why-trace: allowance, each step's cost and the rules that set it, the verdict; where
 * the answer depends on a field the scenario leaves out, one trace per case under what it depends on.
 */
function answerView(a: ScenarioAnswer): HTMLElement {
  const box = el("section", { class: "answer", "data-ruleset": a.ruleset });
  box.append(el("h3", {}, a.ruleset, " ", el("span", { class: "dim" }, a.title)));
  const { reply } = a;
  // The defaults the answer turns on: "assuming no unit.leader (the default)".
  const assumed = (): void => {
    for (const t of assumedText(reply)) box.append(el("p", { class: "dim" }, t));
  };
  if (reply.dependsOn.length === 0) {
    caseView(box, a, reply.cases[0]!);
    if (reply.notNeeded.length > 0)
      box.append(
        el(
          "p",
          { class: "dim" },
          `the same for every ${reply.notNeeded.join(" and every ")} (not given)`,
        ),
      );
    assumed();
    return box;
  }
  box.append(el("p", {}, el("strong", {}, dependsText(reply))));
  for (const c of reply.cases) {
    box.append(el("h4", {}, `when ${givenText(c.given)}`));
    caseView(box, a, c);
  }
  assumed();
  return box;
}

/** One case of an answer, drawn into `box`. */
function caseView(box: HTMLElement, a: ScenarioAnswer, c: CaseAnswer): void {
  const r = c.result;
  if (r === null) {
    const p = c.partial!;
    const d = p.allowance;
    const allowance =
      typeof d === "number"
        ? `${quantityText(p.exactAllowance, d)} ${a.measure}`
        : `${fmt(d.min)}–${fmt(d.max)} ${a.measure} by the dice, mean ${fmt(d.mean)}`;
    box.append(el("p", {}, el("strong", {}, "Allowance "), allowance));
    if (p.covers !== undefined)
      box.append(
        el(
          "p",
          {},
          el("strong", {}, "Covers "),
          p.covers
            .filter((x) => x.at > 0)
            .map((x) => `${x.at}: ${x.rolls}/${p.rolls}`)
            .join("  "),
        ),
      );
    // Legality where the text decides it whatever the left-out number (runtime/open.ts).
    if (p.legal !== undefined || p.legalUpTo !== undefined || p.legalFrom !== undefined) {
      const legal = caseLegal(c);
      box.append(
        el(
          "p",
          {},
          el("strong", {}, "Verdict "),
          el(
            "span",
            { class: legal === true ? "good" : legal === false ? "bad" : "" },
            verdictText(c, a.measure),
          ),
        ),
      );
    }
    for (const v of p.violations ?? [])
      box.append(
        el(
          "p",
          { class: "bad" },
          `[${v.rule}] ${v.message}${v.step !== undefined ? ` (step ${v.step})` : ""}`,
        ),
      );
    box.append(el("p", { class: "dim" }, `needs ${c.needs.join(", ")}`));
    return;
  }
  const legal = caseLegal(c);
  const allowance =
    typeof r.allowance === "number"
      ? `${quantityText(r.exact.allowance, r.allowance)} ${a.measure}`
      : `${fmt(r.allowance.min)}–${fmt(r.allowance.max)} ${a.measure} by the dice, mean ${fmt(r.allowance.mean)}`;
  box.append(el("p", {}, el("strong", {}, "Allowance "), allowance));
  const table = el(
    "table",
    { class: "trace" },
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { scope: "col" }, "#"),
        el("th", { scope: "col" }, "step"),
        el("th", { scope: "col" }, "cost"),
        el("th", { scope: "col" }, "rules"),
      ),
    ),
  );
  const body = el("tbody", {});
  r.steps.forEach((s, i) => {
    const extra = (c.perStep[i] ?? [])
      .map((x) => `${x.name} ${x.display} [${x.rules.join(", ")}]`)
      .join("; ");
    body.append(
      el(
        "tr",
        {},
        el("td", {}, String(i + 1)),
        el("td", {}, describeStep(a.input.path[i] ?? {})),
        el(
          "td",
          { class: s.cost === null ? "bad" : "" },
          s.cost === null ? "NA" : `${s.display} ${a.measure}`,
        ),
        el("td", { class: "dim" }, s.rules.join(" + ") + (extra ? ` — ${extra}` : "")),
      ),
    );
  });
  table.append(body);
  box.append(table);
  const total =
    typeof r.allowance === "number" ? ` of ${quantityText(r.exact.allowance, r.allowance)}` : "";
  box.append(
    el(
      "p",
      { class: "verdict" },
      el("strong", {}, "Spent "),
      `${formatQuantity(r.exact.spent)}${total} ${a.measure}: `,
      el("span", { class: legal === true ? "good" : legal === false ? "bad" : "" }, verdictText(c)),
    ),
  );
  if (r.vehicleSpent !== null)
    box.append(
      el(
        "p",
        {},
        el("strong", {}, "Vehicle "),
        `${quantityText(r.exact.vehicleSpent, r.vehicleSpent)} ${a.vehicleMeasure ?? ""}`,
      ),
    );
  if (r.halt !== undefined)
    box.append(
      el(
        "p",
        {},
        el("strong", {}, "Halts "),
        `after ${fmt(r.halt.at)} ${a.measure} [${r.halt.rule}]`,
      ),
    );
  for (const x of r.crossings ?? [])
    box.append(
      el(
        "p",
        {},
        el("strong", {}, "Passes "),
        `step ${x.step} with probability ${pct(x.probability)}`,
      ),
    );
  for (const v of c.chance?.violations ?? r.violations)
    box.append(
      el(
        "p",
        { class: "bad" },
        `violation [${v.rule}] ${v.message}${v.step !== undefined ? ` (step ${v.step})` : ""}`,
      ),
    );
  if (r.notApplicable.length > 0)
    box.append(el("p", { class: "dim" }, `not applicable: ${r.notApplicable.join(", ")}`));
  if (c.predicates.length > 0) {
    const ul = el("ul", { class: "predicates" });
    for (const p of c.predicates)
      ul.append(
        el(
          "li",
          {},
          `${p.name}: `,
          el(
            "span",
            { class: p.value === null ? "dim" : p.value ? "good" : "bad" },
            p.value === null ? "by the dice" : p.value ? "yes" : "no",
          ),
          el("span", { class: "dim" }, ` [${p.rules.join(", ")}]`),
        ),
      );
    box.append(ul);
  }
}

export function scenarioView(name: string, answers: readonly ScenarioAnswer[]): HTMLElement {
  return el(
    "div",
    { class: "scenario-result" },
    el("h2", {}, name),
    el("div", { class: "side-by-side" }, ...answers.map(answerView)),
  );
}
