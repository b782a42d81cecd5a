/**
 * The Vim syntax file (editors/vim/), run by Vim itself over every bundled ruleset: each token the
 * lexer (grammar/tokens.ts) finds must have the highlight group its kind gets — keywords, names,
 * citations, strings, numbers, dice, operators, and `#` comments — checked at its first and last
 * character. Its keyword list is the grammar's, and the filetype is detected for a ruleset and not
 * for another program's `.rules` file (udev). One Vim process for the whole file (`-Es`, no user
 * configuration); Neovim reads the same runtime files (docs/authoring.md).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYWORDS, lexer } from "../../grammar/tokens.js";
import { ROOT } from "../cli/run.js";

const VIM = join(ROOT, "editors", "vim");
const SYNTAX = join(VIM, "syntax", "variorum.vim");
const RULESETS = ["rulesets", "rulesets/house"].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".rules"))
    .sort()
    .map((f) => `${dir}/${f}`),
);

const OPERATORS = new Set(
  "Arrow EqEq NotEq LtEq GtEq Lt Gt Equals Plus Minus Star Slash Pipe Question".split(" "),
);
/** The group a token of this type must have in Vim ("" for punctuation: none). */
function groupOf(type: string): string {
  if (type.startsWith("Kw_")) return "variorumKeyword";
  if (type === "Ident") return "variorumName";
  if (type === "Citation") return "variorumCitation";
  if (type === "StringLit" || type === "BadString") return "variorumString";
  if (type === "NumberLit" || type === "Fraction") return "variorumNumber";
  if (type === "Dice") return "variorumDice";
  return OPERATORS.has(type) ? "variorumOperator" : "";
}

interface Probe {
  line: number;
  /** 1-based byte column, as Vim counts. */
  col: number;
  want: string;
  what: string;
}

/** Where each token starts and ends, and each comment, with the group it must have there. */
function probes(text: string): Probe[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  /** Line (1-based) and Vim's byte column (1-based) of a UTF-16 offset. */
  const at = (offset: number): { line: number; col: number } => {
    let line = starts.length - 1;
    while (starts[line]! > offset) line--;
    return { line: line + 1, col: Buffer.byteLength(text.slice(starts[line], offset)) + 1 };
  };
  const out: Probe[] = [];
  const covered = new Array<boolean>(text.length).fill(false);
  for (const t of lexer().tokenize(text).tokens) {
    const want = groupOf(t.tokenType.name);
    const start = at(t.startOffset);
    const what = `${t.tokenType.name} ${JSON.stringify(t.image)} at ${start.line}:${start.col}`;
    out.push({ ...start, want, what });
    out.push({ ...at(t.startOffset + t.image.length - 1), want, what: `${what} (its end)` });
    for (let c = t.startOffset; c < t.startOffset + t.image.length; c++) covered[c] = true;
  }
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "#" || covered[i]) continue;
    const eol = text.indexOf("\n", i);
    const end = (eol < 0 ? text.length : eol) - (text[eol - 1] === "\r" ? 2 : 1);
    const what = `comment at ${at(i).line}:${at(i).col}`;
    out.push({ ...at(i), want: "variorumComment", what });
    out.push({ ...at(end), want: "variorumComment", what: `${what} (its end)` });
    i = end;
  }
  return out;
}

/** Vim's answer for each file: its filetype and the syntax group at each probe. */
type Answer = { filetype: string; groups: string[] }[];

/** Runs one Vim over `files` (absolute paths) asking the syntax group at each probe. */
function vim(files: { path: string; probes: Probe[] }[], dir: string): Promise<Answer> {
  const input = join(dir, "probes.json");
  const output = join(dir, "groups.json");
  const script = join(dir, "probe.vim");
  writeFileSync(
    input,
    JSON.stringify(files.map((f) => ({ path: f.path, at: f.probes.map((p) => [p.line, p.col]) }))),
  );
  writeFileSync(
    script,
    [
      "let s:out = []",
      `for s:f in json_decode(join(readfile('${input}'), ''))`,
      "  execute 'edit ' . fnameescape(s:f.path)",
      "  call add(s:out, {'filetype': &filetype, 'groups': map(s:f.at, {_, p -> synIDattr(synID(p[0], p[1], 1), 'name')})})",
      "  bwipeout!",
      "endfor",
      `call writefile([json_encode(s:out)], '${output}')`,
      "qall!",
    ].join("\n"),
  );
  const args = ["-Nu", "NONE", "-i", "NONE", "-Es", "--cmd", `set rtp^=${VIM}`];
  args.push("--cmd", "filetype on", "--cmd", "syntax on", "-S", script);
  return new Promise((resolve, reject) => {
    const child = spawn("vim", args, { stdio: "ignore", timeout: 240_000 });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code !== 0 || signal) reject(new Error(`vim exited with ${code ?? signal}`));
      else resolve(JSON.parse(readFileSync(output, "utf8")) as Answer);
    });
  });
}

describe("the Vim syntax file (editors/vim)", () => {
  let dir: string;
  let answers: Answer;
  const files = RULESETS.map((r) => ({
    path: join(ROOT, r),
    probes: probes(readFileSync(join(ROOT, r), "utf8")),
  }));
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "variorum-vim-"));
    const udev = join(dir, "99-usb.rules");
    writeFileSync(udev, '# udev\nSUBSYSTEM=="usb", ATTR{idVendor}=="1234", MODE="0666"\n');
    answers = await vim([...files, { path: udev, probes: [] }], dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lists the grammar's keywords, each once", () => {
    const listed = readFileSync(SYNTAX, "utf8")
      .split("\n")
      .filter((l) => l.startsWith("syntax keyword variorumKeyword "))
      .flatMap((l) => l.split(/\s+/).slice(3));
    expect([...listed].sort()).toEqual([...KEYWORDS].sort());
  });

  it("detects a ruleset's filetype, and not another program's .rules", () => {
    expect(answers.slice(0, -1).map((a) => a.filetype)).toEqual(RULESETS.map(() => "variorum"));
    expect(answers.at(-1)!.filetype).not.toBe("variorum");
  });

  for (const [i, r] of RULESETS.entries())
    it(`highlights every token of ${r} as the lexer reads it`, () => {
      const wrong = files[i]!.probes.flatMap((p, k) => {
        const got = answers[i]!.groups[k];
        return got === p.want ? [] : [`${p.what}: ${got || "(none)"}, not ${p.want || "(none)"}`];
      });
      expect(wrong.slice(0, 20)).toEqual([]);
      expect(files[i]!.probes.length).toBeGreaterThan(100);
    });
});
