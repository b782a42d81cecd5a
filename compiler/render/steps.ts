/** A scenario step as a reader names it ("woods, wall, uphill"): the eval text and the studio's trace. */
import type { Value } from "../ir/ir.js";
import { formatQuantity } from "../../runtime/format.js";

/** "woods, wall, uphill, inches 3" from a step record: members, true flags, quantities, set members. */
export function describeStep(step: Record<string, Value>): string {
  const parts: string[] = [];
  for (const [name, v] of Object.entries(step)) {
    if (v.v === "member") parts.push(v.name);
    else if (v.v === "bool" && v.b) parts.push(name);
    else if (v.v === "num") parts.push(`${name} ${formatQuantity(v.q)}`);
    else if (v.v === "set" && v.members.length > 0) parts.push(v.members.join("+"));
  }
  return parts.join(", ");
}
