/**
 * Marker fixtures for the language service (rust-analyzer's `$0`): each
 * `test/fixtures/service/{hover,completion,definition,references,rename,actions}/NAME.rules` is a document whose text holds one
 * `$0` where the cursor is; `NAME.expected` beside it is the service's answer there, as `answer()`
 * prints it. Lines of `.expected` that start with `# ` are notes, not part of the answer. The document
 * is opened as `file:///NAME.rules`, its bases read from rulesets/ (`rulesets/ID.rules`).
 *
 * Fixtures named `known-defect-*` record a WRONG answer on purpose, with a note naming its issue; when
 * the service is fixed they fail: rename them without the prefix and record the right answer.
 *
 * `references/` answers list every location (declaration included); `rename/` answers are the edits
 * renaming the name at the marker to `renamed` (or the refusal); `actions/` answers list the quick
 * fixes over the marker's diagnostics with their edits.
 *
 * Refresh the answers with `UPDATE_GOLDEN=1 npx vitest run test/service/markers.test.ts` (the notes are
 * kept), then review `git diff test/fixtures/service/`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LanguageService } from "../../compiler/service/index.js";
import { bundledTexts } from "./host.js";
import { ROOT } from "../cli/run.js";

const DIR = join(ROOT, "test", "fixtures", "service");
const KINDS = ["hover", "completion", "definition", "references", "rename", "actions"] as const;
type Kind = (typeof KINDS)[number];
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const MARKER = "$0";

const host = bundledTexts();

/** `uri:line:col` (1-based) of a location, as an editor shows it. */
const where = (uri: string, line: number, character: number) =>
  `${uri}:${line + 1}:${character + 1}`;

/** The service's answer at the marker, as text. */
function answer(kind: Kind, s: LanguageService, uri: string, text: string, offset: number): string {
  if (kind === "hover") {
    const h = s.hover(uri, offset);
    if (!h) return "(no hover)\n";
    return `range: ${where(uri, h.range.start.line, h.range.start.character)} ${JSON.stringify(text.slice(h.start, h.end))}\n${h.contents}\n`;
  }
  if (kind === "definition") {
    const d = s.definition(uri, offset);
    if (!d) return "(no definition)\n";
    const target = d.uri === uri ? text : readFileSync(join(ROOT, d.uri), "utf8");
    return `${where(d.uri, d.range.start.line, d.range.start.character)} ${JSON.stringify(target.slice(d.start, d.end))}\n`;
  }
  const show = (
    l: {
      uri: string;
      start: number;
      end: number;
      range: { start: { line: number; character: number } };
    },
    t: string,
  ) =>
    `${where(l.uri, l.range.start.line, l.range.start.character)} ${JSON.stringify(t.slice(l.start, l.end))}`;
  const textOf = (u: string) => (u === uri ? text : readFileSync(join(ROOT, u), "utf8"));
  if (kind === "references") {
    const refs = s.references(uri, offset, true);
    if (refs.length === 0) return "(no references)\n";
    return refs.map((l) => `${show(l, textOf(l.uri))}\n`).join("");
  }
  if (kind === "rename") {
    const r = s.rename(uri, offset, "renamed");
    if ("error" in r) return `(refused) ${r.error}\n`;
    return r.edits
      .flatMap((f) =>
        f.edits.map(
          (e) => `${show({ uri: f.uri, ...e }, textOf(f.uri))} -> ${JSON.stringify(e.newText)}\n`,
        ),
      )
      .join("");
  }
  if (kind === "actions") {
    const actions = s.codeActions(uri, offset, offset);
    if (actions.length === 0) return "(no actions)\n";
    return actions
      .map(
        (a) =>
          `${a.code}: ${a.title}\n` +
          a.edits
            .flatMap((f) =>
              f.edits.map(
                (e) =>
                  `  ${show({ uri: f.uri, ...e }, textOf(f.uri))} -> ${JSON.stringify(e.newText)}\n`,
              ),
            )
            .join(""),
      )
      .join("");
  }
  const items = s.complete(uri, offset);
  if (items.length === 0) return "(no completion)\n";
  return items.map((c) => `${c.label}\t${c.kind}${c.detail ? `\t${c.detail}` : ""}\n`).join("");
}

function fixtures(kind: Kind): string[] {
  return readdirSync(join(DIR, kind))
    .filter((f) => f.endsWith(".rules"))
    .sort()
    .map((f) => f.slice(0, -".rules".length));
}

describe("language service marker fixtures", () => {
  for (const kind of KINDS) {
    describe(kind, () => {
      it("has fixtures", () => expect(fixtures(kind).length).toBeGreaterThan(0));
      for (const name of fixtures(kind)) {
        it(name, () => {
          const source = readFileSync(join(DIR, kind, `${name}.rules`), "utf8");
          const offset = source.indexOf(MARKER);
          expect(offset, `${name}.rules has no ${MARKER}`).toBeGreaterThanOrEqual(0);
          expect(source.indexOf(MARKER, offset + 1), `${name}.rules has two ${MARKER}`).toBe(-1);
          const text = source.slice(0, offset) + source.slice(offset + MARKER.length);
          const uri = `file:///${name}.rules`;
          const s = new LanguageService(host);
          s.open(uri, text);
          const actual = answer(kind, s, uri, text, offset);
          const file = join(DIR, kind, `${name}.expected`);
          const old = existsSync(file) ? readFileSync(file, "utf8") : null;
          const notes = (old ?? "").split("\n").filter((l) => l.startsWith("# "));
          if (UPDATE) {
            writeFileSync(file, notes.map((l) => `${l}\n`).join("") + actual);
            return;
          }
          if (old === null)
            throw new Error(
              `missing ${kind}/${name}.expected: run UPDATE_GOLDEN=1 npx vitest run test/service/markers.test.ts, then review and commit it`,
            );
          // issue 26's known defects say so in a note; every other fixture is a right answer.
          if (name.startsWith("known-defect-"))
            expect(notes.join("\n"), `${name}.expected names its issue`).toMatch(/issue 26/);
          expect(actual).toBe(
            old
              .split("\n")
              .filter((l) => !l.startsWith("# "))
              .join("\n"),
          );
        });
      }
    });
  }
});
