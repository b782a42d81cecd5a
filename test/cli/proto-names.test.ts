/**
 * Issue 45, item 4: every name a user writes — a ruleset id, an enum member, an input field, a unit's
 * name on a map, the ruleset named in `--unit ID=JSON` — may be `constructor`, `__proto__`,
 * `toString` or `hasOwnProperty`, and every command answers it as it answers any other name: never an
 * internal error (exit 70), never "given twice" for a name given once. Run in-process through the
 * CLI's `run()` (test/golden/cases.ts), over every command that takes such a name.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, type Output } from "../golden/cases.js";
import { ROOT } from "./run.js";

/** Names that a plain `{}` inherits or treats specially; `__proto__` cannot be a ruleset id (V0205). */
const NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty"] as const;
const IDS = NAMES.filter((n) => n !== "__proto__");

const dir = mkdtempSync(join(tmpdir(), "variorum-proto-"));
const SL = readFileSync(join(ROOT, "rulesets", "sl-classic.rules"), "utf8");

/** sl-classic under the id `id`, as a file named after it. */
function slAs(id: string): string {
  const file = join(dir, `${id}.rules`);
  writeFileSync(file, SL.replace(/^ruleset sl-classic /m, `ruleset ${id} `));
  return file;
}

/** A small ruleset whose terrain, kinds and unit field are all named `name`. */
function hostileRuleset(id: string, name: string): string {
  const file = join(dir, `members-${id}.rules`);
  writeFileSync(
    file,
    `ruleset ${id} "members named ${name}"
  cites numbered

measure MF [1.1] "movement factors"
enum kind [1.2] "counters" {
  squad "Squad"
  ${name} "Odd"
}
enum terrain [1.3] "ground" {
  open-ground "Open ground"
  ${name} "Odd ground"
}
input unit [1.4] {
  kind: kind
  ${name}: number = 2
}
input step [1.5] {
  terrain: terrain
}
table terrain-cost [1.6] "cost of a hex": terrain -> MF {
  open-ground: 1
  ${name}: 2
}
rule allowance [1.7] "the unit's MF": MF = unit.${name} * 2 MF
movement [1.8] MF {
  allowance: allowance
  cost: terrain-cost(step.terrain)
}
example [1.6] "one odd hex" {
  unit { kind: ${name} }
  path { terrain: ${name} }
  expect allowance = 4
  expect spent = 2
}
`,
  );
  return file;
}

/** A map whose default terrain, second terrain and units are named `name`. */
function hostileMap(name: string): string {
  const file = join(dir, `map-${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name: "Odd",
      columns: 4,
      rows: 4,
      terrain: { default: "open-ground", hexes: { B2: name } },
      units: {
        A1: [
          { kind: "squad", name },
          { kind: name, name: `${name}-2` },
        ],
        D4: [{ kind: "squad", side: "enemy", name }],
      },
    }),
  );
  return file;
}

function scenario(name: string): string {
  const file = join(dir, `scenario-${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name,
      unit: { kind: name },
      path: [{ terrain: name }, { terrain: "open-ground" }],
    }),
  );
  return file;
}

/** The command ran to an answer or a located user error, never an internal one. */
function answered(argv: string[], out: Output): void {
  const shown = `variorum ${argv.join(" ")}\n${out.stderr}`;
  expect(out.exit, shown).not.toBe(70);
  expect(out.stderr, shown).not.toMatch(/internal error|given twice|TypeError|RangeError/);
}

async function ok(argv: string[]): Promise<Output> {
  const out = await runInProcess(argv);
  answered(argv, out);
  expect(out.exit, `variorum ${argv.join(" ")}\n${out.stderr}`).toBe(0);
  return out;
}

describe("names a plain object would inherit", () => {
  for (const id of IDS) {
    it(`a ruleset whose id is ${id}: every command answers`, async () => {
      const file = slAs(id);
      const map = join(ROOT, "maps", "skirmish.json");
      await ok(["check", file]);
      await ok(["test", file]);
      await ok(["eval", file, join(ROOT, "scenarios", "sl-squad-woods-uphill.json")]);
      await ok(["reach", file, map, "--from", "B4"]);
      await ok(["reach", file, map, "--from", "B4", "--summary"]);
      await ok(["reach", file, map, "--all"]);
      const out = await ok([
        "reach",
        `sl-classic,${file}`,
        map,
        "--from",
        "B4",
        "--unit",
        `${id}={"kind":"leader"}`,
      ]);
      // The unit given for this id is the one it moves: a leader's 6 MF, not the default squad's 4.
      expect(out.stdout).toContain("allowance 4 MF");
      expect(out.stdout).toMatch(
        new RegExp(`^${id} [^\\n]*\\n(?:[^\\n]*\\n)?  allowance 6 MF`, "m"),
      );
      await ok(["compile", file, "--out", join(dir, `out-${id}`)]);
    });
  }

  // The reports are the slowest commands and read ids as the commands above do: one id is enough.
  it("a ruleset whose id is constructor: the diff (with --map) and the card", async () => {
    const file = slAs("constructor");
    await ok([
      "diff",
      "sl-classic",
      file,
      "--map",
      join(ROOT, "maps", "skirmish.json"),
      "--from",
      "B4",
    ]);
    await ok(["card", file, "-o", join(dir, "constructor.html")]);
  });

  for (const name of NAMES) {
    it(`members, fields and units named ${name}: every command answers`, async () => {
      const file = hostileRuleset(`odd-${NAMES.indexOf(name)}`, name);
      const map = hostileMap(name);
      await ok(["check", file]);
      await ok(["test", file]);
      await ok(["eval", file, scenario(name)]);
      await ok(["diff", file, hostileRuleset(`odd-b-${NAMES.indexOf(name)}`, name)]);
      await ok(["reach", file, map, "--from", "A1", "--unit", `{"kind":"${name}"}`]);
      await ok(["reach", file, map, "--all"]);
      await ok(["reach", file, map, "--all", "--side", "enemy"]);
      await ok(["card", file, "-o", join(dir, `odd-${NAMES.indexOf(name)}.html`)]);
      await ok(["compile", file, "--out", join(dir, `odd-out-${NAMES.indexOf(name)}`)]);
      // Under sl-classic these names are no terrain, kind or unit: a located error, exit 1.
      for (const argv of [
        ["eval", "sl-classic", scenario(name)],
        ["reach", "sl-classic", map, "--from", "A1"],
        ["reach", "sl-classic", map, "--from", "A1", "--unit", `{"kind":"${name}"}`],
        [
          "reach",
          "sl-classic",
          join(ROOT, "maps", "skirmish.json"),
          "--from",
          "B4",
          "--unit",
          `${name}={"kind":"squad"}`,
        ],
      ]) {
        const out = await runInProcess(argv);
        answered(argv, out);
        expect([1, 2], `variorum ${argv.join(" ")}\n${out.stderr}`).toContain(out.exit);
      }
    });
  }
});
