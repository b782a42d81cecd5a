/**
 * Seeded mutants of rulesets and scenario files, for the hostile-input fuzzer (fuzz/cases.ts).
 *
 * Each mutant is one to three edits of a bundled text, chosen by the seeded generator (compiler/util/random.ts) so that a
 * (seed, index) pair always gives the same mutant: line deletions, duplications and swaps,
 * truncation, token insertion, brace removal, huge and tiny numbers, deep nesting, deep prefix
 * operators and `if … else`, long flat chains, long strings, citations and names, CR / CRLF line ends, a byte-order mark, NUL and invalid UTF-8 (decoded as the CLI decodes
 * a file: each bad byte becomes U+FFFD).
 */

import { mulberry32 } from "../compiler/util/random.js";
import { KEYWORDS } from "../grammar/tokens.js";

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** Every keyword (grammar/tokens.ts), two phrases, then punctuation, literals and awkward names. */
const RULES_TOKENS = [
  ...KEYWORDS,
  "set of",
  "keep highest 1",
  "->",
  "==",
  "!=",
  "<=",
  "=",
  "+",
  "-",
  "−",
  "*",
  "×",
  "/",
  "{",
  "}",
  "(",
  ")",
  ":",
  ",",
  ".",
  "|",
  "?",
  '"',
  "\\",
  "[",
  "]",
  "#",
  "0",
  "1/0",
  "½",
  "2d6",
  "7d21",
  "[5.4]",
  "MF",
  "woods",
  "unit.__proto__",
  "constructor",
  "__proto__",
  "toString",
  "hasOwnProperty",
  "x-y",
  "@",
  "$",
  ";",
  "`",
  "~",
];

const HUGE_NUMBERS = [
  "99999999999999999999",
  "1000000001",
  "0.0000001",
  "1.00000000000000000000001",
  "123456789.123456789",
  "-99999999999999999999",
  "0",
  "1e9",
  "4294967297",
  "9007199254740993",
];

const JSON_TOKENS = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  '"',
  "null",
  "true",
  "-1",
  "0",
  "1e999",
  "99999999999999999999",
  "0.5",
  '"__proto__"',
  '"constructor"',
  '"kind"',
  '"steps"',
  '"terrain"',
  '"woods"',
  '"\\u001b[2J"',
  '"\\r\\nFAKE: legal"',
  '{"terrain":"woods"}',
  "[]",
  "{}",
];

export type Mutation = { op: string; text: string };

function lines(text: string): string[] {
  return text.split("\n");
}

