/**
 * CST → AST. Walks Chevrotain's concrete syntax tree and produces the typed AST of `ast.ts`, with a
 * span on every node. Definitions that the parser only partly recovered are dropped (their syntax
 * error is already reported), so later phases never see half-built nodes.
 */
import type { CstElement, CstNode, IToken } from "chevrotain";
import { diag, type Diagnostic, type SourceFile, type Span } from "../diagnostics/index.js";
import { decimalToQ } from "../runtime/rational.js";
import { hasControl, safeLine } from "../diagnostics/safe-text.js";
import type * as A from "./ast.js";
import type * as C from "./cst.js";
import { MAX_EXPR_DEPTH, MAX_TEXT_CHARS } from "./limits.js";
import { tokenEnd } from "./tokens.js";

/** The member of `A.Decl` whose kind is (or takes in) `K`. */
export type DeclOf<K extends A.Decl["kind"]> = A.Decl extends infer D
  ? D extends { kind: infer DK }
    ? [K] extends [DK]
      ? D
      : never
    : never
  : never;
/** A definition's own fields: all but the ones every definition has. */
export type DeclOwn<K extends A.Decl["kind"]> = Omit<
  DeclOf<K>,
  "name" | "nameSpan" | "override" | "meta" | "span" | "kind"
>;

/**
 * A definition, as both parsing paths build it: the fields every definition has, in the AST's
 * order, then its kind's own. The common part is one literal and the own fields are copied onto it,
 * so each kind keeps one object shape (an object spread of a shared base measured far dearer).
 */
export function decl<K extends A.Decl["kind"]>(
  name: string,
  nameSpan: Span,
  override: boolean,
  meta: A.Meta,
  span: Span,
  kind: K,
  own: DeclOwn<K>,
): DeclOf<K> {
  const common = { name, nameSpan, override, meta, span, kind };
  return Object.assign(common, own) as unknown as DeclOf<K>;
}

/**
 * `items` in an array of its own length, for an array the AST keeps. V8 gives an array grown by
 * `push` from empty room for 17 elements at the first push; most of the AST's arrays hold one to
 * three, and each lives as long as the AST (copied by the scavenges it survives, as is its unused
 * room): on the benchmark's ruleset, 15,700 such arrays held 2.4 MB, nine tenths of it empty.
 */
export function exact<T>(items: T[]): T[] {
  return items.length === 0 ? items : items.slice();
}

const FRACTIONS: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
};

/** The largest whole part a number of a ruleset may have, and the most decimal places (see docs/cli.md). */
export const MAX_NUMBER = 1_000_000_000;
export const MAX_DECIMALS = 6;
/** Dice: distributions are enumerated exactly, one evaluation per ordered outcome, so keep them few. */
export const MAX_DICE = 6;
export const MAX_SIDES = 20;
export const MAX_OUTCOMES = 6 ** 6;
/** The highest step number an example may name. */
export const MAX_STEPS = 10_000;

/**
 * Whether exact "n/d" text lies within the numbers every backend handles exactly: |n/d| ≤ MAX_NUMBER
 * and d ≤ 10^MAX_DECIMALS (so that, at any tick scale the compiler accepts, a value stays a safe integer).
 */
function malformed(text: string): never {
  throw new TypeError(`the lexer passed a malformed number: ${text}`);
}

/**
 * Whether a number token's text is already its exact value's text: a whole number of at most nine
 * digits without a leading zero (most numbers of a ruleset), which `decimalToQ` would return as is.
 */
