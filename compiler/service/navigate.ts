/**
 * What a name under the cursor denotes, across the `extends` chain: a definition, an enum member or
 * an input field. Definition, references and hover are built on it. Works on tokens, so it answers
 * in a file that does not parse or check.
 */
import type { IToken } from "chevrotain";
import type { Decl, EnumMemberDecl, FieldDecl, TypeRef } from "../../grammar/ast.js";
import { Ident, lexer, tokenEnd } from "../../grammar/tokens.js";
import type { Owned } from "../front/resolve.js";
import { ownedByName, replaced, type Analysis, type Parsed } from "./analysis.js";
import type { Location } from "./types.js";

const tokenCache = new WeakMap<Parsed, IToken[]>();

/**
 * The document's tokens (comments and white space left out): those its parse kept. A file the
 * grammar's limits stopped before parsing (over the size limit, brackets nested too deep) kept none,
 * and is lexed here, once per text.
 */
export function tokensOf(p: Parsed): IToken[] {
  if (p.out.tokens.length > 0 || p.text.length === 0) return p.out.tokens;
  let t = tokenCache.get(p);
  if (!t) {
    t = lexer().tokenize(p.text).tokens;
    tokenCache.set(p, t);
  }
  return t;
}

/**
 * Index of the token at `offset`: the one that starts there or covers it, else the one ending right
 * at it, else -1. Where one token ends and the next starts (`unit.|kind`), the next wins: the cursor
 * (Vim's `w`, a click before the first letter) is on `kind`, not on the `.`.
 */
export function tokenIndexAt(tokens: IToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  let ending = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = tokens[mid]!;
    if (tokenEnd(t) <= offset) {
      if (tokenEnd(t) === offset) ending = mid;
      lo = mid + 1;
    } else if (t.startOffset > offset) hi = mid - 1;
    else return mid;
  }
  return ending;
}

const RECORDS = new Set(["unit", "vehicle", "step", "scenario"]);
const isWord = (t: IToken | undefined): boolean => !!t && /^[A-Za-z_]/.test(t.image);

export type Target =
  | { t: "decl"; owned: Owned }
  | { t: "member"; owned: Owned & { decl: { kind: "enum" } }; member: EnumMemberDecl }
  | { t: "field"; owned: Owned & { decl: { kind: "input" } }; field: FieldDecl };

export interface Word {
  token: IToken;
  target: Target | null;
}

/** The name at `offset` of file `uri` (the document or one of its bases) and what it denotes. */
export function wordAt(a: Analysis, uri: string, offset: number): Word | null {
  const file = a.files.get(uri);
  if (!file) return null;
  const tokens = tokensOf(file);
  let i = tokenIndexAt(tokens, offset);
  if (i < 0) return null;
  // Between two tokens (`a|(`): prefer the word.
  if (!isWord(tokens[i]) && i > 0 && isWord(tokens[i - 1]) && tokenEnd(tokens[i - 1]!) === offset)
    i--;
  const token = tokens[i]!;
  if (!isWord(token)) return null;
  return { token, target: a.merged ? targetOf(a, tokens, i, uri) : null };
}

function targetOf(a: Analysis, tokens: IToken[], i: number, uri: string): Target | null {
  const merged = a.merged!;
  const token = tokens[i]!;
  const name = token.image;
  const prev = tokens[i - 1];
  const before = tokens[i - 2];
  if (prev?.image === "." && before) {
    if (RECORDS.has(before.image)) {
      const input = ownedByName(merged, before.image);
      if (input?.decl.kind === "input") {
        const field = input.decl.fields.find((f) => f.name === name);
        if (field)
          return { t: "field", owned: input as Owned & { decl: { kind: "input" } }, field };
      }
      return null;
    }
    const e = ownedByName(merged, before.image);
    if (e?.decl.kind === "enum") {
      const member = e.decl.members.find((m) => m.name === name);
      return member
        ? { t: "member", owned: e as Owned & { decl: { kind: "enum" } }, member }
        : null;
    }
  }
  // A field's name inside its own input declaration, or in an example's record literal.
  const decl = declAt(a, uri, token.startOffset);
  if (decl?.kind === "input" && tokens[i + 1]?.image === ":") {
    const field = decl.fields.find((f) => f.name === name && f.span.start === token.startOffset);
    const input = ownedByName(merged, decl.name);
    if (field && input?.decl.kind === "input")
      return { t: "field", owned: input as Owned & { decl: { kind: "input" } }, field };
  }
  if (decl?.kind === "example" && tokens[i + 1]?.image === ":") {
    for (const r of decl.records) {
      if (r.value.fields.some((f) => f.span.start === token.startOffset)) {
        const input = ownedByName(merged, r.rec);
        const field =
          input?.decl.kind === "input" ? input.decl.fields.find((f) => f.name === name) : undefined;
        if (field)
          return { t: "field", owned: input as Owned & { decl: { kind: "input" } }, field };
      }
    }
  }
  // The name of a definition in this file: itself (an override's own name is itself, too).
  if (decl && decl.kind !== "example" && decl.nameSpan.start === token.startOffset) {
    const own = merged.decls.find((o) => o.decl === decl);
    if (own) return { t: "decl", owned: own };
    if (decl.kind === "remove") {
      const base = merged.parent ? ownedByName(merged.parent, decl.name) : null;
      if (base) return { t: "decl", owned: base };
    }
  }
  const owned = ownedByName(merged, name);
  if (owned && owned.decl.kind !== "input" && owned.decl.kind !== "movement")
    return { t: "decl", owned };
  // An enum member: the first enum that has it.
  for (const o of merged.decls) {
    if (o.decl.kind !== "enum") continue;
    const member = o.decl.members.find((m) => m.name === name);
    if (member) return { t: "member", owned: o as Owned & { decl: { kind: "enum" } }, member };
  }
  return null;
}