/** One edit of a ruleset's text. */
function mutateRules(r: Rand, text: string): Mutation {
  const ls = lines(text);
  const at = () => Math.floor(r() * (text.length + 1));
  switch (int(r, 0, 15)) {
    case 0: {
      const i = int(r, 0, ls.length - 1);
      ls.splice(i, int(r, 1, 4));
      return { op: "delete-lines", text: ls.join("\n") };
    }
    case 1: {
      const i = int(r, 0, ls.length - 1);
      const n = int(r, 1, 12);
      ls.splice(int(r, 0, ls.length), 0, ...ls.slice(i, i + n));
      return { op: "duplicate-lines", text: ls.join("\n") };
    }
    case 2: {
      const i = int(r, 0, ls.length - 1);
      const j = int(r, 0, ls.length - 1);
      [ls[i], ls[j]] = [ls[j]!, ls[i]!];
      return { op: "swap-lines", text: ls.join("\n") };
    }
    case 3:
      return { op: "truncate", text: text.slice(0, at()) };
    case 4: {
      const p = at();
      return {
        op: "insert-token",
        text: text.slice(0, p) + " " + pick(r, RULES_TOKENS) + " " + text.slice(p),
      };
    }
    case 5: {
      const braces = [...text.matchAll(/[{}()]/g)].map((m) => m.index!);
      if (braces.length === 0) return { op: "truncate", text: text.slice(0, at()) };
      const p = pick(r, braces);
      return { op: "remove-brace", text: text.slice(0, p) + text.slice(p + 1) };
    }
    case 6: {
      const nums = [...text.matchAll(/\b\d+(\.\d+)?\b/g)];
      if (nums.length === 0) return { op: "insert-token", text: text + " 1" };
      const m = pick(r, nums);
      return {
        op: "huge-number",
        text: text.slice(0, m.index) + pick(r, HUGE_NUMBERS) + text.slice(m.index! + m[0].length),
      };
    }
    case 7: {
      // Deep nesting around a number in a rule body.
      const nums = [...text.matchAll(/= (\d+) /g)];
      const depth = pick(r, [10, 63, 65, 300, 2000]);
      if (nums.length === 0) return { op: "deep-nesting", text: text + "(".repeat(depth) };
      const m = pick(r, nums);
      const inner = "(".repeat(depth) + m[1]! + ")".repeat(depth);
      return {
        op: "deep-nesting",
        text: text.slice(0, m.index! + 2) + inner + text.slice(m.index! + 2 + m[1]!.length),
      };
    }
    case 8: {
      // A long flat chain: a + a + … (the checker folds it without recursion).
      const nums = [...text.matchAll(/= (\d+) /g)];
      const n = pick(r, [200, 1500, 20000]);
      if (nums.length === 0) return { op: "flat-chain", text };
      const m = pick(r, nums);
      const chain = Array.from({ length: n }, () => m[1]!).join(" + ");
      return {
        op: "flat-chain",
        text: text.slice(0, m.index! + 2) + chain + text.slice(m.index! + 2 + m[1]!.length),
      };
    }
    case 9:
      return {
        op: "line-ends",
        text: r() < 0.5 ? text.replace(/\n/g, "\r") : text.replace(/\n/g, "\r\n"),
      };
    case 10:
      return { op: "bom", text: "\uFEFF" + text };
    case 11: {
      const p = at();
      return { op: "nul", text: text.slice(0, p) + "\u0000" + text.slice(p) };
    }
    case 12: {
      // Invalid UTF-8 bytes, decoded as a file read would decode them.
      const bytes = new TextEncoder().encode(text);
      const p = Math.floor(r() * (bytes.length + 1));
      const bad = pick(r, [
        [0xff],
        [0xc3],
        [0xe2, 0x82],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
      ]);
      const out = new Uint8Array(bytes.length + bad.length);
      out.set(bytes.subarray(0, p));
      out.set(bad, p);
      out.set(bytes.subarray(p), p + bad.length);
      return { op: "invalid-utf8", text: new TextDecoder("utf-8").decode(out) };
    }
    case 14: {
      // Deep prefix operators or `if … else` before a number in a rule body (the limit is 256).
      const nums = [...text.matchAll(/= (\d+) /g)];
      const depth = pick(r, [10, 255, 257, 2000, 5000]);
      if (nums.length === 0) return { op: "prefix-depth", text: text + "-".repeat(depth) };
      const m = pick(r, nums);
      const prefix = pick(r, ["-", "- ", "not ", `${m[1]!} if true else `, "1d6 each "]);
      return {
        op: "prefix-depth",
        text: text.slice(0, m.index! + 2) + prefix.repeat(depth) + text.slice(m.index! + 2),
      };
    }
    case 15: {
      // A long string, citation or name (over the text limit, or the file limit).
      const n = pick(r, [1_001, 200_000, 900_000, 10_000_000]);
      const targets = [...text.matchAll(/"[^"\n]*"|\[[^\]\n]*\]|\b(?:kind|terrain|woods)\b/g)];
      if (targets.length === 0) return { op: "long-string", text: `"${"x".repeat(n)}"` + text };
      const m = pick(r, targets);
      const open = m[0][0]!;
      const long =
        open === '"'
          ? `"${"x".repeat(n)}"`
          : open === "["
            ? `[${"5.".repeat(n / 2)}]`
            : "a".repeat(n);
      return {
        op: "long-string",
        text: text.slice(0, m.index) + long + text.slice(m.index! + m[0].length),
      };
    }
    default: {
      // A hostile name where a name stands.
      const names = [...text.matchAll(/\b(kind|terrain|leader|woods|squad)\b/g)];
      if (names.length === 0) return { op: "hostile-name", text };
      const m = pick(r, names);
      const name = pick(r, [
        "__proto__",
        "constructor",
        "toString",
        "valueOf",
        "hasOwnProperty",
        "prototype",
      ]);
      return {
        op: "hostile-name",
        text: text.slice(0, m.index) + name + text.slice(m.index! + m[0].length),
      };
    }
  }
}

/** One edit of a scenario file's text. */
function mutateScenario(r: Rand, text: string): Mutation {
  const at = () => Math.floor(r() * (text.length + 1));
  switch (int(r, 0, 8)) {
    case 0: {
      const p = at();
      return { op: "delete", text: text.slice(0, p) + text.slice(p + int(r, 1, 40)) };
    }
    case 1: {
      const p = at();
      const slice = text.slice(p, p + int(r, 1, 120));
      const q = at();
      return { op: "duplicate", text: text.slice(0, q) + slice + text.slice(q) };
    }
    case 2: {
      const p = at();
      return { op: "insert-token", text: text.slice(0, p) + pick(r, JSON_TOKENS) + text.slice(p) };
    }
    case 3: {
      const nums = [...text.matchAll(/-?\d+(\.\d+)?/g)];
      if (nums.length === 0) return { op: "truncate", text: text.slice(0, at()) };
      const m = pick(r, nums);
      return {
        op: "huge-number",
        text: text.slice(0, m.index) + pick(r, HUGE_NUMBERS) + text.slice(m.index! + m[0].length),
      };
    }
    case 4: {
      const depth = pick(r, [63, 65, 3000, 5000]);
      const p = text.lastIndexOf("}");
      const deep = "[".repeat(depth) + "]".repeat(depth);
      return { op: "deep-nesting", text: text.slice(0, p) + `, "deep": ${deep}` + text.slice(p) };
    }
    case 5: {
      // Many bad steps on one long line.
      const n = pick(r, [10, 500, 3000]);
      const steps = Array.from({ length: n }, (_, i) => `{"terrain":"nowhere-${i}"}`).join(",");
      return { op: "bad-steps", text: text.replace(/"steps"\s*:\s*\[/, `"steps": [${steps},`) };
    }
    case 6:
      return { op: "truncate", text: text.slice(0, at()) };
    case 7:
      return {
        op: "line-ends",
        text: r() < 0.5 ? text.replace(/\n/g, "\r") : "\uFEFF" + text.replace(/\n/g, "\r\n"),
      };
    default: {
      const keys = [...text.matchAll(/"([a-zA-Z]+)"\s*:/g)];
      if (keys.length === 0) return { op: "truncate", text: text.slice(0, at()) };
      const m = pick(r, keys);
      const name = pick(r, ["__proto__", "constructor", "toString", "name\u001b[2J"]);
      return {
        op: "hostile-key",
        text:
          text.slice(0, m.index) + JSON.stringify(name) + text.slice(m.index! + m[1]!.length + 2),
      };
    }
  }
}

/**
 * One edit of a map file's text: any edit of a JSON file (the scenario's), or one that only a map
 * has — the map made large (up to and past the 702 × 999 limit, so that reach, its text grid and its
 * drawing meet their bounds), a long road, a hexside given twice or with a feature of its own, an
 * unknown terrain, a level far out of range.
 */
function mutateMap(r: Rand, text: string): Mutation {
  const set = (key: string, value: string): string =>
    text.replace(new RegExp(`"${key}"\\s*:\\s*[^,}\\]]+`), `"${key}": ${value}`);
  switch (int(r, 0, 6)) {
    case 0: {
      const [c, rows] = pick(r, [
        [400, 400],
        [500, 300],
        [702, 999],
        [703, 10],
        [10, 1000],
        [300, 2],
        [0, 0],
        [-1, 5],
      ] as const);
      return {
        op: "big-map",
        text: set("rows", String(rows)).replace(/"columns"\s*:\s*\d+/, `"columns": ${c}`),
      };
    }
    case 1: {
      const n = pick(r, [50, 2000, 30000]);
      const road = Array.from({ length: n }, (_, i) => `"A${(i % 999) + 1}"`).join(",");
      return { op: "long-road", text: text.replace(/"roads"\s*:\s*\[/, `"roads": [[${road}],`) };
    }
    case 2: {
      const side = pick(r, [
        '{ "hexes": ["D3", "D4"], "feature": "wall" }',
        '{ "hexes": ["D3", "D4"], "feature": "hedge" }',
        '{ "hexes": ["D3", "F9"], "feature": "wall" }',
        '{ "hexes": ["D3", "D3"], "feature": "wall" }',
        '{ "hexes": ["D3", "D4"], "feature": "moat" }',
      ]);
      return { op: "hexside", text: text.replace(/"hexsides"\s*:\s*\[/, `"hexsides": [${side},`) };
    }
    case 3: {
      const name = pick(r, ["swamp", "", "__proto__", "woods\u001b[2J", "x".repeat(5000)]);
      return {
        op: "unknown-terrain",
        text: text.replace(/"default"\s*:\s*"[^"]*"/, `"default": ${JSON.stringify(name)}`),
      };
    }
    case 4:
      return {
        op: "level",
        text: text.replace(
          /"levels"\s*:\s*\{/,
          `"levels": { "A1": ${pick(r, ["1e308", "-5", "0.5", "99999"])},`,
        ),
      };
    case 5: {
      const key = pick(r, ['"B3": "woods"', '"B3": "building"', '"Z99": "woods"', '"B3": 7']);
      return {
        op: "hex-key",
        text: text.replace(/"hexes"\s*:\s*\{/, `"hexes": { ${r() < 0.5 ? `${key}, ` : ""}${key},`),
      };
    }
    default:
      return mutateScenario(r, text);
  }
}

/** The mutant number `index` of `base` under `seed`: one to three edits, all named in `op`. */
export function mutant(
  kind: "rules" | "scenario" | "map",
  base: string,
  seed: number,
  index: number,
): Mutation {
  const r = mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
  const edits = int(r, 1, 3);
  let text = base;
  const ops: string[] = [];
  for (let i = 0; i < edits; i++) {
    const m =
      kind === "rules"
        ? mutateRules(r, text)
        : kind === "map"
          ? mutateMap(r, text)
          : mutateScenario(r, text);
    text = m.text;
    ops.push(m.op);
  }
  return { op: ops.join("+"), text };
}
