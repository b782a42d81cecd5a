/**
 * Issue 45, "Done when": a mutator run over the studio's save path. The studio server
 * (studio/server.ts) is started in process on a temporary copy of a bundled ruleset; seeded mutants of
 * the bundled rulesets (fuzz/mutate.ts: deleted lines, truncation, huge lines, NUL, invalid UTF-8,
 * CR / CRLF / BOM, `__proto__` names…) are saved through `PUT /api/file` as the page saves
 * (studio/page/main.ts: text/plain, the studio header, the version it last read), and between saves
 * something hostile happens: the file is changed by another editor (or to Latin-1), deleted, replaced
 * by a folder, made read-only; a save names a wrong or no version, lacks the studio header, sends bytes
 * that are not UTF-8 or a body over the limit. Held after every request:
 *
 * - a well-formed answer: JSON with `saved` or a non-empty `error`, never a 500, never a hang (each
 *   request is aborted after REQUEST_MS);
 * - the disk holds exactly what was saved (the text with the file's own line ending, byte for byte),
 *   or exactly what stood there before a refusal (another editor's text is never lost); no temporary
 *   file is left beside it; the file's mode is kept;
 * - a refusal names the file (located) or says what the request lacked;
 * - the server still answers the next read of the session.
 *
 * The seed and step of a failure are in its message; the tally is checked against the events run.
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mutant } from "../../fuzz/mutate.js";
import { mulberry32 } from "../../compiler/util/random.js";
import { WriteError, writeIfChanged } from "../../compiler/node/write.js";
import { MAX_BODY, startStudio, versionOf, type Studio } from "../../studio/server.js";
import { ROOT } from "../cli/run.js";
import { runs, timeout } from "../sweep.js";

const SEED = Number(process.env["FUZZ_SEED"] ?? 45_2026);
/** Mutants saved: a suite-sized prefix of the sweep's. */
const COUNT = runs(60, 1500);
/** A request that has not answered in this long is a hang. */
const REQUEST_MS = 20_000;
const BASES = ["asl-a4", "sl-classic", "sqla-31", "chain-of-command", "tide-of-iron"];
/** The file's mode at the start: not the umask's default, so that a widened mode shows. */
const MODE = 0o640;

/** What happens between two saves (one of each in turn, after every other save). */
const EVENTS = [
  "other-editor",
  "deleted",
  "folder",
  "read-only",
  "wrong-version",
  "no-version",
  "no-studio-header",
  "not-utf8-body",
  "oversized-body",
  "latin1-on-disk",
] as const;
type Event = (typeof EVENTS)[number];

type Answer = { status: number; body: Record<string, unknown> };

