import { describe, expect, it } from "vitest";
import { parseScenario } from "../../compiler/scenario/index.js";
import { decimalToQ } from "../../runtime/rational.js";
import { closest } from "../../compiler/util/suggest.js";
import { diceIR, slClassicIR } from "./fixture-ir.js";

const sl = slClassicIR();

function parse(json: unknown, irs = [sl]) {
  return parseScenario(
    typeof json === "string" ? json : JSON.stringify(json, null, 2),
    "scen.json",
    irs,
  );
}

describe("parseScenario", () => {
  it("converts a well-formed scenario for a ruleset", () => {
    const r = parse({
      name: "squad into woods",
      unit: { kind: "squad", portage: 2, status: ["cx", "broken", "cx"] },
      path: [{ terrain: "open-ground" }, { terrain: "woods", hexside: "wall", viaRoad: true }],
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.name).toBe("squad into woods");
    expect(r.perRuleset).toHaveLength(1);
    const { id, value, notApplicable } = r.perRuleset[0]!;
    expect(id).toBe("sl-classic");
    expect(notApplicable).toEqual([]);
    expect(value.unit).toEqual({
      kind: { v: "member", enum: "kind", name: "squad" },
      portage: { v: "num", q: "2" },
      leader: { v: "bool", b: false },
      // enum order, no repeats
      status: { v: "set", enum: "status", members: ["broken", "cx"] },
    });
    expect(value.scenario).toEqual({ phase: { v: "member", enum: "phase", name: "movement" } });
    expect(value.vehicle).toBeNull();
    expect(value.path[1]).toEqual({
      terrain: { v: "member", enum: "terrain", name: "woods" },
      hexside: { v: "member", enum: "hexside", name: "wall" },
      "via-road": { v: "bool", b: true },
    });
    expect(value.path[0]).toEqual({
      terrain: { v: "member", enum: "terrain", name: "open-ground" },
      "via-road": { v: "bool", b: false },
    });
    expect(value.roll).toBeUndefined();
  });

  it("names the file when the scenario has no name", () => {
    expect(parse({ unit: { kind: "squad" } }).name).toBe("scen");
  });

  it("reports an unknown field with its path, the valid names and a suggestion", () => {
    const r = parse({
      unit: { kind: "squad" },
      path: [{ terrain: "road" }, { terrain: "road" }, { terain: "woods" }],
    });
    expect(r.perRuleset).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
    const d = r.diagnostics[0]!;
    expect(d.code).toBe("V0902");
    expect(d.message).toContain("path[2].terain");
    expect(d.message).toContain("terrain, hexside, viaRoad, uphill, downhill, action, obstacle");
    expect(d.hint).toBe("did you mean `terrain`?");
    expect(d.span).toMatchObject({ file: "scen.json", line: 13, col: 7 });
  });

  it("reports unknown fields at the top level and in unit", () => {
    const r = parse({ nmae: "x", unit: { kind: "squad", doubletime: true } });
    expect(r.diagnostics.map((d) => d.code)).toEqual(["V0902", "V0902"]);
    expect(r.diagnostics[0]!.message).toContain("`nmae`");
    expect(r.diagnostics[0]!.hint).toBe("did you mean `name`?");
    expect(r.diagnostics[1]!.message).toContain("`unit.doubletime`");
    expect(r.diagnostics[1]!.hint).toBe("did you mean `doubleTime`?");
  });

  it("reports an unknown terrain naming the value, the ruleset and the valid terrain", () => {
    const r = parse({ unit: { kind: "squad" }, path: [{ terrain: "marsh" }, { terrain: "wods" }] });
    expect(r.diagnostics.map((d) => d.code)).toEqual(["V0903", "V0903"]);
    const [marsh, wods] = r.diagnostics;
    expect(marsh!.message).toContain("`marsh`");
    expect(marsh!.message).toContain("sl-classic");
    expect(marsh!.message).toContain("open-ground, road, woods, building, shell-hole, wheatfield");
    expect(marsh!.hint).toBeUndefined();
    expect(wods!.message).toContain("path[1].terrain");
    expect(wods!.hint).toBe("did you mean `woods`?");
  });

  it("reports an unknown kind and an unknown status member", () => {
    const r = parse({ unit: { kind: "platoon", status: ["broke"] } });
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining("unknown kind `platoon`"),
      expect.stringContaining("unknown status `broke` in `unit.status[0]`"),
    ]);
  });

  it("reports a value of the wrong JSON shape", () => {
    const r = parse({
      unit: { kind: "squad", portage: "3", leader: 1, status: "broken" },
      path: {},
    });
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["V0903", '`unit.portage` must be a number, not a string ("3")'],
      ["V0903", "`unit.leader` must be true or false, not a number (1)"],
      ["V0903", '`unit.status` must be an array of strings, not a string ("broken")'],
      ["V0903", expect.stringContaining("`path` must be an array of steps, not an object")],
    ]);
  });

  it("reports each element of an array of the wrong JSON type", () => {
    const r = parse({
      unit: { kind: "squad", status: ["broken", 3, true], dice: [3, "x", 1e400] },
      path: [{ terrain: "woods" }],
    });
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["V0903", "`unit.status[1]` must be a string, not a number (3)"],
      ["V0903", "`unit.status[2]` must be a string, not true"],
      ["V0903", '`unit.dice[1]` must be a number, not a string ("x")'],
      ["V0903", expect.stringContaining("`unit.dice[2]`")],
    ]);
  });

  it("reports a missing required field", () => {
    const r = parse({ unit: { portage: 1 } });
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]!.message).toContain("requires `unit.kind`");
    const r2 = parse({ path: [] });
    expect(r2.diagnostics[0]!.message).toBe(
      "the scenario has no `unit`, but ruleset sl-classic requires `unit.kind`",
    );
  });

  it("converts decimals exactly", () => {
    const r = parse('{ "unit": { "kind": "squad", "portage": 0.5 } }');
    expect(r.perRuleset[0]!.value.unit.portage).toEqual({ v: "num", q: "1/2" });
    const r2 = parse('{ "unit": { "kind": "squad", "portage": 2.50 } }');
    expect(r2.perRuleset[0]!.value.unit.portage).toEqual({ v: "num", q: "5/2" });
    expect(decimalToQ("0.1")).toBe("1/10");
    expect(decimalToQ("-0.75")).toBe("-3/4");
    expect(decimalToQ("1e2")).toBe("100");
    expect(decimalToQ("125E-3")).toBe("1/8");
    expect(decimalToQ("-0")).toBe("0");
    expect(decimalToQ("0.1234567890123456789")).toBeNull();
    // One reader for rulesets and scenarios: the range is the caller's parameter.
    expect(decimalToQ("1e20")).toBeNull();
    expect(decimalToQ("1e20", null)).toBe("100000000000000000000");
    expect(decimalToQ("12", 10n)).toBeNull();
    expect(decimalToQ("1.5x", null)).toBeNull();
  });

  it("rejects numbers out of range", () => {
    const r = parse('{ "unit": { "kind": "squad", "portage": 1e400 } }');
    expect(r.diagnostics.map((d) => d.code)).toEqual(["V0903"]);
    expect(r.diagnostics[0]!.message).toContain("out of range");
  });

  it("lists fields the ruleset has no concept for under notApplicable", () => {
    const r = parse({
      phase: "advance",
      unit: { kind: "half-squad", doubleTime: true, shock: 1 },
      vehicle: { kind: "halftrack", mp: 16 },
      path: [{ terrain: "open-ground" }, { terrain: "woods", uphill: true }, { action: "board" }],
    });
    expect(r.diagnostics).toEqual([]);
    const p = r.perRuleset[0]!;
    // An in-place action the ruleset has no concept of makes the whole step not applicable.
    expect(p.notApplicable).toEqual([
      "unit.doubleTime",
      "unit.shock",
      "vehicle",
      "path[1].uphill",
      "path[2]",
    ]);
    expect(p.value.scenario.phase).toEqual({ v: "member", enum: "phase", name: "advance" });
    expect(p.value.vehicle).toBeNull();
    expect(p.value.path).toHaveLength(2);
  });

  it("gives each ruleset its own conversion", () => {
    const r = parse({ unit: { kind: "squad", dice: [3, 5] }, path: [{ terrain: "woods" }] }, [
      sl,
      diceIR(),
    ]);
    expect(r.diagnostics).toEqual([]);
    expect(r.perRuleset.map((p) => p.id)).toEqual(["sl-classic", "dice-house"]);
    expect(r.perRuleset[0]!.notApplicable).toEqual(["unit.dice"]);
    expect(r.perRuleset[0]!.value.roll).toBeUndefined();
    expect(r.perRuleset[1]!.notApplicable).toEqual([]);
    expect(r.perRuleset[1]!.value.roll).toEqual([3, 5]);
  });

  it("checks a fixed roll against the dice the ruleset rolls", () => {
    const r = parse({ unit: { kind: "squad", dice: [3, 7, 1] } }, [diceIR()]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining("gives 3 dice, but ruleset dice-house rolls at most 2"),
    ]);
    const r2 = parse({ unit: { kind: "squad", dice: [3, 7] } }, [diceIR()]);
    expect(r2.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining("`unit.dice[1]` is 7"),
    ]);
    // A move may roll fewer dice than the ruleset's largest roll (Chain of Command: 2D6 or 3D6).
    const r3 = parse({ unit: { kind: "squad", dice: [4] } }, [diceIR()]);
    expect(r3.diagnostics).toEqual([]);
    expect(r3.perRuleset[0]!.value.roll).toEqual([4]);
  });

  it("accepts a field a ruleset declares beyond the global vocabulary", () => {
    const ir = slClassicIR();
    ir.inputs[0]!.fields.push({
      name: "nationality",
      json: "nationality",
      type: { t: "enum", name: "kind" },
      optional: true,
      default: null,
      cite: "31.11",
    });
    const r = parse({ unit: { kind: "squad", nationality: "crew" } }, [ir, sl]);
    expect(r.diagnostics).toEqual([]);
    expect(r.perRuleset[0]!.value.unit.nationality).toEqual({
      v: "member",
      enum: "kind",
      name: "crew",
    });
    expect(r.perRuleset[1]!.notApplicable).toEqual(["unit.nationality"]);
  });

  it("reports malformed JSON with line and column", () => {
    const r = parse('{\n  "unit": { "kind": "squad" }\n  "path": []\n}');
    expect(r.perRuleset).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "V0901", span: { line: 3, col: 3 } });
    expect(r.diagnostics[0]!.message).toContain("expected `,`");
  });

  it("reports a trailing comma, a comment, a duplicate field and an empty file", () => {
    const trailing = parse('{ "unit": { "kind": "squad", } }').diagnostics[0]!;
    expect(trailing).toMatchObject({
      code: "V0901",
      message: "malformed JSON: trailing comma",
      span: { line: 1, col: 28 },
    });
    const comment = parse('{ // hi\n "unit": { "kind": "squad" } }').diagnostics[0]!;
    expect(comment).toMatchObject({ code: "V0901", span: { line: 1, col: 3 } });
    expect(comment.message).toContain("comments are not allowed");
    const dup = parse('{ "unit": { "kind": "squad", "kind": "crew" } }').diagnostics[0]!;
    expect(dup).toMatchObject({
      code: "V0901",
      message: "malformed JSON: `unit.kind` is given twice",
    });
    expect(parse("  \n").diagnostics[0]).toMatchObject({
      code: "V0901",
      message: "malformed JSON: the file is empty",
    });
  });

  it("requires an object at the top and objects as steps", () => {
    expect(parse("[1]").diagnostics[0]!.message).toBe("a scenario is a JSON object, not an array");
    const r = parse({ unit: { kind: "squad" }, path: ["woods", {}] });
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining("`path[0]` must be an object"),
      "`path[1]` is empty",
    ]);
  });
});

