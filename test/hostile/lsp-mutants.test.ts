/**
 * Issue 45: the mutator (fuzz/mutate.ts) run over the language server itself, as an editor drives it:
 * one document opened, then each seeded mutant sent as a `didChange` (a fixed seed: the same mutants
 * every run), and after each the requests an editor makes as the user types — hover, completion,
 * definition at a few places, the outline, semantic tokens. The server (compiler/cli/lsp.ts, in-process
 * over in-memory streams, test/golden/lsp-session.ts) must answer every request without an error
 * response and publish diagnostics for every version; and every answer must be well formed: ranges of
 * whole non-negative numbers, start before end, inside the document it names; each diagnostic with a
 * code, a message and a severity; hover contents a string. Sized to run in seconds.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mutant } from "../../fuzz/mutate.js";
import { mulberry32 } from "../../compiler/util/random.js";
import { ROOT } from "../cli/run.js";
import { runSession, type Received, type Step } from "../golden/lsp-session.js";

const SEED = 45_3;
const MUTANTS = 24;
const BASE = "rulesets/house/sl-asl-portage.rules";
const URI = "${root}/test/hostile/lsp-mutant.rules";
/** A session of a few dozen documents, each checked with its base: well under a minute when loaded. */
const SLOW = 300_000;

interface Pos {
  line: number;
  character: number;
}
interface Range {
  start: Pos;
  end: Pos;
}

/** The line ends LSP counts: LF, CRLF and a lone CR. */
const EOL = /\r\n|\r|\n/;

/** `line`/`character` of UTF-16 offset `at` in `text`. */
function position(text: string, at: number): Pos {
  const lines = text.slice(0, at).split(EOL);
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}

/** Why `r` is not a well-formed range inside `text` (null when it is; `text` null: another file). */
function badRange(r: unknown, text: string | null): string | null {
  const x = r as Range | undefined;
  const whole = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  if (!x || !x.start || !x.end) return `no range: ${JSON.stringify(r)}`;
  for (const p of [x.start, x.end])
    if (!whole(p.line) || !whole(p.character)) return `not whole: ${JSON.stringify(r)}`;
  const before = (a: Pos, b: Pos) =>
    a.line < b.line || (a.line === b.line && a.character <= b.character);
  if (!before(x.start, x.end)) return `start after end: ${JSON.stringify(r)}`;
  if (text !== null && x.end.line > text.split(EOL).length)
    return `past the document's end: ${JSON.stringify(r)}`;
  return null;
}

/** The session: open the base, then each mutant as a change and the requests after it. */
function session(texts: readonly string[]): Step[] {
  const steps: Step[] = [
    { request: "initialize", params: { processId: null, rootUri: "${root}", capabilities: {} } },
    { notify: "initialized", params: {} },
  ];
  const r = mulberry32(SEED);
  texts.forEach((text, i) => {
    const textDocument = { uri: URI, version: i + 1 };
    steps.push(
      i === 0
        ? {
            notify: "textDocument/didOpen",
            params: { textDocument: { ...textDocument, languageId: "variorum-rules", text } },
          }
        : {
            notify: "textDocument/didChange",
            params: { textDocument, contentChanges: [{ text }] },
          },
    );
    const doc = { textDocument: { uri: URI } };
    for (const at of [Math.floor(r() * (text.length + 1)), Math.floor(r() * (text.length + 1))]) {
      const params = { ...doc, position: position(text, at) };
      steps.push({ request: "textDocument/hover", params });
      steps.push({ request: "textDocument/completion", params });
      steps.push({ request: "textDocument/definition", params });
    }
    steps.push({ request: "textDocument/documentSymbol", params: doc });
    steps.push({ request: "textDocument/semanticTokens/full", params: doc });
  });
  steps.push({ request: "shutdown" });
  return steps;
}