function plainWhole(image: string): boolean {
  if (image.length > 9 || (image.length > 1 && image.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < image.length; i++) {
    const c = image.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return image.length > 0;
}

export function inRange(q: string): boolean {
  // Most numbers are small whole numbers: under ten digits they are in range without BigInt.
  if (q.length < 10 && !q.includes("/")) return true;
  const [n, d = "1"] = q.replace(/^-/, "").split("/");
  return BigInt(n!) <= BigInt(MAX_NUMBER) * BigInt(d) && BigInt(d) <= 10n ** BigInt(MAX_DECIMALS);
}

export function outOfRange(text: string, span: Span): Diagnostic {
  const shown = text.length > 40 ? text.slice(0, 37) + "…" : text;
  return diag(
    "V0105",
    `the number ${shown} is out of range: numbers are at most ${MAX_NUMBER.toLocaleString("en")} with at most ${MAX_DECIMALS} decimal places`,
    span,
  );
}

export function unquote(text: string): string {
  const inner = text.slice(1, -1);
  // Most strings escape nothing: no pattern to run over them.
  return inner.includes("\\") ? inner.replace(/\\(.)/g, "$1") : inner;
}

type Children = Record<string, CstElement[] | undefined>;
/** The names of a CST node's token children and of its sub-rule children (grammar/cst.ts). */
type TokenKey<K> = { [P in keyof K]-?: NonNullable<K[P]> extends IToken[] ? P : never }[keyof K] &
  string;
type NodeKey<K> = { [P in keyof K]-?: NonNullable<K[P]> extends CstNode[] ? P : never }[keyof K] &
  string;
type NodeAt<K, P extends keyof K> = NonNullable<K[P]> extends (infer N)[] ? N : never;

export class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];
  /** Expression levels open while an operand is built (see `binary`). */
  private open = 0;
  /** The run `climb` is climbing: its items, position, how an operand is built, its span. */
  private readonly run: ClimbRun = {
    items: [],
    pos: 0,
    end: 0,
    operand: () => FALSE_STANDIN,
    span: NO_SPAN,
  };
  /** The infix operator `atInfix` last found. */
  private readonly infix = { op: "", prec: 0, width: 1 };
  constructor(readonly src: SourceFile) {}

  spanOfToken(t: IToken): Span {
    return this.src.span(t.startOffset, tokenEnd(t));
  }
  private spanOf(n: CstNode): Span {
    const loc = n.location;
    if (!loc || Number.isNaN(loc.startOffset)) return this.src.span(0, 0);
    return this.src.span(loc.startOffset, (loc.endOffset ?? loc.startOffset) + 1);
  }
  // Children by name, typed by grammar/cst.ts: a name the grammar does not give that node fails to
  // compile. Recovery may leave any child out, so every list may be missing (then empty).
  private toks<K>(c: K, name: TokenKey<K>): IToken[] {
    return ((c as Children)[name] ?? []) as IToken[];
  }
  private tok<K>(c: K, name: TokenKey<K>, i = 0): IToken | undefined {
    const t = this.toks(c, name)[i];
    return t && !t.isInsertedInRecovery ? t : undefined;
  }
  private subs<K, P extends NodeKey<K>>(c: K, name: P): NodeAt<K, P>[] {
    return ((c as Children)[name] ?? []) as NodeAt<K, P>[];
  }
  private sub<K, P extends NodeKey<K>>(c: K, name: P, i = 0): NodeAt<K, P> | undefined {
    return this.subs(c, name)[i];
  }
  str(t: IToken | undefined): string | null {
    return t ? this.clean(t, unquote(t.image)) : null;
  }
  cite(t: IToken | undefined): A.Cite | null {
    return t
      ? { text: this.clean(t, t.image.slice(1, -1).trim()), span: this.spanOfToken(t) }
      : null;
  }
  /**
   * Text of a string or citation, which reaches reports, cards and terminals: a control character
   * (ESC, DEL, …) in it is an error, and is replaced by `�` so that nothing downstream ever sees one.
   */
  clean(t: IToken, full: string): string {
    let text = full;
    if (text.length > MAX_TEXT_CHARS) {
      // Titles and citations reach every report; a longer one is an error, and is cut.
      const n = (x: number) => x.toLocaleString("en");
      this.diagnostics.push(
        diag(
          "V0108",
          `this text is ${n(text.length)} characters long; a string or citation is at most ${n(MAX_TEXT_CHARS)}`,
          this.spanOfToken(t),
          "say it in fewer words; cite the rule for the rest",
        ),
      );
      text = text.slice(0, MAX_TEXT_CHARS) + "…";
    }
    if (!hasControl(text)) return text;
    this.diagnostics.push(
      diag(
        "V0107",
        "a control character (such as ESC or TAB) in text",
        this.spanOfToken(t),
        "write plain text; use spaces instead of tabs",
      ),
    );
    return safeLine(text);
  }

  /**
   * `recovered`: the parser reported errors, so the CST may hold nodes that recovery left without
   * some of their children. A definition that cannot be built from such a node is left out (its
   * syntax error is already reported); without parse errors, a failure here is a bug and propagates.
   */
  file(cst: C.FileCstNode, path: string, recovered = false): A.RulesFile {
    const c = cst.children;
    const headers = this.subs(c, "header");
    const firstDef = this.subs(c, "definition")[0]?.location?.startOffset ?? Infinity;
    // The header is the one before every definition; any other is reported where it stands.
    const h =
      headers[0] && (headers[0].location?.startOffset ?? 0) < firstDef ? headers[0] : undefined;
    for (const extra of headers)
      if (extra !== h) this.extraHeader(extra.location?.startOffset ?? 0, h !== undefined);
    const decls: A.Decl[] = [];
    const at = (n: CstNode) => n.location?.startOffset ?? 0;
    // Definitions and `section KEY { … }` blocks, in file order; a block's definitions take its
    // section unless they name one.
    const items: { node: C.DefinitionCstNode; section: IToken | null }[] = this.subs(
      c,
      "definition",
    ).map((node) => ({ node, section: null }));
    for (const b of this.subs(c, "sectionBlock")) {
      if (b.recoveredNode) continue;
      const key = this.tok(b.children, "Name") ?? null;
      for (const node of this.subs(b.children, "definition")) items.push({ node, section: key });
    }
    items.sort((a, b) => at(a.node) - at(b.node));
    for (const { node: d, section } of items) {
      let built: A.Decl | null;
      try {
        built = this.definition(d);
      } catch (e) {
        if (!recovered || !(e instanceof TypeError)) throw e;
        built = null;
      }
      if (built && section) this.inSection(built, section);
      if (built) decls.push(built);
    }
    return { path, header: h && !h.recoveredNode ? this.header(h) : null, decls };
  }

  /** The first `kind` token after `keyword` in a node: clauses may come in any order. */
  private after<K>(c: K, keyword: TokenKey<K>, kind: TokenKey<K>): IToken | undefined {
    const k = this.tok(c, keyword);
    if (!k) return undefined;
    let best: IToken | undefined;
    for (const t of this.toks(c, kind)) {
      if (
        t.startOffset > k.startOffset &&
        !t.isInsertedInRecovery &&
        (!best || t.startOffset < best.startOffset)
      )
        best = t;
    }
    return best;
  }

  private header(n: C.HeaderCstNode): A.Header | null {
    const c = n.children;
    return this.headerOf(
      this.tok(c, "Name"),
      this.tok(c, "StringLit"),
      this.after(c, "Kw_edition", "StringLit"),
      this.after(c, "Kw_cites", "Name"),
      this.after(c, "Kw_extends", "Name"),
      this.spanOf(n),
    );
  }

  /** The header from its tokens: the first of each clause counts. */
  headerOf(
    id: IToken | undefined,
    title: IToken | undefined,
    editionTok: IToken | undefined,
    cites: IToken | undefined,
    ext: IToken | undefined,
    span: Span,
  ): A.Header | null {
    if (!id || !title) return null;
    return {
      id: id.image,
      title: this.clean(title, unquote(title.image)),
      edition: this.str(editionTok),
      cites: cites ? { style: cites.image, span: this.spanOfToken(cites) } : null,
      extends: ext ? { id: ext.image, span: this.spanOfToken(ext) } : null,
      span,
    };
  }

  /** V0102 for a `ruleset` header at `at` that is not the file's (`first`: the file has one before it). */
  extraHeader(at: number, first: boolean): void {
    this.diagnostics.push(
      diag(
        "V0102",
        first
          ? "a second `ruleset` header: a file holds one ruleset"
          : "the `ruleset` header must come first",
        this.src.span(at, at + "ruleset".length),
        first ? "put each ruleset in a file of its own" : "move it to the top of the file",
      ),
    );
  }

  /** A `section KEY { … }` block's key on a definition in it that names no section of its own. */
  inSection(built: A.Decl, section: IToken): void {
    if (built.meta.section === null && built.kind !== "example" && built.kind !== "movement") {
      built.meta.section = section.image;
      built.meta.sectionSpan = this.spanOfToken(section);
    }
  }

  private definition(n: C.DefinitionCstNode): A.Decl | null {
    if (n.recoveredNode) return null;
    const c = n.children;
    const override = this.toks(c, "Kw_override").length > 0;
    const node = DEFINITION_KINDS.map((k) => this.sub(c, k)).find((x) => x !== undefined);
    if (!node || node.recoveredNode) return null;
    switch (node.name) {
      case "removeDef":
        return this.removeDef(node);
      case "extendDef":
        return this.extendDef(node);
      case "measureDef":
        return this.simple(node, override, "measure");
      case "enumDef":
        return this.enumDef(node, override);
      case "groupDef":
        return this.groupDef(node, override);
      case "inputDef":
        return this.inputDef(node, override);
      case "tableDef":
        return this.tableDef(node, override);
      case "ruleDef":
        return this.ruleDef(node, override, "rule");
      case "predicateDef":
        return this.ruleDef(node, override, "predicate");
      case "constraintDef":
        return this.constraintDef(node, override);
      case "movementDef":
        return this.movementDef(node, override);
      case "exampleDef":
        return this.exampleDef(node, override);
    }
  }

  private meta(n: C.MetaCstNode | undefined): A.Meta {
    if (!n) return { cite: null, title: null, concept: null, section: null };
    const c = n.children;
    const noteTok = this.after(c, "Kw_note", "StringLit");
    return this.metaOf(
      this.tok(c, "Citation"),
      this.toks(c, "StringLit").find((t) => t !== noteTok && !t.isInsertedInRecovery),
      noteTok,
      this.after(c, "Kw_concept", "Name"),
      this.after(c, "Kw_section", "Name"),
      this.tok(c, "Kw_helper"),
    );
  }

  /** A definition's citation and clauses (`titleTok`: its first string that is not the note). */
  metaOf(
    citeTok: IToken | undefined,
    titleTok: IToken | undefined,
    noteTok: IToken | undefined,
    concept: IToken | undefined,
    section: IToken | undefined,
    helper?: IToken,
  ): A.Meta {
    const meta: A.Meta = {
      cite: this.cite(citeTok),
      title: this.str(titleTok),
      concept: concept?.image ?? null,
      section: section?.image ?? null,
    };
    if (section) meta.sectionSpan = this.spanOfToken(section);
    const note = this.str(noteTok);
    if (note !== null) meta.note = note;
    if (helper) meta.helper = true;
    return meta;
  }

  /** A definition from node `n`: its name (or "" where recovery left none), spans, and `own`. */
  private decl<K extends A.Decl["kind"]>(
    n: CstNode,
    override: boolean,
    nameTok: IToken | undefined,
    meta: A.Meta,
    kind: K,
    own: DeclOwn<K>,
  ): DeclOf<K> {
    const nameSpan = nameTok ? this.spanOfToken(nameTok) : this.spanOf(n);
    return decl(nameTok?.image ?? "", nameSpan, override, meta, this.spanOf(n), kind, own);
  }

  private extendDef(n: C.ExtendDefCstNode): A.Decl {
    const c = n.children;
    const kindNode = this.sub(c, "defKind");
    const kindTok = kindNode
      ? (Object.values(kindNode.children)[0]?.[0] as IToken | undefined)
      : undefined;
    const edits: A.ExceptionEdit[] = [];
    for (const e of this.exceptionsOf(c)) edits.push({ e: "add", exception: e, span: e.span });
    for (const x of this.subs(c, "exceptionEdit")) {
      if (x.recoveredNode) continue;
      const xc = x.children;
      const span = this.spanOf(x);
      if (this.tok(xc, "Kw_override")) {
        const [ex] = this.exceptionsOf(xc);
        if (ex)
          edits.push({ e: "override", ref: ex.label ?? `[${ex.cite.text}]`, exception: ex, span });
      } else {
        const cited = this.cite(this.tok(xc, "Citation"));
        const ref = this.tok(xc, "Name")?.image ?? (cited ? `[${cited.text}]` : undefined);
        if (ref) edits.push({ e: "remove", ref, span });
      }
    }
    edits.sort((a, b) => a.span.start - b.span.start);
    const meta = this.meta(undefined);
    meta.title = this.str(this.tok(c, "StringLit"));
    return this.decl(n, false, this.tok(c, "Name"), meta, "extend", {
      target: kindTok?.image ?? "",
      edits,
    });
  }

  private removeDef(n: C.RemoveDefCstNode): A.Decl {
    const c = n.children;
    const kindNode = this.sub(c, "defKind");
    const kindTok = kindNode
      ? (Object.values(kindNode.children)[0]?.[0] as IToken | undefined)
      : undefined;
    return this.decl(n, false, this.tok(c, "Name"), this.meta(undefined), "remove", {
      target: kindTok?.image ?? "",
    });
  }

  private simple(n: C.MeasureDefCstNode, override: boolean, kind: "measure"): A.Decl {
    const c = n.children;
    return this.decl(n, override, this.tok(c, "Name"), this.meta(this.sub(c, "meta")), kind, {});
  }

  private enumDef(n: C.EnumDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const members = this.subs(c, "enumMember").map((m) => ({
      name: this.tok(m.children, "Name")?.image ?? "",
      display: this.str(this.tok(m.children, "StringLit")),
      cite: this.cite(this.tok(m.children, "Citation")),
      concepts: ((m.children["Name"] ?? []) as IToken[])
        .slice(1)
        .filter((t) => !t.isInsertedInRecovery)
        .map((t) => t.image),
      span: this.spanOf(m),
    }));
    return this.decl(n, override, this.tok(c, "Name"), this.meta(this.sub(c, "meta")), "enum", {
      members,
    });
  }

  private qualified(n: C.QualifiedNameCstNode): {
    name: string;
    member: string | null;
    span: Span;
  } {
    const first = this.tok(n.children, "Name")?.image ?? "";
    const second = this.tok(n.children, "Name", 1)?.image ?? null;
    return second === null
      ? { name: first, member: null, span: this.spanOf(n) }
      : { name: first, member: second, span: this.spanOf(n) };
  }

  private groupDef(n: C.GroupDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    return this.decl(n, override, this.tok(c, "Name"), this.meta(this.sub(c, "meta")), "group", {
      members: this.subs(c, "qualifiedName").map((q) => this.qualified(q)),
    });
  }

  private recordKw(n: C.RecordKwCstNode | undefined): A.RecordKw {
    const t = n ? (Object.values(n.children)[0]?.[0] as IToken | undefined) : undefined;
    return (t?.image ?? "unit") as A.RecordKw;
  }

  private typeRef(n: C.TypeRefCstNode | undefined): A.TypeRef {
    if (!n) return { t: "name", name: "", span: this.src.span(0, 0) };
    const c = n.children;
    const span = this.spanOf(n);
    if (this.toks(c, "Kw_bool").length) return { t: "bool", span };
    if (this.toks(c, "Kw_set").length)
      return { t: "set", of: this.tok(c, "Name")?.image ?? "", span };
    return { t: "name", name: this.tok(c, "Name")?.image ?? "", span };
  }

  private inputDef(n: C.InputDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const rec = this.recordKw(this.sub(c, "recordKw"));
    const fields = this.subs(c, "inputField").map((f) => {
      const fc = f.children;
      const def = this.sub(fc, "expr");
      return {
        name: this.tok(fc, "Name")?.image ?? "",
        type: this.typeRef(this.sub(fc, "typeRef")),
        optional: this.toks(fc, "Question").length > 0,
        default: def ? this.expr(def) : null,
        span: this.spanOf(f),
      };
    });
    const meta: A.Meta = {
      cite: this.cite(this.tok(c, "Citation")),
      title: null,
      concept: null,
      section: null,
    };
    const nameSpan = this.spanOf(this.sub(c, "recordKw") ?? n);
    return decl(rec, nameSpan, override, meta, this.spanOf(n), "input", {
      rec,
      fields,
    });
  }

  private tableDef(n: C.TableDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const names = this.toks(c, "Name");
    const keys = names.slice(1).map((t) => ({ name: t.image, span: this.spanOfToken(t) }));
    const rows = this.subs(c, "tableRow").map((r): A.RowDecl => {
      const rc = r.children;
      const other = this.toks(rc, "Kw_otherwise").length > 0;
      return {
        keys: other ? "otherwise" : this.toks(rc, "Name").map((t) => t.image),
        values: this.subs(rc, "expr").map((e) => this.expr(e)),
        cite: this.cite(this.tok(rc, "Citation")),
        span: this.spanOf(r),
      };
    });
    return this.decl(n, override, names[0], this.meta(this.sub(c, "meta")), "table", {
      keys,
      type: this.typeRef(this.sub(c, "typeRef")),
      rows,
    });
  }

  private params(n: C.ParamsCstNode | undefined): { name: string; type: A.TypeRef; span: Span }[] {
    if (!n) return [];
    const names = this.toks(n.children, "Name");
    const types = this.subs(n.children, "typeRef");
    return names.map((t, i) => ({
      name: t.image,
      type: this.typeRef(types[i]),
      span: this.spanOfToken(t),
    }));
  }

  private ruleDef(
    n: C.RuleDefCstNode | C.PredicateDefCstNode,
    override: boolean,
    kind: "rule" | "predicate",
  ): A.Decl {
    const c = n.children;
    const value = this.sub(c, "expr");
    const block = this.sub(c, "exceptionBlock");
    return this.decl(n, override, this.tok(c, "Name"), this.meta(this.sub(c, "meta")), kind, {
      params: this.params(this.sub(c, "params")),
      type: n.name === "ruleDef" ? this.typeRef(this.sub(n.children, "typeRef")) : null,
      value: value ? this.expr(value) : { k: "bool", v: false, span: this.spanOf(n) },
      exceptions: block ? this.exceptions(block) : [],
    });
  }

  private exceptions(block: C.ExceptionBlockCstNode): A.ExceptionDecl[] {
    return this.exceptionsOf(block.children);
  }

  /** The `exception` children of a node, built. */
  private exceptionsOf(
    children: C.ExceptionBlockCstChildren | C.ExtendDefCstChildren | C.ExceptionEditCstChildren,
  ): A.ExceptionDecl[] {
    const out: A.ExceptionDecl[] = [];
    for (const e of this.subs(children, "exception")) {
      if (e.recoveredNode) continue;
      const c = e.children;
      const cite = this.cite(this.tok(c, "Citation"));
      const [when, value] = this.subs(c, "expr");
      if (!cite || !when || !value) continue;
      const inner = this.sub(c, "exceptionBlock");
      out.push({
        label: this.tok(c, "Name")?.image ?? null,
        cite,
        title: this.str(this.tok(c, "StringLit")),
        when: this.expr(when),
        value: this.expr(value),
        exceptions: inner ? this.exceptions(inner) : [],
        span: this.spanOf(e),
      });
    }
    return out;
  }

  private constraintDef(n: C.ConstraintDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const cond = this.sub(c, "expr");
    return this.decl(
      n,
      override,
      this.tok(c, "Name"),
      this.meta(this.sub(c, "meta")),
      "constraint",
      {
        cond: cond ? this.expr(cond) : { k: "bool", v: true, span: this.spanOf(n) },
      },
    );
  }

  private movementDef(n: C.MovementDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const measureTok = this.tok(c, "Name");
    const entries = this.subs(c, "movementEntry").flatMap((e): A.MovementEntry[] => {
      const ec = e.children;
      const value = this.sub(ec, "expr");
      const role = this.tok(ec, "Name");
      if (!value || !role) return [];
      return [
        {
          role: role.image,
          measure: this.tok(ec, "Name", 1)?.image ?? null,
          value: this.expr(value),
          span: this.spanOf(e),
        },
      ];
    });
    const meta: A.Meta = {
      cite: this.cite(this.tok(c, "Citation")),
      title: null,
      concept: null,
      section: null,
    };
    return decl("movement", this.spanOf(n), override, meta, this.spanOf(n), "movement", {
      measure: measureTok?.image ?? "",
      entries,
    });
  }

  private record(n: C.RecordCstNode): A.RecordLit {
    const c = n.children;
    const names = this.toks(c, "Name");
    const values = this.subs(c, "expr");
    return {
      fields: names
        .map((t, i) => ({ name: t.image, value: this.expr(values[i]!), span: this.spanOfToken(t) }))
        .filter((_, i) => values[i]),
      span: this.spanOf(n),
    };
  }

  private exampleDef(n: C.ExampleDefCstNode, override: boolean): A.Decl {
    const c = n.children;
    const title = this.str(this.tok(c, "StringLit")) ?? "";
    // Walk in source order: a record keyword (`unit`, `scenario`, …) owns the record after it; the
    // records after `path` are its steps.
    const items: (IToken | C.RecordKwCstNode | C.RecordCstNode)[] = [
      ...this.subs(c, "recordKw"),
      ...this.toks(c, "Kw_path"),
      ...this.subs(c, "record"),
    ];
    const at = (x: IToken | CstNode) =>
      "image" in x ? x.startOffset : (x.location?.startOffset ?? 0);
    items.sort((a, b) => at(a) - at(b));
    const records: { rec: A.RecordKw; value: A.RecordLit }[] = [];
    const pathRecs: C.RecordCstNode[] = [];
    let owner: C.RecordKwCstNode | "path" | null = null;
    for (const x of items) {
      if ("image" in x) owner = "path";
      else if (x.name === "recordKw") owner = x;
      else if (owner === "path") pathRecs.push(x);
      else if (owner) {
        records.push({ rec: this.recordKw(owner), value: this.record(x) });
        owner = null;
      }
    }
    const hasPath = this.toks(c, "Kw_path").length > 0;
    const expects = this.subs(c, "expectation").flatMap((e) => this.expectation(e));
    const meta: A.Meta = {
      cite: this.cite(this.tok(c, "Citation")),
      title,
      concept: null,
      section: null,
    };
    return decl(title, this.spanOf(n), override, meta, this.spanOf(n), "example", {
      records,
      path: hasPath ? pathRecs.map((r) => this.record(r)) : null,
      roll: this.toks(c, "Kw_roll").length
        ? this.toks(c, "NumberLit").map((t) => this.smallInt(t, MAX_SIDES))
        : null,
      expects,
    });
  }

  private expectation(n: C.ExpectationCstNode): A.ExpectDecl[] {
    if (n.recoveredNode) return [];
    const c = n.children;
    const span = this.spanOf(n);
    const negated = this.toks(c, "Kw_not").length > 0;
    const value = this.sub(c, "expr");
    if (this.toks(c, "Kw_legal").length) return [{ e: "legal", negated, span }];
    const needs = this.tok(c, "needs");
    if (needs) {
      const rec = (["Kw_unit", "Kw_vehicle", "Kw_step", "Kw_scenario"] as const)
        .map((k) => this.tok(c, k))
        .find((t) => t);
      const field = this.tok(c, "needsField");
      return rec && field
        ? [{ e: "needs", rec: rec.image as A.RecordKw, field: field.image, span }]
        : [];
    }
    const depends = this.tok(c, "depends");
    if (depends) {
      const rec = (["Kw_unit", "Kw_vehicle", "Kw_step", "Kw_scenario"] as const)
        .map((k) => this.tok(c, k))
        .find((t) => t);
      const field = this.tok(c, "dependsField");
      return rec && field
        ? [{ e: "depends", rec: rec.image as A.RecordKw, field: field.image, span }]
        : [];
    }
    const cite = this.cite(this.tok(c, "Citation"));
    if (this.toks(c, "Kw_violation").length)
      return cite ? [{ e: "violation", cite, negated, span }] : [];
    const idx = this.tok(c, "NumberLit");
    if (idx && value)
      return [{ e: "step", index: this.smallInt(idx, MAX_STEPS), value: this.expr(value), span }];
    const name = this.tok(c, "Name");
    const exprs = this.subs(c, "expr").map((e) => this.expr(e));
    const last = exprs.pop();
    if (name && last) return [{ e: "value", name: name.image, args: exprs, value: last, span }];
    return [];
  }

  // ---- expressions ----

  /** `t0 if c0 else t1 if c1 else … tN`, nested to the right without recursion. */
  expr(n: C.ExprCstNode): A.Expr {
    return this.ifChain(this.subs(n.children, "binary"), (b) => this.binary(b), this.spanOf(n));
  }

  /**
   * The `if … else` run of an expression (`parts`: value, condition, value, …, value), nested to the
   * right; `build` makes each part's expression, in the order the nesting needs them.
   */
  ifChain<P>(parts: P[], build: (p: P) => A.Expr, span: Span): A.Expr {
    // Recovery may leave a partial `if` (no condition or no else part): drop it.
    const whole = parts.length % 2 === 1 ? parts.length : parts.length - 1;
    if (whole < 1) return { k: "bool", v: false, span };
    let acc = build(parts[whole - 1]!);
    for (let i = whole - 3; i >= 0; i -= 2) {
      const t = build(parts[i]!);
      const span = this.src.span(t.span.start, acc.span.end);
      acc = { k: "if", c: build(parts[i + 1]!), t, e: acc, span };
    }
    return acc;
  }

  /** Precedence climbing over the flat run of a `binary` node. */
  private binary(n: C.BinaryCstNode): A.Expr {
    // Most runs are one operand and no operator (`2`, `unit.kind`): that operand, as the climb below
    // would build it, without its arrays, closures and sort.
    const only = n.children.primary;
    let alone = only?.length === 1;
    for (const k in n.children) if (k !== "primary") alone = false;
    if (alone) return this.primary(only![0]!);
    // Operands (`primary`) and operator tokens, in source order.
    const items: (IToken | C.PrimaryCstNode)[] = [];
    for (const list of Object.values(n.children) as (IToken[] | C.PrimaryCstNode[] | undefined)[])
      for (const x of list ?? []) items.push(x);
    const start = (x: IToken | CstNode) =>
      "image" in x ? x.startOffset : (x.location?.startOffset ?? 0);
    items.sort((a, b) => start(a) - start(b));
    return this.climb(items, (x) => this.primary(x), this.spanOf(n));
  }

  /**
   * Precedence climbing over a flat run of operands and operator tokens in source order (a `binary`
   * node's children); `operand` makes an operand's expression when the climb reaches it. The run
   * being climbed is held in one object's fields (saved and restored here, since an operand may
   * climb a run of its own), so the climb allocates nothing but the nodes it builds. The run is
   * `items[from]` to `items[to - 1]` (the parser passes its shared stack of runs).
   */
  climb<P extends object>(
    items: readonly (IToken | P)[],
    operand: (p: P) => A.Expr,
    span: Span,
    from = 0,
    to = items.length,
  ): A.Expr {
    const run = this.run;
    const { items: outerItems, pos, end, operand: outerOperand, span: outerSpan } = run;
    run.items = items;
    run.pos = from;
    run.end = to;
    run.operand = operand as (p: object) => A.Expr;
    run.span = span;
    const e = this.climbFrom(PREC.or);
    run.items = outerItems;
    run.pos = pos;
    run.end = end;
    run.operand = outerOperand;
    run.span = outerSpan;
    return e;
  }

  /**
   * Whether an infix operator stands at the run's position; if so its operator, precedence and
   * width in items (`not in` takes two) are in `this.infix`.
   */
  private atInfix(): boolean {
    const { items, pos, end } = this.run;
    if (pos >= end) return false;
    const x = items[pos];
    if (!isTok(x)) return false;
    const img = x.image;
    const infix = this.infix;
    if (img === "not") {
      const after = pos + 1 < end ? items[pos + 1] : undefined;
      if (!(isTok(after) && after.image === "in")) return false;
      infix.op = "not in";
      infix.prec = PREC.cmp;
      infix.width = 2;
      return true;
    }
    const prec = INFIX[img];
    if (prec === undefined) return false;
    infix.op = normaliseOp(img);
    infix.prec = prec;
    infix.width = 1;
    return true;
  }

  /**
   * An operand one level further down (a prefix's, an infix operator's right side), climbed from
   * precedence `min`. Beyond MAX_EXPR_DEPTH open levels the rest of the run is skipped and a
   * stand-in located at the operator takes its place: it lies more than MAX_EXPR_DEPTH levels
   * down, so `tooDeep` reports it (V0104) and the definition is left out, without recursing once
   * per operator of `- - - … 1` or `a + not b + not c …`.
   */
  private deeper(at: IToken, min: number): A.Expr {
    if (this.open >= MAX_EXPR_DEPTH) {
      this.run.pos = this.run.end;
      return { k: "bool", v: false, span: this.spanOfToken(at) };
    }
    this.open++;
    const e = this.climbFrom(min);
    this.open--;
    return e;
  }

  /** The operand at the run's position, with its prefix operators (`not`, `-`). */
  private nextOperand(): A.Expr {
    const run = this.run;
    const x = run.pos < run.end ? run.items[run.pos++] : undefined;
    if (isTok(x)) {
      const not = x.image === "not";
      const inner = this.deeper(x, not ? PREC.cmp : PREC.unary);
      const span = this.src.span(x.startOffset, inner.span.end);
      return not ? { k: "not", x: inner, span } : { k: "neg", x: inner, span };
    }
    return x ? run.operand(x) : { k: "bool", v: false, span: run.span };
  }

  /** The run from its position on, while its operators bind at least as tightly as `min`. */
  private climbFrom(min: number): A.Expr {
    const infix = this.infix;
    let left = this.nextOperand();
    // Operands of the chain at this level, and its one operator (null once two differ).
    let operands = 1;
    let only: string | null = null;
    let mixed = false;
    while (this.atInfix() && infix.prec >= min) {
      const { op, prec, width } = infix;
      const at = this.run.items[this.run.pos] as IToken;
      this.run.pos += width;
      const right = this.deeper(at, prec + 1);
      const span = this.src.span(left.span.start, right.span.end);
      left =
        op === "in" || op === "not in"
          ? { k: "in", x: left, set: right, negated: op === "not in", span }
          : { k: "bin", op, a: left, b: right, span };
      operands++;
      if (only === null && !mixed) only = op;
      else if (only !== op) {
        only = null;
        mixed = true;
      }
    }
    // A long chain of one associative operator (`1 + 1 + … + 1`, `a and b and …`) is grouped as a
    // balanced tree, so its depth is log₂ of its length: exact rationals and integer ticks make the
    // grouping invisible, and no pass recurses 100,000 levels down a left-leaning chain. Its
    // operands are read back down the left-leaning chain just built.
    if (only !== null && operands > BALANCE_FROM && BALANCED_OPS.has(only)) {
      const chain: A.Expr[] = new Array<A.Expr>(operands);
      let node = left;
      for (let i = operands - 1; i > 0; i--) {
        const bin = node as Extract<A.Expr, { k: "bin" }>;
        chain[i] = bin.b;
        node = bin.a;
      }
      chain[0] = node;
      return this.balanced(only, chain, 0, operands);
    }
    return left;
  }

  /** `run[from] op … op run[to - 1]` as a balanced tree of `op`. */
  private balanced(op: string, run: A.Expr[], from: number, to: number): A.Expr {
    if (to - from === 1) return run[from]!;
    const mid = (from + to) >>> 1;
    const a = this.balanced(op, run, from, mid);
    const b = this.balanced(op, run, mid, to);
    return { k: "bin", op, a, b, span: this.src.span(a.span.start, b.span.end) };
  }

  private primary(n: C.PrimaryCstNode): A.Expr {
    const c = n.children;
    const span = this.spanOf(n);
    const num = this.tok(c, "NumberLit") ?? this.tok(c, "Fraction");
    if (num) return this.number(num, this.tok(c, "measure"), span);
    const dice = this.sub(c, "dice");
    if (dice) return this.dice(dice);
    if (this.toks(c, "Kw_true").length) return { k: "bool", v: true, span };
    if (this.toks(c, "Kw_false").length) return { k: "bool", v: false, span };
    if (this.toks(c, "Kw_all").length) return { k: "all", span };
    if (this.toks(c, "Kw_NA").length) return { k: "na", span };
    if (this.toks(c, "Kw_base").length) return { k: "base", span };
    if (this.toks(c, "LBrace").length) {
      return {
        k: "set",
        members: this.subs(c, "qualifiedName").map((q) => this.qualified(q)),
        span,
      };
    }
    const recTok = (["Kw_unit", "Kw_vehicle", "Kw_scenario", "Kw_path", "Kw_step"] as const)
      .map((k) => this.tok(c, k))
      .find((t) => t);
    if (recTok && this.toks(c, "Dot").length) {
      return {
        k: "rec",
        rec: recTok.image as A.RecordKw | "path",
        field: this.tok(c, "Name")?.image ?? "",
        span,
      };
    }
    const inner = this.sub(c, "expr");
    if (inner) return this.expr(inner);
    const call = this.sub(c, "nameOrCall");
    if (call) return this.nameOrCall(call.children, span);
    return { k: "bool", v: false, span };
  }

  /** A name, a member, a call or an aggregate (`count step (…)`): grammar/parser.ts `nameOrCall`. */
  private nameOrCall(c: C.NameOrCallCstChildren, span: Span): A.Expr {
    const name = this.tok(c, "Name")?.image ?? "";
    if (this.toks(c, "Kw_step").length) {
      return { k: "agg", op: name, body: this.expr(this.sub(c, "expr")!), span };
    }
    const member = this.tok(c, "Name", 1)?.image ?? null;
    if (this.toks(c, "LParen").length) {
      return {
        k: "call",
        name: member ? `${name}.${member}` : name,
        args: this.subs(c, "expr").map((e) => this.expr(e)),
        span,
      };
    }
    return { k: "name", name, member, span };
  }

  /** A number (`2`, `1.5`, `½`) and the measure written after it, if any. */
  number(num: IToken, measure: IToken | undefined, span: Span): A.Expr {
    // Unbounded here: V0105 below is the ruleset's range policy. The lexer only passes decimals.
    const q =
      num.tokenType.name === "Fraction"
        ? FRACTIONS[num.image]!
        : plainWhole(num.image)
          ? num.image
          : (decimalToQ(num.image, null) ?? malformed(num.image));
    if (!inRange(q)) this.diagnostics.push(outOfRange(num.image, this.spanOfToken(num)));
    return { k: "num", q: inRange(q) ? q : "0", measure: measure?.image ?? null, span };
  }

  /** A whole number token that must be at most `max` (a die face, a step index); 0 when it is not. */
  smallInt(t: IToken, max: number): number {
    const v = Number(t.image);
    if (Number.isSafeInteger(v) && v <= max) return v;
    this.diagnostics.push(
      diag(
        "V0105",
        `${t.image.length > 40 ? t.image.slice(0, 37) + "…" : t.image} is out of range here: at most ${max}`,
        this.spanOfToken(t),
      ),
    );
    return 0;
  }

  private dice(n: C.DiceCstNode): A.Expr {
    const c = n.children;
    const perNode = this.sub(c, "primary");
    return this.diceOf(
      this.tok(c, "Dice"),
      this.tok(c, "NumberLit"),
      this.toks(c, "Kw_highest").length > 0,
      perNode ? this.primary(perNode) : null,
      this.toks(c, "Minus").length > 0,
      this.spanOf(n),
    );
  }

  /** `2d6 keep highest 1 each -1`: the roll, its `keep` clause and its per-die value, if written. */
  diceOf(
    diceTok: IToken | undefined,
    keepTok: IToken | undefined,
    highest: boolean,
    perValue: A.Expr | null,
    minus: boolean,
    span: Span,
  ): A.Expr {
    let [count, sides] = (diceTok?.image ?? "1d6").split("d").map(Number) as [number, number];
    // Distributions are enumerated exactly: sides^count outcomes; keep that within reach.
    if (
      !(
        count >= 1 &&
        count <= MAX_DICE &&
        sides >= 2 &&
        sides <= MAX_SIDES &&
        sides ** count <= MAX_OUTCOMES
      )
    ) {
      const what = `1 to ${MAX_DICE} dice of 2 to ${MAX_SIDES} sides, at most ${MAX_OUTCOMES.toLocaleString("en")} outcomes (6d6)`;
      this.diagnostics.push(
        diag(
          "V0105",
          `${diceTok!.image.slice(0, 40)} is out of range: ${what}`,
          this.spanOfToken(diceTok!),
        ),
      );
      [count, sides] = [1, 6];
    }
    const which = highest ? "highest" : "lowest";
    const per =
      perValue && minus ? { k: "neg" as const, x: perValue, span: perValue.span } : perValue;
    return {
      k: "dice",
      n: count,
      sides,
      keep: keepTok ? { which, count: Math.min(Number(keepTok.image), count) } : null,
      perDie: per,
      span,
    };
  }
}