describe("closest", () => {
  it("suggests near names only", () => {
    expect(closest("terain", ["terrain", "hexside"])).toBe("terrain");
    expect(closest("ViaRoad", ["viaRoad"])).toBe("viaRoad");
    expect(closest("zzz", ["terrain", "hexside"])).toBeNull();
  });
});

describe("parseScenario reports every mistake in one run", () => {
  it("reports unknown fields and unknown members together, and evaluates nothing", () => {
    const r = parseScenario(
      JSON.stringify({
        unit: { kind: "squad" },
        path: [{ terain: "woods" }, { terrain: "marsh" }],
      }),
      "x.json",
      [slClassicIR()],
    );
    expect(r.diagnostics.map((d) => d.code)).toEqual(["V0902", "V0903"]);
    expect(r.perRuleset).toEqual([]);
  });

  it("does not report required fields of a record of the wrong shape", () => {
    const r = parseScenario('{ "unit": [] }', "x.json", [slClassicIR()]);
    expect(r.diagnostics.map((d) => d.message)).toEqual(["`unit` must be an object, not an array"]);
  });
});

describe("parseScenario does not repeat one mistake", () => {
  it("does not report a required field as missing where an unknown field is probably its misspelling", () => {
    const ir = slClassicIR();
    ir.inputs[1]!.fields[0]!.optional = false; // step.terrain required
    const r = parseScenario(
      '{ "unit": { "kind": "squad" }, "path": [ { "terain": "woods" }, {"hexside": "wall"} ] }',
      "x.json",
      [ir],
    );
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["V0902", expect.stringContaining("`path[0].terain`")],
      ["V0903", "missing field: ruleset sl-classic requires `path[1].terrain`"],
    ]);
  });
});