/** Every way what the client received is not well formed; `texts[v - 1]` is version v's text. */
function problems(received: readonly Received[], texts: readonly string[]): string[] {
  const out: string[] = [];
  let version = 0;
  const published = new Set<number>();
  for (const m of received) {
    if ("notification" in m) {
      if (m.notification !== "textDocument/publishDiagnostics") continue;
      const p = m.params as { uri: string; version?: number; diagnostics: unknown[] };
      if (!p.uri.endsWith("lsp-mutant.rules")) continue;
      const text = texts[(p.version ?? version) - 1] ?? "";
      if (p.version !== undefined) published.add(p.version);
      for (const d of p.diagnostics) {
        const x = d as { range: unknown; code?: unknown; message?: unknown; severity?: unknown };
        const bad = badRange(x.range, text);
        if (bad) out.push(`diagnostic v${p.version}: ${bad}`);
        if (typeof x.code !== "string" || !/^V\d{4}$/.test(x.code))
          out.push(`diagnostic v${p.version} without a code: ${JSON.stringify(d)}`);
        if (typeof x.message !== "string" || x.message === "")
          out.push(`diagnostic v${p.version} without a message`);
        if (![1, 2, 3, 4].includes(x.severity as number))
          out.push(`diagnostic v${p.version} severity ${String(x.severity)}`);
      }
      continue;
    }
    if (m.error !== undefined) {
      out.push(`${m.response} v${version} answered an error: ${JSON.stringify(m.error)}`);
      continue;
    }
    const text = texts[version - 1] ?? "";
    const r = m.result;
    if (m.response === "initialize") version = 1;
    else if (m.response === "textDocument/hover" && r !== null) {
      const h = r as { contents?: unknown; range?: unknown };
      const c = h.contents as { value?: unknown } | string | undefined;
      if (typeof c !== "string" && typeof c?.value !== "string")
        out.push(`hover v${version}: contents ${JSON.stringify(c)}`);
      if (h.range !== undefined) {
        const bad = badRange(h.range, text);
        if (bad) out.push(`hover v${version}: ${bad}`);
      }
    } else if (m.response === "textDocument/completion" && r !== null) {
      const items = Array.isArray(r) ? r : (r as { items?: unknown }).items;
      if (!Array.isArray(items)) out.push(`completion v${version}: ${JSON.stringify(r)}`);
      else
        for (const i of items as { label?: unknown }[])
          if (typeof i.label !== "string")
            out.push(`completion v${version}: item ${JSON.stringify(i)}`);
    } else if (m.response === "textDocument/definition" && r !== null) {
      for (const l of (Array.isArray(r) ? r : [r]) as { uri?: unknown; range?: unknown }[]) {
        if (typeof l.uri !== "string") out.push(`definition v${version}: ${JSON.stringify(l)}`);
        const here = typeof l.uri === "string" && l.uri.endsWith("lsp-mutant.rules");
        const bad = badRange(l.range, here ? text : null);
        if (bad) out.push(`definition v${version}: ${bad}`);
      }
    } else if (m.response === "textDocument/documentSymbol") {
      const walk = (s: { range?: unknown; selectionRange?: unknown; children?: unknown[] }) => {
        for (const range of [s.range, s.selectionRange]) {
          const bad = badRange(range, text);
          if (bad) out.push(`symbol v${version}: ${bad}`);
        }
        for (const c of (s.children ?? []) as (typeof s)[]) walk(c);
      };
      for (const s of (r ?? []) as Parameters<typeof walk>[0][]) walk(s);
    } else if (m.response === "textDocument/semanticTokens/full") {
      // A version's last request: the next answers are the next version's.
      const data = (r as { data?: unknown } | null)?.data;
      if (
        !Array.isArray(data) ||
        data.length % 5 !== 0 ||
        !data.every((n) => Number.isInteger(n) && n >= 0)
      )
        out.push(`semantic tokens v${version}: not a list of whole numbers in fives`);
      version++;
    }
  }
  for (let v = 1; v <= texts.length; v++)
    if (!published.has(v)) out.push(`no diagnostics published for v${v}`);
  return out;
}

describe("the language server under seeded mutants (didChange)", () => {
  it(
    `answers every request of ${MUTANTS} edits, well formed, and publishes every version`,
    async () => {
      const base = readFileSync(join(ROOT, BASE), "utf8");
      const texts = [base];
      for (let i = 0; i < MUTANTS; i++) texts.push(mutant("rules", base, SEED, i).text);
      // The mutants are real edits: a mutator that returned its input would prove nothing.
      expect(new Set(texts).size).toBeGreaterThan(MUTANTS * 0.8);
      const received = await runSession(session(texts));
      expect(problems(received, texts)).toEqual([]);
      // Every request was answered (an answer per request, none lost).
      expect(received.filter((m) => "response" in m).length).toBe(
        session(texts).filter((s) => "request" in s).length,
      );
    },
    SLOW,
  );

  it("the checks catch a malformed answer", () => {
    const texts = ["a\nb"];
    const bad: Received[] = [
      { response: "initialize", result: {} },
      {
        notification: "textDocument/publishDiagnostics",
        params: {
          uri: "file:///x/lsp-mutant.rules",
          version: 1,
          diagnostics: [
            { range: { start: { line: 0, character: 3 }, end: { line: 0, character: 1 } } },
          ],
        },
      },
      { response: "textDocument/hover", result: { contents: 3 } },
      { response: "textDocument/completion", error: { code: -32603, message: "internal error" } },
    ];
    const found = problems(bad, texts);
    expect(found.some((p) => p.includes("start after end"))).toBe(true);
    expect(found.some((p) => p.includes("without a code"))).toBe(true);
    expect(found.some((p) => p.includes("hover v1: contents"))).toBe(true);
    expect(found.some((p) => p.includes("answered an error"))).toBe(true);
  });
});
