/**
 * What every reader of a JSON tree shares, with no parser: where a node is (`spanOf`), what it is in
 * words (`jsonKind`), an object's properties each once (`objectProperties`), and the limits of a text
 * (`beyondLimits`). The parse itself is read.ts (jsonc-parser); a tree built from values
 * (value-tree.ts) is read with these alone, so reading a map's placed unit loads no parser.
 */

import type { Node } from "jsonc-parser";
import type { Diagnostic, SourceFile, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";

/** The code a JSON reader reports its text's own faults with: a scenario's, a map's, a reach unit's. */
export type JsonCode = "V0901" | "V1001" | "V1102";

/** The largest scenario file read (bytes of text), and the deepest nesting of `[`/`{` in it. */
export const MAX_SCENARIO_SIZE = 1_000_000;
export const MAX_SCENARIO_DEPTH = 64;

/**
 * A scenario too large or nested too deep to parse safely (the JSON parser recurses per level), as a
 * located V0901; null when within bounds. One linear scan that skips strings.
 */
export function beyondLimits(
  text: string,
  src: SourceFile,
  what = "scenario",
  code: JsonCode = "V0901",
): Diagnostic | null {
  if (text.length > MAX_SCENARIO_SIZE) {
    return report(code, "tooLong", src.span(0, 0), {
      what,
      length: text.length.toLocaleString("en"),
      max: MAX_SCENARIO_SIZE.toLocaleString("en"),
    });
  }
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      // a string: skip to its closing quote
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++)
        if (text.charCodeAt(i) === 92) i++;
    } else if (ch === 91 || ch === 123) {
      if (++depth > MAX_SCENARIO_DEPTH)
        return report(code, "tooDeep", src.span(i, i + 1), { what, max: MAX_SCENARIO_DEPTH });
    } else if ((ch === 93 || ch === 125) && depth > 0) depth--;
  }
  return null;
}

/**
 * The properties of an object node, each key once: a key given twice (JSON.parse would keep the last
 * silently) is reported at its second occurrence as `code` (V0901 in scenarios, V1001 in maps), the
 * field path named as `prefix` + key, and skipped.
 */
export function objectProperties(
  obj: Node,
  prefix: string,
  src: SourceFile,
  ds: Diagnostic[],
  code: JsonCode = "V0901",
): { key: Node; value: Node; name: string }[] {
  const seen = new Set<string>();
  const out: { key: Node; value: Node; name: string }[] = [];
  for (const prop of obj.children ?? []) {
    const key = prop.children?.[0];
    const value = prop.children?.[1];
    if (key === undefined || value === undefined) continue;
    const name = String(key.value);
    if (seen.has(name)) {
      ds.push(
        report(
          code,
          "givenTwice",
          spanOf(src, key),
          { field: `${prefix}${name}` },
          "keep one of them",
        ),
      );
      continue;
    }
    seen.add(name);
    out.push({ key, value, name });
  }
  return out;
}

export function spanOf(src: SourceFile, node: Node): Span {
  return src.span(node.offset, node.offset + node.length);
}

/** A node's JSON kind for messages: `an object`, `a string ("x")`, `null`. */
export function jsonKind(node: Node): string {
  switch (node.type) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return `a string (${JSON.stringify(node.value)})`;
    case "number":
      return `a number (${String(node.value)})`;
    case "boolean":
      return String(node.value);
    case "null":
      return "null";
    default:
      return "a value";
  }
}
