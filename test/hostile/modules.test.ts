/**
 * Issue 45: every generated module (generated/index.ts) given hostile objects, as a game aid's careless
 * or hostile caller would pass them: prototype-polluting keys (`__proto__`, `constructor`,
 * `toString`, `hasOwnProperty`) as fields and as values, getters that throw, huge and odd numbers
 * (1e300, Infinity, NaN, -0, 2^53), arrays with holes, cyclic and exotic objects (a Proxy, a Map, a
 * Date, a symbol key), and options of the wrong shape — through `evaluate` and `reach`. Each call
 * answers or throws the runtime's `InputError` naming what is wrong; never another throw, and
 * Object.prototype is never touched. The hostile inputs are drawn with a fixed seed from a list of
 * edits of a valid input, so the same inputs run every time, in seconds.
 */
import { describe, expect, it } from "vitest";
import { rulesets } from "../../generated/index.js";
import { InputError } from "../../runtime/index.js";
import { buildGraph } from "../../runtime/map.js";
import { mulberry32 } from "../../compiler/util/random.js";

const SEED = 45_16;
/** Hostile inputs per module and entry point. */
const CALLS = 120;

interface Module {
  evaluate(input: unknown, options?: unknown): unknown;
  reach(map: unknown, unit: unknown, from: string, options?: unknown): unknown;
}
const modules = rulesets as unknown as Record<string, Module>;

/** A first unit kind and terrain each module accepts (so the hostile edits start from a valid input). */
const VALID: Record<string, { kind: string; terrain: string }> = {
  "asl-a4": { kind: "squad", terrain: "open-ground" },
  "asl-officer-bonus": { kind: "squad", terrain: "open-ground" },
  "chain-of-command": { kind: "team", terrain: "open" },
  "sl-asl-portage": { kind: "squad", terrain: "open-ground" },
  "sl-classic": { kind: "squad", terrain: "open-ground" },
  "sqla-31": { kind: "squad", terrain: "open-ground" },
  "tide-of-iron": { kind: "squad", terrain: "clear" },
};

const KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "prototype"];
const NUMBERS = [
  1e300,
  -1e300,
  Infinity,
  -Infinity,
  NaN,
  -0,
  2 ** 53,
  2 ** 53 + 2,
  1e16,
  1e-300,
  0.1,
];

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** A getter that throws, as a field of `o`. */
function throwing(o: Record<string, unknown>, key: string): void {
  Object.defineProperty(o, key, {
    enumerable: true,
    configurable: true,
    get() {
      throw new Error(`hostile getter ${key}`);
    },
  });
}

/** `o[key] = value`, over a getter or an inherited setter (`__proto__`) alike: an own data property. */
function put(o: object, key: string | number, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

function hostileProxy(): object {
  const p = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error("hostile proxy");
      },
      get() {
        throw new Error("hostile proxy");
      },
    },
  );
  proxies.add(p);
  return p;
}

