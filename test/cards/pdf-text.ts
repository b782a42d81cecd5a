/**
 * Just enough of a PDF reader to read back the text Chromium (Skia) printed, for the card tests: no
 * dependency, no poppler. Skia writes PDF 1.4 without object streams; every content stream and font
 * program is FlateDecode; text is shown with CID fonts (Identity-H, two-byte glyph codes) that carry a
 * ToUnicode CMap. So: inflate each page's content stream, follow `/Fn size Tf` to the page's font and
 * its CMap, and decode the hex strings of `Tj` / `TJ` through it.
 *
 * Runs of text are joined with spaces (a gap in a TJ array wider than a space becomes a space, each
 * BT…ET a new run), so words and table cells come back as readable, searchable text.
 */

import { inflateSync } from "node:zlib";

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const start = m.index + m[0].length;
    const end = text.indexOf("endobj", start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const s = body.indexOf("stream");
    if (s >= 0 && /^<</.test(body.trimStart())) {
      const dict = body.slice(0, s);
      let dataStart = start + s + "stream".length;
      if (text[dataStart] === "\r") dataStart++;
      if (text[dataStart] === "\n") dataStart++;
      const len = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict);
      const dataEnd = len ? dataStart + Number(len[1]) : text.lastIndexOf("endstream", end);
      let data = pdf.subarray(dataStart, dataEnd);
      if (/\/FlateDecode/.test(dict)) {
        try {
          data = inflateSync(data);
        } catch {
          // not a stream we need
        }
      }
      out.set(Number(m[1]), { dict, stream: Buffer.from(data) });
    } else {
      out.set(Number(m[1]), { dict: body, stream: null });
    }
    re.lastIndex = end;
  }
  return out;
}

function hexBytes(hex: string): number[] {
  const h = hex.replace(/\s+/g, "");
  const out: number[] = [];
  for (let i = 0; i < h.length; i += 2) out.push(parseInt(h.slice(i, i + 2).padEnd(2, "0"), 16));
  return out;
}

function utf16(hex: string): string {
  const b = hexBytes(hex);
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
  return s;
}

/** A ToUnicode CMap: glyph code → text. */
function cmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const p of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(p[1]!, 16), utf16(p[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const p of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g,
    )) {
      const lo = parseInt(p[1]!, 16);
      const hi = parseInt(p[2]!, 16);
      const dst = p[3]!;
      if (dst.startsWith("[")) {
        const list = [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => utf16(x[1]!));
        for (let c = lo; c <= hi && c - lo < list.length; c++) map.set(c, list[c - lo]!);
      } else {
        const base = utf16(dst.slice(1, -1));
        const first = base.charCodeAt(base.length - 1);
        for (let c = lo; c <= hi; c++)
          map.set(c, base.slice(0, -1) + String.fromCharCode(first + (c - lo)));
      }
    }
  }
  return map;
}

function ref(dict: string, key: string): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict);
  return m ? Number(m[1]) : null;
}

/** The text of each page, in page order. */
export function pdfPagesText(pdf: Uint8Array): string[] {
  const buf = Buffer.from(pdf);
  const objs = objects(buf);
  const cmaps = new Map<number, Map<number, string>>();
  const fontMap = (fontObj: number): Map<number, string> => {
    let m = cmaps.get(fontObj);
    if (m) return m;
    const f = objs.get(fontObj);
    const tu = f ? ref(f.dict, "ToUnicode") : null;
    const s = tu !== null ? objs.get(tu)?.stream : null;
    m = s ? cmap(s.toString("latin1")) : new Map();
    cmaps.set(fontObj, m);
    return m;
  };
  // Pages in tree order: follow /Kids from the root /Pages.
  const pages: number[] = [];
  const root = [...objs.entries()].find(
    ([, o]) => /\/Type\s*\/Pages\b/.test(o.dict) && !/\/Parent\s/.test(o.dict),
  );
  const walk = (id: number): void => {
    const o = objs.get(id);
    if (!o) return;
    if (/\/Type\s*\/Page(?![a-zA-Z])/.test(o.dict)) {
      pages.push(id);
      return;
    }
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(o.dict);
    for (const k of kids ? kids[1]!.matchAll(/(\d+)\s+0\s+R/g) : []) walk(Number(k[1]));
  };
  if (root) walk(root[0]);
  return pages.map((id) => {
    const page = objs.get(id)!;
    const fonts = new Map<string, number>();
    let resources = page.dict;
    const resRef = ref(page.dict, "Resources");
    if (resRef !== null) resources = objs.get(resRef)?.dict ?? "";
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(resources);
    for (const f of fontDict ? fontDict[1]!.matchAll(/\/([A-Za-z0-9_.+-]+)\s+(\d+)\s+0\s+R/g) : [])
      fonts.set(f[1]!, Number(f[2]));
    const contents: number[] = [];
    const c = /\/Contents\s*(\[[^\]]*\]|\d+\s+0\s+R)/.exec(page.dict);
    for (const x of c ? c[1]!.matchAll(/(\d+)\s+0\s+R/g) : []) contents.push(Number(x[1]));
    let out = "";
    for (const cid of contents) {
      const s = objs.get(cid)?.stream?.toString("latin1") ?? "";
      let current = new Map<number, string>();
      const decode = (hex: string) => {
        const b = hexBytes(hex);
        let t = "";
        for (let i = 0; i + 1 < b.length; i += 2) t += current.get((b[i]! << 8) | b[i + 1]!) ?? "";
        return t;
      };
      const ops =
        /\/([A-Za-z0-9_.+-]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F\s]*)>\s*Tj|\[((?:[^\]\\]|\\.)*)\]\s*TJ|\bET\b/g;
      let m: RegExpExecArray | null;
      while ((m = ops.exec(s)) !== null) {
        if (m[1] !== undefined) {
          const obj = fonts.get(m[1]);
          current = obj !== undefined ? fontMap(obj) : new Map();
        } else if (m[2] !== undefined) out += decode(m[2]);
        else if (m[3] !== undefined) {
          for (const part of m[3].matchAll(/<([0-9a-fA-F\s]*)>|(-?[\d.]+)/g)) {
            if (part[1] !== undefined) out += decode(part[1]);
            else if (Number(part[2]) < -200) out += " ";
          }
        } else out += " ";
      }
    }
    // NFKC undoes the ligatures the font has (ﬁ, ﬃ).
    return out.normalize("NFKC").replace(/\s+/g, " ").trim();
  });
}

/** All the text of a PDF, pages joined by a newline. */
export function pdfText(pdf: Uint8Array): string {
  return pdfPagesText(pdf).join("\n");
}