let tmp: string;
let dir: string;
let file: string;
let s: Studio;
/** The seed and step (or event) being run, for a failure's message. */
let where = "";

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "variorum-studio-save-"));
  dir = join(tmp, "work");
  mkdirSync(dir);
  file = join(dir, "house.rules");
  copyFileSync(join(ROOT, "rulesets", "asl-a4.rules"), file);
  chmodSync(file, MODE);
  s = await startStudio({ dir: join(tmp, "no-page"), file, port: 0, cwd: tmp });
});
afterAll(async () => {
  await s?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** One request, bounded: a hang is a failure, and the answer must be JSON. */
async function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Uint8Array | string,
): Promise<Answer> {
  let r: Response;
  try {
    r = await fetch(`${s.url}${path}`, {
      method,
      headers,
      body: typeof body === "string" || body === undefined ? body : new Uint8Array(body),
      signal: AbortSignal.timeout(REQUEST_MS),
    });
  } catch (e) {
    throw new Error(`${where}: ${method} /${path}: no answer (${(e as Error).message})`);
  }
  const text = await r.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${method} /${path}: ${r.status} is not JSON: ${text.slice(0, 200)}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${method} /${path}: ${r.status} is not a JSON object`);
  return { status: r.status, body: parsed as Record<string, unknown> };
}

/** A save as the page sends it (studio/page/main.ts `save`). */
function save(text: string | Uint8Array, version: string | null, studio = true): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "text/plain; charset=utf-8" };
  if (studio) headers["x-variorum-studio"] = "1";
  if (version !== null) headers["x-variorum-version"] = version;
  return call("PUT", "api/file", headers, text);
}

/** The line ending the server writes a save with: the file's first one, LF for none. */
function endingOf(text: string | null): string {
  const m = text === null ? null : /\r\n|\r|\n/.exec(text);
  return m === null ? "\n" : m[0];
}

/** What stands at the file's path: its bytes, "folder", or null (nothing). */
function onDisk(): Buffer | "folder" | null {
  if (!existsSync(file)) return null;
  if (statSync(file).isDirectory()) return "folder";
  return readFileSync(file);
}

describe("the studio's save path under mutants and hostile events", () => {
  it(
    `${COUNT} mutants saved, an event after every other one: no hang, no 500, no data loss (seed ${SEED})`,
    { timeout: timeout(300_000) },
    async () => {
      const r = mulberry32(SEED);
      const bases = BASES.map((id) => readFileSync(join(ROOT, "rulesets", `${id}.rules`), "utf8"));
      const tally = { saves: 0, conflicts: 0, refusals: 0, unchanged: 0, reads: 0 };
      const statuses = new Map<number, number>();
      const count = (a: Answer): Answer => {
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        return a;
      };

      // The page's state: the version it last read or saved.
      let version = versionOf(readFileSync(file, "utf8"));
      let mode = MODE;

      /** Every answer: JSON, never a 500; a refusal says why. */
      const wellFormed = (a: Answer): void => {
        expect(a.status, `${where}: ${JSON.stringify(a.body).slice(0, 300)}`).not.toBe(500);
        expect([200, 400, 403, 409, 413, 428], `${where}: status`).toContain(a.status);
        if (a.status !== 200) {
          expect(typeof a.body["error"], `${where}: a refusal says why`).toBe("string");
          expect((a.body["error"] as string).length, where).toBeGreaterThan(0);
          expect(a.body["saved"], where).toBeUndefined();
        }
      };
      /** A refusal that concerns the file names it. */
      const located = (a: Answer): void => {
        expect(a.body["error"] as string, `${where}: the refusal names the file`).toContain(
          "house.rules",
        );
      };
      /** Nothing beside the file: no temporary file left over, nothing else written. */
      const clean = (): void => {
        expect(
          readdirSync(dir).filter((n) => n !== "house.rules"),
          `${where}: left beside the file`,
        ).toEqual([]);
      };
      /** The disk holds exactly `bytes` (or nothing, or a folder), with the mode expected. */
      const holds = (want: Buffer | "folder" | null): void => {
        const got = onDisk();
        if (want === null || want === "folder") expect(got, where).toBe(want);
        else {
          expect(got, `${where}: the file is gone`).toBeInstanceOf(Buffer);
          expect(
            (got as Buffer).equals(want),
            `${where}: the disk holds ${(got as Buffer).length} bytes, not the ${want.length} expected`,
          ).toBe(true);
          expect((statSync(file).mode & 0o7777).toString(8), `${where}: mode`).toBe(
            mode.toString(8),
          );
        }
        clean();
      };
      /** The server still answers a read: the session, with the disk's text when it is a file. */
      const stillAnswers = async (): Promise<void> => {
        const a = count(await call("GET", "api/session"));
        tally.reads++;
        const got = onDisk();
        if (got instanceof Buffer) {
          expect(a.status, `${where}: session`).toBe(200);
          const text = a.body["text"];
          if (text !== null)
            expect(Buffer.from(text as string, "utf8").equals(got), where).toBe(true);
          else expect(typeof a.body["error"], where).toBe("string");
        } else {
          expect(a.status, `${where}: session of a missing file`).toBe(404);
          expect(typeof a.body["error"], where).toBe("string");
        }
      };
      /** A save refused: well-formed, the disk as it was. */
      const refused = (a: Answer, before: Buffer | "folder" | null, status?: number): void => {
        wellFormed(a);
        if (status !== undefined) expect(a.status, `${where}: status`).toBe(status);
        else expect(a.status, `${where}: refused`).not.toBe(200);
        holds(before);
        tally.refusals++;
        if (a.body["conflict"] === true) tally.conflicts++;
      };
      /** A save of `text` over the version the page has: written, exactly, mode kept. */
      const saved = async (text: string): Promise<void> => {
        const before = onDisk();
        const disk = before instanceof Buffer ? before.toString("utf8") : null;
        const want = Buffer.from(text.replace(/\r\n|\r|\n/g, endingOf(disk)), "utf8");
        const a = count(await save(text, version));
        wellFormed(a);
        if (Buffer.byteLength(text) > MAX_BODY) {
          expect(a.status, `${where}: over the limit`).toBe(413);
          holds(before);
          tally.refusals++;
          return;
        }
        expect(a.status, `${where}: ${JSON.stringify(a.body).slice(0, 300)}`).toBe(200);
        expect(a.body, where).toMatchObject({ saved: true, version: versionOf(want.toString()) });
        if (before instanceof Buffer && before.equals(want)) tally.unchanged++;
        if (before === null) mode = statSync(file).mode & 0o7777;
        holds(want);
        version = a.body["version"] as string;
        tally.saves++;
      };

      const hostile = async (event: Event, text: string): Promise<void> => {
        const before = onDisk() as Buffer;
        switch (event) {
          case "other-editor": {
            // Another editor saves its own text (in place, as most do): the page's next save, over
            // the version it last read, is a conflict, and their text survives.
            const theirs = Buffer.concat([before, Buffer.from("\n# changed in another editor\n")]);
            writeFileSync(file, theirs);
            const a = count(await save(text, version));
            refused(a, theirs, 409);
            expect(a.body, where).toMatchObject({
              conflict: true,
              text: theirs.toString("utf8"),
              version: versionOf(theirs.toString("utf8")),
            });
            located(a);
            // The page reloads from disk (the next save is then over their text).
            version = a.body["version"] as string;
            return;
          }
          case "deleted": {
            unlinkSync(file);
            const a = count(await save(text, version));
            refused(a, null, 409);
            expect(a.body, where).toMatchObject({ conflict: true, text: null, version: "absent" });
            located(a);
            await stillAnswers();
            // "Keep mine": saved over the absence the page has now seen; then the mode is restored.
            version = a.body["version"] as string;
            await saved(text);
            chmodSync(file, MODE);
            mode = MODE;
            return;
          }
          case "folder": {
            unlinkSync(file);
            mkdirSync(file);
            refused(count(await save(text, version)), "folder");
            await stillAnswers();
            // Even over the version the server names, nothing is written into or over the folder.
            const a = count(await save(text, "absent"));
            refused(a, "folder");
            located(a);
            rmSync(file, { recursive: true });
            writeFileSync(file, before, { mode: MODE });
            chmodSync(file, MODE);
            return;
          }
          case "read-only": {
            chmodSync(file, 0o440);
            mode = 0o440;
            const a = count(await save(text, version));
            refused(a, before);
            located(a);
            chmodSync(file, MODE);
            mode = MODE;
            return;
          }
          case "wrong-version": {
            const a = count(await save(text, "0".repeat(32)));
            refused(a, before, 409);
            expect(a.body, where).toMatchObject({ conflict: true, version });
            located(a);
            return;
          }
          case "no-version":
            refused(count(await save(text, null)), before, 428);
            return;
          case "no-studio-header":
            refused(count(await save(text, version, false)), before, 403);
            return;
          case "not-utf8-body": {
            const bytes = Buffer.concat([
              Buffer.from(text.slice(0, 200)),
              Buffer.from([0xff, 0xc3]),
            ]);
            refused(count(await save(bytes, version)), before, 400);
            return;
          }
          case "oversized-body": {
            const big = Buffer.alloc(MAX_BODY + 1 + Math.floor(r() * MAX_BODY), 0x61);
            refused(count(await save(big, version)), before, 413);
            return;
          }
          case "latin1-on-disk": {
            // Another editor writes Latin-1: the studio refuses to save over what it cannot read.
            const theirs = Buffer.from('ruleset caf\xe9 "Caf\xe9"\n', "latin1");
            writeFileSync(file, theirs);
            const a = count(await save(text, version));
            refused(a, theirs, 409);
            located(a);
            await stillAnswers();
            writeFileSync(file, before);
            return;
          }
        }
      };

      const ops = new Set<string>();
      for (let i = 0; i < COUNT; i++) {
        const base = i % BASES.length;
        const m = mutant("rules", bases[base]!, SEED, i);
        for (const op of m.op.split("+")) ops.add(op);
        where = `seed ${SEED} step ${i} (${BASES[base]}: ${m.op})`;
        await saved(m.text);
        await stillAnswers();
        if (i % 2 === 1) {
          const event = EVENTS[((i - 1) / 2) % EVENTS.length]!;
          where = `seed ${SEED} step ${i} event ${event}`;
          // A text the page has not saved yet (and within the limit, so that the event decides).
          const small = Buffer.byteLength(m.text) > MAX_BODY ? bases[base]! : m.text;
          await hostile(event, `${small}\n# typed after ${event}\n`);
          await stillAnswers();
        }
      }

      const summary = { ...tally, statuses: Object.fromEntries([...statuses].sort()) };
      if (process.env["STUDIO_SAVE_TALLY"] === "1") console.log(JSON.stringify(summary));
      // Every event ran, and the mutants reached the page's kinds of text.
      const rounds = Math.floor(COUNT / 2);
      expect(tally.refusals).toBeGreaterThanOrEqual(rounds);
      expect(tally.conflicts).toBeGreaterThanOrEqual(Math.floor(rounds / EVENTS.length) * 3);
      for (const op of ["delete-lines", "truncate", "line-ends", "bom", "nul", "invalid-utf8"])
        expect(ops, op).toContain(op);
    },
  );

  // The depth the read-only refusal lives at: every writer that replaces a file (`compile`, `-o` of
  // `diff`, `card` and `reach`, a studio save) renames a temporary file over it, which needs only
  // the folder's permission.
  it("writeIfChanged refuses a read-only file (root included) and leaves it whole, mode and all", () => {
    const ro = join(tmp, "read-only.txt");
    writeFileSync(ro, "theirs");
    chmodSync(ro, 0o444);
    let thrown: unknown = null;
    try {
      writeIfChanged(ro, "mine");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(WriteError);
    expect((thrown as WriteError).reason).toBe("it is read-only");
    expect(readFileSync(ro, "utf8")).toBe("theirs");
    expect(statSync(ro).mode & 0o7777).toBe(0o444);
    expect(readdirSync(tmp).filter((n) => n.startsWith(".read-only"))).toEqual([]);
    // Writable again: replaced, the mode kept.
    chmodSync(ro, 0o604);
    expect(writeIfChanged(ro, "mine")).toBe(true);
    expect(readFileSync(ro, "utf8")).toBe("mine");
    expect(statSync(ro).mode & 0o7777).toBe(0o604);
  });
});