/** One hostile value to put somewhere. */
function hostileValue(r: Rand): unknown {
  switch (Math.floor(r() * 12)) {
    case 0:
      return pick(r, NUMBERS);
    case 1:
      return pick(r, KEYS);
    case 2:
      return JSON.parse(`{"${pick(r, KEYS)}": {"polluted": true}}`);
    case 3: {
      const o: Record<string, unknown> = {};
      throwing(o, pick(r, ["kind", "terrain", "portage", "x"]));
      return o;
    }
    case 4: {
      const a: unknown[] = [];
      a[3] = { terrain: "woods" };
      return a;
    }
    case 5: {
      const o: Record<string, unknown> = { kind: "squad" };
      o["self"] = o;
      return o;
    }
    case 6:
      return hostileProxy();
    case 7:
      return new Map([["kind", "squad"]]);
    case 8:
      return { [Symbol("kind")]: "squad", kind: new Date(0) };
    case 9:
      return "x".repeat(100_000);
    case 10:
      return [pick(r, NUMBERS), pick(r, NUMBERS)];
    default:
      return null;
  }
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !(x instanceof Map) && !isProxy(x);
/** The hostile Proxy throws on every look; the harness never touches one it made. */
const proxies = new WeakSet<object>();
const isProxy = (x: object) => proxies.has(x);

/** Options of the wrong shape: the wrong kind, polluting keys, a Proxy, getters that throw. */
function hostileOptions(r: Rand): unknown {
  switch (Math.floor(r() * 11)) {
    case 7:
      return null;
    case 8:
      return hostileProxy();
    case 9: {
      const o: Record<string, unknown> = {};
      throwing(o, pick(r, ["trace", "scenario", "roll", "aboard"]));
      return o;
    }
    case 0:
      return pick(r, NUMBERS);
    case 1:
      return pick(r, KEYS);
    case 2:
      return JSON.parse('{"__proto__": {"polluted": true}}');
    case 3:
      return { scenario: hostileValue(r) };
    case 4:
      return { roll: [pick(r, NUMBERS), pick(r, NUMBERS)] };
    case 5:
      return { roll: hostileValue(r) };
    case 6:
      return { trace: pick(r, KEYS), aboard: pick(r, NUMBERS) };
    default:
      return {};
  }
}

/** A valid input for `id`, then one to three hostile edits at random places. */
function hostileInput(id: string, r: Rand): Record<string, unknown> {
  const v = VALID[id]!;
  const input: Record<string, unknown> = {
    unit: { kind: v.kind },
    path: [{ terrain: v.terrain }, { terrain: v.terrain }],
  };
  const edits = 1 + Math.floor(r() * 3);
  for (let i = 0; i < edits; i++) {
    const where = Math.floor(r() * 7);
    const value = hostileValue(r);
    const unit = input["unit"];
    const path = input["path"];
    if (where === 0) put(input, pick(r, ["unit", "path", "scenario", "roll", "vehicle"]), value);
    else if (where === 1 && isObject(unit))
      put(unit, pick(r, ["kind", "portage", "leader", "status", "dice", "shock"]), value);
    else if (where === 2 && isObject(unit)) put(unit, pick(r, KEYS), value);
    else if (where === 3 && Array.isArray(path)) put(path, Math.floor(r() * path.length), value);
    else if (where === 4 && Array.isArray(path) && isObject(path[0]))
      put(path[0], pick(r, ["terrain", "hexside", ...KEYS]), value);
    else if (where === 5 && isObject(unit)) throwing(unit, pick(r, ["kind", "portage"]));
    else put(input, "__proto__", value);
  }
  return input;
}

/** What `f` did: answered, an InputError, or another throw (a failure, with what reproduces it). */
function outcome(what: string, f: () => unknown): string | null {
  try {
    f();
    return null;
  } catch (e) {
    if (e instanceof InputError) return null;
    return `${what}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
}

const MAP = buildGraph({
  name: "small",
  columns: 4,
  rows: 3,
  terrain: { default: "open-ground" },
  hexInches: 3,
});

describe("generated modules given hostile objects", () => {
  for (const id of Object.keys(modules)) {
    it(`${id}: evaluate and reach answer or throw InputError, never another throw`, () => {
      const mod = modules[id]!;
      const r = mulberry32(SEED);
      const failures: string[] = [];
      for (let i = 0; i < CALLS; i++) {
        const input = hostileInput(id, r);
        const where = `seed ${SEED} call ${i}`;
        const f1 = outcome(`${id} evaluate ${where}`, () => mod.evaluate(input));
        if (f1) failures.push(f1);
        const options = r() < 0.3 ? hostileOptions(r) : {};
        const f2 = outcome(`${id} evaluate(options) ${where}`, () =>
          mod.evaluate({ unit: input["unit"], path: [] }, options),
        );
        if (f2) failures.push(f2);
        const from = r() < 0.3 ? pick(r, [...KEYS, "ZZ999", "", "A1"]) : "A1";
        const f3 = outcome(`${id} reach ${where}`, () =>
          mod.reach(MAP, input["unit"], from, r() < 0.3 ? hostileOptions(r) : {}),
        );
        if (f3) failures.push(f3);
      }
      expect(failures).toEqual([]);
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
      expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    });
  }

  it("the harness tells an InputError from another throw", () => {
    expect(outcome("x", () => modules["sl-classic"]!.evaluate({ unit: { kind: "sqaud" } }))).toBe(
      null,
    );
    expect(
      outcome("x", () => {
        throw new RangeError("boom");
      }),
    ).toBe("x: RangeError: boom");
  });
});
