import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createColors } from "picocolors";
import { afterAll, describe, expect, it } from "vitest";
import { diag, SourceFile } from "../../diagnostics/index.js";
import type { Ctx } from "../../compiler/cli/context.js";
import { wantsColor } from "../../compiler/cli/context.js";
import { renderDiagnostic } from "../../compiler/cli/render.js";
import { displayPath } from "../../compiler/node/paths.js";
import { writeIfChanged } from "../../compiler/node/write.js";

const tmp = mkdtempSync(join(tmpdir(), "variorum-helpers-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function ctx(cwd: string): Ctx {
  return {
    cwd,
    root: cwd,
    out: () => {},
    err: () => {},
    cOut: createColors(false),
    cErr: createColors(false),
    colorErr: false,
  };
}

describe("writeIfChanged", () => {
  it("writes new content, leaves identical content alone, and leaves no temporary file", () => {
    const f = join(tmp, "out", "a.ts");
    expect(writeIfChanged(f, "one\n")).toBe(true);
    expect(readFileSync(f, "utf8")).toBe("one\n");
    const old = new Date(2000, 0, 1);
    utimesSync(f, old, old);
    expect(writeIfChanged(f, "one\n")).toBe(false);
    expect(statSync(f).mtime.getTime()).toBe(old.getTime());
    expect(writeIfChanged(f, "two\n")).toBe(true);
    expect(readFileSync(f, "utf8")).toBe("two\n");
    expect(readdirSync(join(tmp, "out"))).toEqual(["a.ts"]);
  });

  // Issue 45, item 3: a write keeps what the file was.
  it("keeps a file's mode: a 0600 file stays 0600 (it became 0644)", () => {
    const f = join(tmp, "private.html");
    writeFileSync(f, "old\n", { mode: 0o600 });
    chmodSync(f, 0o600);
    expect(writeIfChanged(f, "new\n")).toBe(true);
    expect(statSync(f).mode & 0o777).toBe(0o600);
    chmodSync(f, 0o640);
    expect(writeIfChanged(f, "newer\n")).toBe(true);
    expect(statSync(f).mode & 0o777).toBe(0o640);
  });

  it("keeps a hard link: both names see the new content", () => {
    const f = join(tmp, "linked.md");
    const other = join(tmp, "other-name.md");
    writeFileSync(f, "old\n");
    linkSync(f, other);
    expect(writeIfChanged(f, "new\n")).toBe(true);
    expect(readFileSync(other, "utf8")).toBe("new\n");
    expect(statSync(f).ino).toBe(statSync(other).ino);
  });

  it("keeps a symbolic link a link, and writes the file it points to", () => {
    const real = join(tmp, "real.rules");
    const link = join(tmp, "link.rules");
    writeFileSync(real, "old\n");
    symlinkSync(real, link);
    expect(writeIfChanged(link, "new\n")).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toBe("new\n");
  });
});

describe("renderDiagnostic", () => {
  const file = join(tmp, "rules", "x.rules");
  const text = 'ruleset x "X"\n\nrule a: MF = bogus + 1\n';
  const sf = new SourceFile(file, text);
  const start = text.indexOf("bogus");

  it("prints file:line:col: severity CODE: message, a code frame and the hint, relative to the cwd", () => {
    const d = diag(
      "V0201",
      "unknown name `bogus`",
      sf.span(start, start + 5),
      "did you mean `bonus`?",
    );
    const out = renderDiagnostic(d, new Map([[file, text]]), ctx(tmp));
    expect(out).toBe(
      [
        "rules/x.rules:3:14: error V0201: unknown name `bogus`",
        "  2 |",
        "> 3 | rule a: MF = bogus + 1",
        "    |              ^^^^^",
        "  4 |",
        "hint: did you mean `bonus`?",
        "",
      ].join("\n"),
    );
  });

  it("prints a warning, and a diagnostic without a span under its file", () => {
    const w = diag("V0701", "a is never used", sf.span(text.indexOf("a:"), text.indexOf("a:") + 1));
    expect(renderDiagnostic(w, new Map([[file, text]]), ctx(tmp))).toMatch(
      /^rules\/x\.rules:3:6: warning V0701: a is never used\n/,
    );
    const n = diag("V0212", "missing movement binding", null);
    expect(renderDiagnostic(n, new Map(), ctx(tmp), file)).toBe(
      "rules/x.rules: error V0212: missing movement binding\n",
    );
  });
});

describe("paths and colour", () => {
  it("prints paths relative to the cwd", () => {
    expect(displayPath("/a/b/c.json", "/a")).toBe("b/c.json");
    expect(displayPath("rel/c.json", "/a")).toBe("rel/c.json");
  });

  it("uses colour only on a terminal without NO_COLOR", () => {
    expect(wantsColor({ isTTY: true }, {})).toBe(true);
    expect(wantsColor({ isTTY: false }, {})).toBe(false);
    expect(wantsColor({}, {})).toBe(false);
    expect(wantsColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
  });
});
