/**
 * A JSON value handed over in memory (a map's placed unit, compiler/reach/units.ts; a map's vehicle,
 * compiler/reach/binding.ts) as the scenario reader's later stages read a file: the tree jsonc-parser
 * makes of `JSON.stringify(value)`, with that text, built from the value instead of written out and
 * parsed back. What it adds: validate.ts and convert.ts run on such a value exactly as on a file —
 * the same checks, each number read exactly from the same text, the same messages — without the
 * scanner and parser (read.ts), which were most of the cost of reading a placed unit.
 */
import type { Node } from "jsonc-parser";

/** What `JSON.stringify` writes: a key whose value is `undefined` is left out, as it leaves it out. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

interface Building {
  type: Node["type"];
  offset: number;
  length: number;
  value?: unknown;
  colonOffset?: number;
  parent?: Node;
  children?: Node[];
}

/**
 * The text `JSON.stringify(value)` and the tree `parseTree` reads from it (each node's offsets in that
 * text, its parent set), for a value of JSON's own kinds. A number that is not finite is written
 * `null`, as `JSON.stringify` writes it; an array's `undefined` element too.
 */
export function valueTree(value: JsonValue): { root: Node; text: string } {
  let text = "";
  const write = (s: string) => {
    const at = text.length;
    text += s;
    return at;
  };
  const node = (v: JsonValue | undefined, parent: Node | undefined): Node => {
    const n: Building = { type: "null", offset: text.length, length: 0, parent };
    if (v === null || v === undefined || (typeof v === "number" && !Number.isFinite(v))) {
      write("null");
      n.value = null;
    } else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") {
      const t = JSON.stringify(v);
      write(t);
      n.type = typeof v as "string" | "number" | "boolean";
      // The parser's number is the one its text reads back (so never -0).
      n.value = typeof v === "number" ? Number(t) : v;
    } else if (Array.isArray(v)) {
      n.type = "array";
      n.children = [];
      write("[");
      v.forEach((x, i) => {
        if (i > 0) write(",");
        n.children!.push(node(x, n as Node));
      });
      write("]");
    } else {
      n.type = "object";
      n.children = [];
      write("{");
      for (const [k, x] of Object.entries(v as { [key: string]: JsonValue | undefined })) {
        if (x === undefined) continue;
        if (n.children.length > 0) write(",");
        const p: Building = { type: "property", offset: text.length, length: 0, parent: n as Node };
        const key = JSON.stringify(k);
        const keyNode: Node = { type: "string", value: k, offset: write(key), length: key.length };
        (keyNode as Building).parent = p as Node;
        p.colonOffset = write(":");
        p.children = [keyNode, node(x, p as Node)];
        p.length = text.length - p.offset;
        n.children.push(p as Node);
      }
      write("}");
    }
    n.length = text.length - n.offset;
    return n as Node;
  };
  const root = node(value, undefined);
  return { root, text };
}
