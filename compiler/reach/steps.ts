/** Map steps → the interpreter's scenario values (field names and enum members of one ruleset). */
import type { PlainStep } from "../../runtime/reach-steps.js";
import type { RulesetIR, Value } from "../ir/ir.js";
import { hexsideField, stepEnum } from "../ir/name-resolver.js";
import { decimalToQ } from "../../runtime/rational.js";

/** A plain step → the interpreter's scenario values for `ir` (a hexside feature into its `hexside` or `obstacle`). */
export function stepValues(ir: RulesetIR, s: PlainStep): Record<string, Value> {
  const fields = ir.inputs.find((i) => i.rec === "step")?.fields ?? [];
  const byJson = new Map(fields.map((f) => [f.json, f]));
  const out: Record<string, Value> = {};
  const t = stepEnum(ir, "terrain");
  const h = stepEnum(ir, "hexside");
  const hf = hexsideField(ir);
  const e = stepEnum(ir, "enemy");
  if (t !== null) out[byJson.get("terrain")!.name] = { v: "member", enum: t.name, name: s.terrain };
  if (t !== null && s.alsoTerrain !== undefined && byJson.has("alsoTerrain"))
    out[byJson.get("alsoTerrain")!.name] = { v: "member", enum: t.name, name: s.alsoTerrain };
  if (s.hexside !== undefined && h !== null && hf !== null)
    out[hf] = { v: "member", enum: h.name, name: s.hexside };
  if (s.enemy !== undefined && e !== null)
    out[byJson.get("enemy")!.name] = { v: "member", enum: e.name, name: s.enemy };
  const st = stepEnum(ir, "stream");
  if (s.stream !== undefined && st !== null)
    out[byJson.get("stream")!.name] = { v: "member", enum: st.name, name: s.stream };
  for (const f of ["viaRoad", "uphill", "downhill"] as const)
    if (s[f] === true && byJson.has(f)) out[byJson.get(f)!.name] = { v: "bool", b: true };
  if (s.bypass !== undefined && byJson.has("bypass")) {
    const q = decimalToQ(String(s.bypass));
    if (q !== null) out[byJson.get("bypass")!.name] = { v: "num", q };
  }
  if (t !== null && s.bypassThrough !== undefined && byJson.has("bypassThrough"))
    out[byJson.get("bypassThrough")!.name] = { v: "member", enum: t.name, name: s.bypassThrough };
  if (s.inches !== undefined && byJson.has("inches")) {
    const q = decimalToQ(String(s.inches));
    if (q !== null) out[byJson.get("inches")!.name] = { v: "num", q };
  }
  return out;
}
