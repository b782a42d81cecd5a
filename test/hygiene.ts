/**
 * The house rules of a test, read from its source (test/hygiene.test.ts runs them over test/ and over
 * the counter-examples in test/fixtures/hygiene/, each of which must break one):
 *
 * - no sleep: a test waits for an event, never for time (`new Promise(… setTimeout …)`,
 *   node:timers/promises, `sleep(…)`, `Atomics.wait`);
 * - no skip guard: every test runs everywhere (`it.skip`, `describe.skip`, `test.skip`, `.skipIf`,
 *   `.runIf`, `.todo`, `.only`, `ctx.skip()`, an early `return` when a tool or file is missing,
 *   assertions kept behind a tool's exit status);
 * - no timing assertion: a clock reading (`performance.now()`, `Date.now()`, `process.hrtime`) never
 *   reaches `expect(…)` compared with a bound (the bench measures; tests do not).
 *
 * A textual check, line by line (comments stripped), with no type information: it errs towards
 * flagging, and a flagged line is rewritten, never allow-listed without a comment saying why.
 */

export type Rule = "sleep" | "skip" | "timing";

export interface Finding {
  rule: Rule;
  line: number;
  text: string;
  why: string;
}

/** Each line's code with `//` comments and `/* … *\/` blocks blanked (strings kept; good enough here). */
function codeLines(text: string): string[] {
  const noBlocks = text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "));
  return noBlocks.split("\n").map((l) => l.replace(/(^|[^:"'`\\])\/\/.*$/, "$1"));
}

const SLEEPS: [RegExp, string][] = [
  [/new Promise\b[^;]*\bsetTimeout\s*\(/, "a promise resolved by a timer"],
  [/\bsetTimeout\s*\(\s*(resolve|res|r|done|ok|next|wake)\s*,/, "a timer that resolves a promise"],
  [
    /\bsetTimeout\s*\(\s*\(\)\s*=>\s*\{?\s*(resolve|res|r|done|ok|next|wake)\s*\(/,
    "a timer that resolves a promise",
  ],
  [/["']node:timers\/promises["']|["']timers\/promises["']/, "node:timers/promises"],
  [/(^|[^.\w])sleep\s*\(/, "sleep()"],
  [/\bAtomics\.wait\s*\(/, "Atomics.wait"],
  [/\bawait\s+(delay|wait)\s*\(\s*\d/, "a delay of a number of milliseconds"],
];

const SKIPS: [RegExp, string][] = [
  [
    /\b(it|test|describe|suite|bench)\s*\.\s*(skip|todo|only)\b/,
    "a skipped, pending or exclusive test",
  ],
  [/\.\s*(skipIf|runIf)\s*\(/, "a conditional test"],
  [/\b(ctx|context|t|task)\s*\.\s*skip\s*\(/, "a test skipping itself"],
  [
    /\bif\s*\(\s*!\s*(existsSync|which|hasTool|commandExists|isInstalled)\s*\(.*\)\s*\)\s*\{?\s*return\s*(;|\}|$)/,
    "an early return when a file or tool is missing",
  ],
  [
    /\bif\s*\(.*\b(getuid|platform|env\.CI)\b.*\)\s*\{?\s*return\s*(;|\}|$)/,
    "an early return on the platform, the user or CI",
  ],
  [/\bif\s*\(\s*\w+\.status\s*===\s*0\s*\)/, "assertions kept behind a tool's exit status"],
];

const CLOCK =
  /\bperformance\s*\.\s*now\s*\(|\bDate\s*\.\s*now\s*\(|\bprocess\s*\.\s*hrtime\b|\bnew Date\s*\(\s*\)\s*\.\s*getTime\s*\(/;
const BOUND =
  /\bexpect\s*\(([^;]*?)\)\s*\.\s*(?:not\s*\.\s*)?(toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan|toBeGreaterThanOrEqual|toBeCloseTo)\b/;

/** The names that hold a clock reading, or a value computed from one (to a fixed point). */
function clockNames(lines: string[]): Set<string> {
  const names = new Set<string>();
  const assign =
    /\b(?:const|let|var)\s+(\w+)\s*=\s*(.*)$|^\s*(\w+(?:\[[^\]]*\]|\.\w+)*)\s*=\s*(.*)$/;
  for (let changed = true; changed; ) {
    changed = false;
    for (const l of lines) {
      const m = assign.exec(l);
      if (!m) continue;
      const name = (m[1] ?? m[3])!.replace(/[[.].*$/, "");
      const rhs = m[2] ?? m[4] ?? "";
      if (names.has(name)) continue;
      if (CLOCK.test(rhs) || [...names].some((n) => new RegExp(`\\b${n}\\b`).test(rhs))) {
        names.add(name);
        changed = true;
      }
    }
  }
  return names;
}

/** What `text` (a test file's source) breaks, line by line. */
export function findings(text: string): Finding[] {
  const lines = codeLines(text);
  const out: Finding[] = [];
  const clocks = clockNames(lines);
  lines.forEach((l, i) => {
    const at = { line: i + 1, text: l.trim() };
    for (const [re, why] of SLEEPS) if (re.test(l)) out.push({ rule: "sleep", why, ...at });
    for (const [re, why] of SKIPS) if (re.test(l)) out.push({ rule: "skip", why, ...at });
    const b = BOUND.exec(l);
    if (b && (CLOCK.test(b[1]!) || [...clocks].some((n) => new RegExp(`\\b${n}\\b`).test(b[1]!))))
      out.push({ rule: "timing", why: "a clock reading compared with a bound", ...at });
  });
  return out;
}