/** The sub-rules a `definition` holds one of (grammar/parser.ts, `definition`). */
const DEFINITION_KINDS = [
  "removeDef",
  "extendDef",
  "measureDef",
  "enumDef",
  "groupDef",
  "inputDef",
  "tableDef",
  "ruleDef",
  "predicateDef",
  "constraintDef",
  "movementDef",
  "exampleDef",
] as const satisfies readonly NodeKey<C.DefinitionCstChildren>[];

interface ClimbRun {
  items: readonly (IToken | object)[];
  pos: number;
  /** Where the run ends in `items` (exclusive). */
  end: number;
  operand: (p: object) => A.Expr;
  span: Span;
}
const NO_SPAN: Span = { file: "", start: 0, end: 0, line: 1, col: 1 };
const FALSE_STANDIN: A.Expr = { k: "bool", v: false, span: NO_SPAN };
const isTok = (x: unknown): x is IToken => x !== undefined && "image" in (x as object);

/** Chains of one of these operators longer than BALANCE_FROM operands are built balanced. */
const BALANCED_OPS = new Set(["+", "and", "or"]);
const BALANCE_FROM = 32;

const PREC = { or: 1, and: 2, not: 3, cmp: 4, add: 5, mul: 6, unary: 7 } as const;
const INFIX: Record<string, number> = {
  or: PREC.or,
  and: PREC.and,
  "==": PREC.cmp,
  "!=": PREC.cmp,
  "<": PREC.cmp,
  "<=": PREC.cmp,
  ">": PREC.cmp,
  ">=": PREC.cmp,
  in: PREC.cmp,
  "+": PREC.add,
  "-": PREC.add,
  "−": PREC.add,
  "*": PREC.mul,
  "×": PREC.mul,
  "/": PREC.mul,
};

function normaliseOp(op: string): string {
  if (op === "−") return "-";
  if (op === "×") return "*";
  return op;
}

export function syntaxDiagnostic(message: string, span: Span): Diagnostic {
  return diag("V0102", message, span);
}