/** The top-level declaration of file `uri` whose span holds `offset`. */
export function declAt(a: Analysis, uri: string, offset: number): Decl | null {
  const file = a.files.get(uri);
  if (!file) return null;
  for (const d of file.out.ast.decls) if (d.span.start <= offset && offset <= d.span.end) return d;
  return null;
}

function loc(a: Analysis, uri: string, start: number, end: number): Location {
  const lines = a.files.get(uri)!.lines;
  return { uri, start, end, range: lines.range(start, end) };
}

/** Where the target is defined. On an override's own name: the definition it replaces. */
export function definitionOf(a: Analysis, w: Word): Location | null {
  const t = w.target;
  if (!t) return null;
  if (t.t === "decl") {
    const d = t.owned.decl;
    if (d.nameSpan.start === w.token.startOffset && d.override && a.merged) {
      const base = replaced(a.merged, d);
      if (base) return loc(a, base.file, base.decl.nameSpan.start, base.decl.nameSpan.end);
    }
    // A rule a child `extend`s is still written in its own file (the child only adds cases).
    return loc(a, t.owned.declFile ?? t.owned.file, d.nameSpan.start, d.nameSpan.end);
  }
  if (t.t === "member")
    return loc(a, t.owned.file, t.member.span.start, t.member.span.start + t.member.name.length);
  return loc(a, t.owned.file, t.field.span.start, t.field.span.start + t.field.name.length);
}

/** Whether `tok` is the name of a definition written in `file` (not an example or an input). */
export function isDefinitionToken(file: Parsed, tok: { startOffset: number }): boolean {
  return file.out.ast.decls.some(
    (d) => d.kind !== "example" && d.kind !== "input" && d.nameSpan.start === tok.startOffset,
  );
}

export function typeText(t: TypeRef | null): string {
  if (!t) return "bool";
  if (t.t === "bool") return "bool";
  if (t.t === "set") return `set of ${t.of}`;
  return t.name;
}

/** On `extends ID` (the keyword or the id): the base file's `ruleset ID` header, where the id is. */
export function extendsDefinition(a: Analysis, uri: string, offset: number): Location | null {
  const ext = a.files.get(uri)?.out.ast.header?.extends;
  if (!ext || offset < ext.span.start || offset > ext.span.end) return null;
  const base = [...a.files.values()].find((p) => p.uri !== uri && p.out.ast.header?.id === ext.id);
  if (!base) return null;
  const tokens = tokensOf(base);
  const i = tokens.findIndex((t, k) => t.image === ext.id && tokens[k - 1]?.image === "ruleset");
  if (i < 0) return loc(a, base.uri, 0, 0);
  return loc(a, base.uri, tokens[i]!.startOffset, tokenEnd(tokens[i]!));
}

/** A name a rename may write: one identifier token, not a keyword. */
export function isPlainName(name: string): boolean {
  const r = lexer().tokenize(name);
  return r.errors.length === 0 && r.tokens.length === 1 && r.tokens[0]!.tokenType === Ident;
}

/** What the name in `w` denotes, as a key equal across the analyses of different documents. */
export function targetKey(t: Target): string {
  if (t.t === "decl") return `decl ${t.owned.decl.name}`;
  if (t.t === "member") return `member ${t.owned.decl.name}.${t.member.name}`;
  return `field ${t.owned.decl.name}.${t.field.name}`;
}

/** Where the name at `w` occurs in file `uri` of analysis `a`, confirmed by resolving each. */
export function occurrencesIn(a: Analysis, uri: string, name: string, key: string): Location[] {
  const file = a.files.get(uri);
  if (!file) return [];
  const out: Location[] = [];
  const tokens = tokensOf(file);
  tokens.forEach((tok, i) => {
    if (tok.image !== name) return;
    const t = targetOf(a, tokens, i, uri);
    if (t ? targetKey(t) === key : key.startsWith("decl ") && isDefinitionToken(file, tok))
      out.push(loc(a, uri, tok.startOffset, tokenEnd(tok)));
  });
  return out;
}

/** The names `merged` already gives meaning to: its definitions and enum members. */
export function taken(a: Analysis, name: string): string | null {
  for (const o of a.merged?.decls ?? []) {
    const d = o.decl;
    if (d.kind !== "example" && d.name === name) return `a ${d.kind} of ${o.origin}`;
    if (d.kind === "enum" && d.members.some((m) => m.name === name))
      return `a member of ${o.origin}'s enum ${d.name}`;
  }
  return null;
}
