/**
 * LSP latency, as an editor sees it: one `variorum lsp --stdio` server, a copy of asl-a4.rules open;
 * `lspDiagnosticsMs` is the median time from a `didChange` (a one-character edit of a paraphrase) to
 * the `publishDiagnostics` for that version, over 50 edits; `lspHoverMs` the median hover round trip.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LspClient, ROOT } from "./lsp-client.js";
import { median } from "./timing.js";

const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export async function lspLatency(
  edits = 50,
): Promise<{ lspDiagnosticsMs: number; lspHoverMs: number; lspLines: number }> {
  const text = readFileSync(join(ROOT, "rulesets", "asl-a4.rules"), "utf8");
  const uri = "file:///bench/asl-a4-copy.rules";
  const client = new LspClient();
  await client.initialize();
  const opened = client.diagnostics(uri, 1);
  await client.open(uri, text, 1);
  const first = await opened;
  if (first.diagnostics.some((d) => d.severity === 1))
    throw new Error("the copy of asl-a4 does not check clean");
  // The edited character: the first letter of the first paraphrase.
  const i = text.indexOf('"', text.indexOf("\nrule ")) + 1;
  const before = text.slice(0, i).split("\n");
  const at = { line: before.length - 1, character: before.at(-1)!.length };
  const range = { start: at, end: { line: at.line, character: at.character + 1 } };
  const times: number[] = [];
  for (let k = 0; k < edits + 5; k++) {
    const version = k + 2;
    const published = client.diagnostics(uri, version);
    const t0 = now();
    await client.change(uri, version, [{ range, text: k % 2 === 0 ? "X" : text[i]! }]);
    const d = await published;
    const ms = now() - t0;
    if (d.diagnostics.some((x) => x.severity === 1))
      throw new Error("an edit broke the copy of asl-a4");
    if (k >= 5) times.push(ms); // the first edits warm the JIT
  }
  const hoverAt = (() => {
    const j = text.indexOf("leader-bonus", text.indexOf("\nrule allowance")) + 2;
    const b = text.slice(0, j).split("\n");
    return { line: b.length - 1, character: b.at(-1)!.length };
  })();
  const hovers: number[] = [];
  for (let k = 0; k < edits + 5; k++) {
    const t0 = now();
    const h = await client.request<{ contents: { value: string } } | null>("textDocument/hover", {
      textDocument: { uri },
      position: hoverAt,
    });
    if (!h) throw new Error("no hover on leader-bonus");
    if (k >= 5) hovers.push(now() - t0);
  }
  await client.stop();
  return {
    lspDiagnosticsMs: Math.round(median(times) * 10) / 10,
    lspHoverMs: Math.round(median(hovers) * 100) / 100,
    lspLines: text.split("\n").length,
  };
}
