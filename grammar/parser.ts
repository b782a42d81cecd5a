/**
 * The parser: token stream → AST, in one pass. One grammar, one instance, one set of actions: the
 * actions build the AST as the file is parsed (Chevrotain's embedded actions, no concrete syntax
 * tree), and Chevrotain's error recovery is on, so one parse reports every syntax error of a file
 * (Chevrotain's three strategies: a token inserted or deleted where one is missing or extra, a
 * repetition resumed after skipped tokens, and a rule left at a token that may follow it). A rule
 * left that way returns its `recoveryValueFunc`'s value: a stand-in expression (`false`, located at
 * the token it stopped at) for the expression rules, `null` for a definition and for the parts
 * of one the AST keeps in lists (they are left out: the syntax error is reported, and later passes
 * never see half-built nodes). The errors are built from Chevrotain's data: `messages` below words
 * them as Chevrotain raises them (grammar/syntax-errors.ts turns them into diagnostics).
 */
import type {
  AtLeastOneSepMethodOpts,
  DSLMethodOptsWithErr,
  ManySepMethodOpts,
  IOrAlt,
  IParserErrorMessageProvider,
  IRecognitionException,
  IToken,
  TokenType,
} from "chevrotain";
import type * as A from "./ast.js";
import { decl, exact, MAX_SIDES, MAX_STEPS, type AstBuilder } from "./build.js";
import { MAX_EXPR_DEPTH } from "./limits.js";
import { createTokenInstance, EmbeddedActionsParser, tokenMatcher } from "./chevrotain.js";
import { installRepetitions } from "./repetition.js";
import { messages } from "./syntax-errors.js";
import * as T from "./tokens.js";

/** A header's tokens: the file's header is built from them once the file is parsed (`file`). */
interface HeaderToks {
  start: number;
  id: IToken | undefined;
  title: IToken | undefined;
  edition: IToken | undefined;
  cites: IToken | undefined;
  ext: IToken | undefined;
  span: A.Header["span"];
}

class RulesParser extends EmbeddedActionsParser {
  /**
   * The AST builder of the file being parsed, while the actions build the AST (the embedded-actions
   * instance, once its grammar is recorded); null otherwise, and the actions return nothing.
   */
  b: AstBuilder | null = null;
  /**
   * The text of the file being parsed, for the two gates that ask whether two tokens share a line
   * (`sameLine`): the lexer tracks offsets only (grammar/tokens.ts), so lines are read from the text.
   */
  text = "";
  /** Whether the definition being parsed is marked `override` (set by `definition`). */
  private override = false;

  /**
   * `validate`: check the grammar as Chevrotain can when the parser is built (a quarter second of
   * every cold start; the grammar is fixed, so only test/grammar/parse-data.test.ts asks for it).
   */
  constructor(validate = false) {
    super(T.allTokens, {
      recoveryEnabled: true,
      maxLookahead: 3,
      skipValidations: !validate,
      errorMessageProvider: messages,
    });
    this.performSelfAnalysis();
    installRepetitions(this);
    const self = this as unknown as RuleHooks;
    // Chevrotain calls these (no-ops without a concrete syntax tree) as each rule starts and ends.
    self.cstInvocationStateUpdate = this.enterRule;
    self.cstFinallyStateUpdate = this.leaveRule;
  }

  /**
   * The parser's own state at the start of each rule being parsed, one entry per rule on
   * Chevrotain's rule stack: where `stack` stood and the innermost run and `if` chain. A rule that
   * recovery leaves part-way returns to that state (`recovered`): what its actions pushed is
   * dropped, and the rule around it goes on as if the rule had just returned.
   */
  private readonly tops: number[] = [];
  private readonly runFroms: number[] = [];
  private readonly ifPartsAt: (A.Expr[] | undefined)[] = [];
  private enterRule(): void {
    this.tops.push(this.top);
    this.runFroms.push(this.runFrom);
    this.ifPartsAt.push(this.ifParts);
  }
  private leaveRule(): void {
    this.tops.pop();
    this.runFroms.pop();
    this.ifPartsAt.pop();
  }
  /** Back to the state the rule that recovery leaves had at its start (see `tops`). */
  private recovered(): void {
    const at = this.tops.length - 1;
    if (at < 0) return;
    this.top = this.tops[at]!;
    this.runFrom = this.runFroms[at]!;
    this.ifParts = this.ifPartsAt[at];
    this.notOfNotIn = undefined;
  }
  /** A rule's recovery value: the rule's state undone (`recovered`), then `value`. */
  private leave<V>(value: V): () => V {
    return () => {
      this.recovered();
      return value;
    };
  }
  /** An expression rule's recovery value: a stand-in `false` where the parser stopped. */
  private readonly standIn = (): A.Expr => {
    this.recovered();
    const b = this.b;
    if (!b) return NONE;
    const at = this.from();
    return { k: "bool", v: false, span: b.src.span(at, at) };
  };

  /** The recovery value of a rule that is one keyword token (`defKind`, `recordKw`): an empty one. */
  private missingToken(): IToken {
    this.recovered();
    return this.getTokenToInsert(T.Name);
  }
  /** The recovery value of `meta`: a definition's meta with nothing in it. */
  private missingMeta(): A.Meta {
    this.recovered();
    return { cite: null, title: null, concept: null, section: null };
  }
  /** The recovery value of `typeRef`: a type of no name, where the parser stopped. */
  private missingType(): A.TypeRef {
    this.recovered();
    const b = this.b;
    if (!b) return NONE;
    const at = this.from();
    return { t: "name", name: "", span: b.src.span(at, at) };
  }

  /**
   * The token recovery inserts where one is missing (Chevrotain's `getTokenToInsert`): empty, and
   * located where the last token consumed ends rather than nowhere (NaN), so every span the actions
   * make from it is a place in the file.
   */
  override getTokenToInsert(tokType: TokenType): IToken {
    const last = this.LA(0);
    const at = Number.isNaN(last.startOffset) ? 0 : T.tokenEnd(last);
    const t = createTokenInstance(tokType, "", at, at, NaN, NaN, NaN, NaN);
    t.isInsertedInRecovery = true;
    return t;
  }

  /** Where the rule being parsed starts: the offset of the next token, or the end of the text. */
  private from(): number {
    const at = this.LA(1).startOffset;
    return Number.isNaN(at) ? this.text.length : at;
  }
  /** The span from `start` to the end of the last token consumed (actions only). */
  private to(b: AstBuilder, start: number): A.Header["span"] {
    const last = this.LA(0);
    const end = Number.isNaN(last.startOffset) ? start : T.tokenEnd(last);
    return b.src.span(start, end < start ? start : end);
  }

  /** The file's headers and definitions so far (kept here, so a recovered `file` still has them). */
  private headers: HeaderToks[] = [];
  private decls: A.Decl[] = [];
  /** Where the first definition outside a `section` block starts: a header after it is not the file's. */
  private firstDef = Infinity;

  file = this.RULE(
    "file",
    (): FileParts => {
      this.OPTION(() => this.headers.push(this.SUBRULE(this.header)));
      // A second header (two files pasted together) is parsed, and reported by the AST builder,
      // rather than left to error recovery, which rescans the rest of the file at each one.
      const alts: IOrAlt<unknown>[] = [
        {
          ALT: () => {
            if (this.b && this.firstDef === Infinity) this.firstDef = this.from();
            const d = this.SUBRULE(this.definition);
            if (d) this.decls.push(d);
          },
        },
        { ALT: () => this.headers.push(this.SUBRULE2(this.header)) },
        {
          ALT: () => {
            const inBlock = this.SUBRULE(this.sectionBlock);
            if (this.b) for (const d of inBlock) this.decls.push(d);
          },
        },
        {
          ALT: () => {
            const s = this.SUBRULE(this.sourceDecl);
            if (s) this.sources.push(s);
          },
        },
        {
          ALT: () => {
            const o = this.SUBRULE(this.outOfScopeDecl);
            if (o) this.outOfScope.push(o);
          },
        },
      ];
      this.MANY(() => this.OR(alts));
      return this.fileParts();
    },
    { recoveryValueFunc: () => this.fileParts() },
  );

  /** The file parsed so far: its header (the one before every definition) and definitions. */
  private fileParts(): FileParts {
    const b = this.b;
    if (!b) return NONE;
    const headers = this.headers;
    const h = headers[0] && headers[0].start < this.firstDef ? headers[0] : undefined;
    for (const extra of headers) if (extra !== h) b.extraHeader(extra.start, h !== undefined);
    const header = h ? b.headerOf(h.id, h.title, h.edition, h.cites, h.ext, h.span) : null;
    return {
      header,
      decls: this.decls,
      long: this.longDecls,
      sources: this.sources,
      outOfScope: this.outOfScope,
    };
  }

  /** The file's source indexes and out-of-scope declarations so far (see `decls`). */
  private sources: A.SourceDecl[] = [];
  private outOfScope: A.OutOfScopeDecl[] = [];

  /**
   * `source "title" { paragraph [CITE] "title" … example [CITE] "title" … }`: the index of the
   * source text's paragraphs and worked examples. An entry left part-way is left out.
   */
  sourceDecl = this.RULE(
    "sourceDecl",
    (): A.SourceDecl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.Source);
      const title = this.CONSUME(T.StringLit);
      this.CONSUME(T.LBrace);
      const entries: A.SourceEntry[] = [];
      this.MANY(() => {
        const e = this.SUBRULE(this.sourceEntry);
        if (e) entries.push(e);
      });
      this.CONSUME(T.RBrace);
      const b = this.b;
      if (!b) return NONE;
      return { title: b.str(title), entries, span: this.to(b, start) };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  sourceEntry = this.RULE(
    "sourceEntry",
    (): A.SourceEntry => {
      const start = this.b ? this.from() : 0;
      const kw = this.OR([
        { ALT: () => this.CONSUME(T.Paragraph) },
        { ALT: () => this.CONSUME(T.Example) },
      ]);
      const cite = this.CONSUME(T.Citation);
      const title = this.CONSUME2(T.StringLit);
      const b = this.b;
      if (!b) return NONE;
      const c = b.cite(cite);
      if (!c) return null as never;
      return {
        kind: kw.tokenType === T.Example ? "example" : "paragraph",
        cite: c,
        title: b.str(title),
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  /** `out-of-scope [CITE] "reason"`: a paragraph of the index the ruleset leaves out, and why. */
  outOfScopeDecl = this.RULE(
    "outOfScopeDecl",
    (): A.OutOfScopeDecl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.OutOfScope);
      const cite = this.CONSUME(T.Citation);
      const reason = this.CONSUME(T.StringLit);
      const b = this.b;
      if (!b) return NONE;
      return { cite: b.cite(cite), reason: b.str(reason), span: this.to(b, start) };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  /** `section KEY { definitions }`: every definition inside is in report section KEY unless it says otherwise. */
  sectionBlock = this.RULE(
    "sectionBlock",
    (): A.Decl[] => {
      this.CONSUME(T.Section);
      const key = this.CONSUME(T.Name);
      this.CONSUME(T.LBrace);
      const decls: A.Decl[] = [];
      this.MANY(() => {
        const d = this.SUBRULE(this.definition);
        if (d) decls.push(d);
      });
      this.CONSUME(T.RBrace);
      const b = this.b;
      if (!b) return NONE;
      if (!key.isInsertedInRecovery) for (const d of decls) b.inSection(d, key);
      return decls;
    },
    { recoveryValueFunc: this.leave([]) },
  );

  header = this.RULE(
    "header",
    (): HeaderToks => {
      const start = (this.headerStart = this.b ? this.from() : 0);
      this.CONSUME(T.Ruleset);
      const id = this.CONSUME(T.Name);
      const title = this.CONSUME(T.StringLit);
      // The first of each clause counts.
      let edition: IToken | undefined;
      let cites: IToken | undefined;
      let ext: IToken | undefined;
      this.MANY(() =>
        this.OR([
          {
            ALT: () => {
              this.CONSUME(T.Edition);
              const t = this.CONSUME2(T.StringLit);
              edition ??= real(t);
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.Cites);
              const t = this.CONSUME2(T.Name);
              cites ??= real(t);
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.Extends);
              const t = this.CONSUME3(T.Name);
              ext ??= real(t);
            },
          },
        ]),
      );
      const b = this.b;
      if (!b) return NONE;
      return {
        start,
        id: real(id),
        title: real(title),
        edition,
        cites,
        ext,
        span: this.to(b, start),
      };
    },
    {
      // A header left part-way is no header (`headerOf` makes none without an id and a title), but
      // a second one is still reported where it stands.
      recoveryValueFunc: () => {
        this.recovered();
        const span = this.b ? this.to(this.b, this.headerStart) : NONE;
        const none = undefined;
        return {
          start: this.headerStart,
          id: none,
          title: none,
          edition: none,
          cites: none,
          ext: none,
          span,
        };
      },
    },
  );
  /** Where the header being parsed starts. */
  private headerStart = 0;

  definition = this.RULE(
    "definition",
    (): A.Decl => {
      this.declFirst = this.position();
      const d = this.OR(
        (this.definitionAlts ??= [
          { ALT: () => this.SUBRULE(this.removeDef) },
          { ALT: () => this.SUBRULE(this.extendDef) },
          {
            ALT: () => {
              const o = this.OPTION(() => this.CONSUME(T.Override));
              this.override = o !== undefined;
              // The definition's span starts after `override`.
              this.declFirst = this.position();
              return this.OR2(
                (this.definitionKinds ??= [
                  { ALT: () => this.SUBRULE(this.measureDef) },
                  { ALT: () => this.SUBRULE(this.enumDef) },
                  { ALT: () => this.SUBRULE(this.groupDef) },
                  { ALT: () => this.SUBRULE(this.inputDef) },
                  { ALT: () => this.SUBRULE(this.tableDef) },
                  { ALT: () => this.SUBRULE(this.ruleDef) },
                  { ALT: () => this.SUBRULE(this.predicateDef) },
                  { ALT: () => this.SUBRULE(this.constraintDef) },
                  { ALT: () => this.SUBRULE(this.movementDef) },
                  { ALT: () => this.SUBRULE(this.exampleDef) },
                ]),
              );
            },
          },
        ]),
      ) as A.Decl;
      if (this.b && this.position() - this.declFirst >= MAX_EXPR_DEPTH) this.longDecls.push(d);
      return d;
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  /**
   * The index of the next token, LA(1): the number of tokens consumed so far. Chevrotain's
   * `currIdx` (the index of LA(0)) plus one.
   */
  private position(): number {
    return (this as unknown as { currIdx: number }).currIdx + 1;
  }
  /** The index of the first token of the definition being parsed (definitions do not nest). */
  private declFirst = 0;
  /**
   * The definitions of the file being parsed that hold at least MAX_EXPR_DEPTH tokens, in file
   * order (actions only): only those may nest too deep (grammar/limits.ts `mayNestTooDeep`, which
   * counts the same tokens in the token list; the parser has released them by then).
   */
  private longDecls: A.Decl[] = [];

  /**
   * `extend rule NAME ["paraphrase"] { exception … | override exception … | remove exception
   * LABEL-or-[CITE] }`: the paraphrase, where a definition writes it, restates the rule's wording.
   */
  extendDef = this.RULE(
    "extendDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.Extend);
      const kind = this.SUBRULE(this.defKind);
      const name = this.CONSUME(T.Name);
      const title = this.OPTION(() => this.CONSUME(T.StringLit));
      this.CONSUME(T.LBrace);
      const edits: A.ExceptionEdit[] = [];
      this.MANY(() =>
        this.OR([
          {
            ALT: () => {
              const e = this.SUBRULE(this.exception);
              if (this.b && e) edits.push({ e: "add", exception: e, span: e.span });
            },
          },
          {
            ALT: () => {
              const edit = this.SUBRULE(this.exceptionEdit);
              if (edit) edits.push(edit);
            },
          },
        ]),
      );
      this.CONSUME(T.RBrace);
      const b = this.b;
      if (!b) return NONE;
      const meta: A.Meta = { cite: null, title: null, concept: null, section: null };
      meta.title = b.str(title);
      return decl(name.image, b.spanOfToken(name), false, meta, this.to(b, start), "extend", {
        target: kind.image,
        edits: exact(edits),
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  exceptionEdit = this.RULE(
    "exceptionEdit",
    (): A.ExceptionEdit => {
      const start = this.b ? this.from() : 0;
      return this.OR([
        {
          ALT: (): A.ExceptionEdit => {
            this.CONSUME(T.Override);
            const ex = this.SUBRULE(this.exception);
            const b = this.b;
            if (!b || !ex) return NONE;
            const ref = ex.label ?? `[${ex.cite.text}]`;
            return { e: "override", ref, exception: ex, span: this.to(b, start) };
          },
        },
        {
          ALT: (): A.ExceptionEdit => {
            this.CONSUME(T.Remove);
            this.CONSUME(T.Exception);
            let name: IToken | undefined;
            let cite: IToken | undefined;
            this.OR2([
              { ALT: () => (name = this.CONSUME(T.Name)) },
              { ALT: () => (cite = this.CONSUME(T.Citation)) },
            ]);
            const b = this.b;
            if (!b) return NONE;
            const cited = b.cite(cite);
            const ref = name?.image ?? `[${cited!.text}]`;
            return { e: "remove", ref, span: this.to(b, start) };
          },
        },
      ]) as A.ExceptionEdit;
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  removeDef = this.RULE(
    "removeDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.Remove);
      const kind = this.SUBRULE(this.defKind);
      const name = this.CONSUME(T.Name);
      const b = this.b;
      if (!b) return NONE;
      const meta: A.Meta = { cite: null, title: null, concept: null, section: null };
      return decl(name.image, b.spanOfToken(name), false, meta, this.to(b, start), "remove", {
        target: kind.image,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  defKind = this.RULE(
    "defKind",
    (): IToken => {
      return this.OR([
        { ALT: () => this.CONSUME(T.Measure) },
        { ALT: () => this.CONSUME(T.Enum) },
        { ALT: () => this.CONSUME(T.Group) },
        { ALT: () => this.CONSUME(T.Table) },
        { ALT: () => this.CONSUME(T.Rule) },
        { ALT: () => this.CONSUME(T.Predicate) },
        { ALT: () => this.CONSUME(T.Constraint) },
      ]);
    },
    { recoveryValueFunc: () => this.missingToken() },
  );

  /** Citation, paraphrase, and the optional `concept`/`section`/`note`/`helper` clauses of a definition. */
  meta = this.RULE(
    "meta",
    (): A.Meta => {
      const cite = this.CONSUME(T.Citation);
      // The title is the first string that is not the (first) note's. The clauses are kept in
      // `clauses` (a definition's meta holds no other), so the actions are functions made once.
      const m = this.clauses;
      m.title = this.OPTION((this.metaTitle ??= () => this.CONSUME(T.StringLit)));
      m.concept = m.section = m.note = m.helper = undefined;
      this.MANY((this.metaClauses ??= () => this.OR((this.metaAlts ??= this.metaAlternatives()))));
      const b = this.b;
      if (!b) return NONE;
      return b.metaOf(cite, m.title, m.note, m.concept, m.section, m.helper);
    },
    { recoveryValueFunc: () => this.missingMeta() },
  );

  /** The clauses of the meta being parsed (see `meta`). */
  private readonly clauses: Record<
    "title" | "concept" | "section" | "note" | "helper",
    IToken | undefined
  > = {
    title: undefined,
    helper: undefined,
    concept: undefined,
    section: undefined,
    note: undefined,
  };
  private metaTitle: (() => IToken) | undefined;
  private metaClauses: (() => void) | undefined;
  private metaAlts: IOrAlt<void>[] | undefined;

  /**
   * `concept NAME`, `section NAME`, `note "…"`, `helper`: the first of each counts; a second note is
   * the title.
   */
  private metaAlternatives(): IOrAlt<void>[] {
    const m = this.clauses;
    return [
      {
        ALT: () => {
          this.CONSUME(T.Concept);
          const t = this.CONSUME(T.Name);
          m.concept ??= t;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Section);
          const t = this.CONSUME2(T.Name);
          m.section ??= t;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Note);
          const t = this.CONSUME2(T.StringLit);
          if (m.note === undefined) m.note = t;
          else m.title ??= t;
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(T.Helper);
          m.helper ??= t;
        },
      },
    ];
  }

  measureDef = this.RULE(
    "measureDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Measure);
      const name = this.CONSUME(T.Name);
      const meta = this.SUBRULE(this.meta);
      const b = this.b;
      if (!b) return NONE;
      return decl(
        name.image,
        b.spanOfToken(name),
        override,
        meta,
        this.to(b, start),
        "measure",
        {},
      );
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  enumDef = this.RULE(
    "enumDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Enum);
      const name = this.CONSUME(T.Name);
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.LBrace);
      const from = this.top;
      this.MANY(
        (this.enumMemberEach ??= () => {
          const member = this.SUBRULE(this.enumMember);
          if (member) this.stack[this.top++] = member;
        }),
      );
      this.CONSUME(T.RBrace);
      const members = this.take<A.EnumMemberDecl>(from);
      const b = this.b;
      if (!b) return NONE;
      return decl(name.image, b.spanOfToken(name), override, meta, this.to(b, start), "enum", {
        members,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  enumMember = this.RULE(
    "enumMember",
    (): A.EnumMemberDecl => {
      const start = this.b ? this.from() : 0;
      const name = this.CONSUME(T.Name);
      const display = this.OPTION((this.memberDisplay ??= () => this.CONSUME(T.StringLit)));
      const cite = this.OPTION2((this.memberCite ??= () => this.CONSUME(T.Citation)));
      // `concept open-ground | road`: the names other rulesets (and maps) use for this member,
      // pushed on `stack`.
      const from = this.top;
      this.OPTION3(
        (this.memberConcepts ??= () => {
          this.CONSUME(T.Concept);
          const t = this.CONSUME2(T.Name);
          if (!t.isInsertedInRecovery) this.stack[this.top++] = t.image;
          this.MANY(
            (this.moreConcepts ??= () => {
              this.CONSUME(T.Pipe);
              const t = this.CONSUME3(T.Name);
              if (!t.isInsertedInRecovery) this.stack[this.top++] = t.image;
            }),
          );
        }),
      );
      const concepts = this.take<string>(from);
      const b = this.b;
      if (!b) return NONE;
      return {
        name: name.image,
        display: b.str(display),
        cite: b.cite(cite),
        concepts,
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private enumMemberEach: (() => void) | undefined;
  private memberDisplay: (() => IToken) | undefined;
  private memberCite: (() => IToken) | undefined;
  private memberConcepts: (() => void) | undefined;
  private moreConcepts: (() => void) | undefined;

  groupDef = this.RULE(
    "groupDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Group);
      const name = this.CONSUME(T.Name);
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.Equals);
      const from = this.top;
      this.AT_LEAST_ONE_SEP(
        (this.groupMemberList ??= { SEP: T.Pipe, DEF: () => this.pushQualified() }),
      );
      const members = this.take<Qualified>(from);
      const b = this.b;
      if (!b) return NONE;
      return decl(name.image, b.spanOfToken(name), override, meta, this.to(b, start), "group", {
        members,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private groupMemberList: AtLeastOneSepMethodOpts<void> | undefined;
  private setMemberList: ManySepMethodOpts<void> | undefined;

  /** A qualified name (a group's member, a set's) pushed on `stack`. */
  private pushQualified(): void {
    const q = this.SUBRULE(this.qualifiedName);
    if (q) this.stack[this.top++] = q;
  }

  qualifiedName = this.RULE(
    "qualifiedName",
    (): Qualified => {
      const start = this.b ? this.from() : 0;
      const name = this.CONSUME(T.Name);
      const member = this.OPTION(
        (this.memberOf ??= () => {
          this.CONSUME(T.Dot);
          return this.CONSUME2(T.Name);
        }),
      );
      const b = this.b;
      if (!b) return NONE;
      return { name: name.image, member: member?.image ?? null, span: this.to(b, start) };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private memberOf: (() => IToken) | undefined;

  recordKw = this.RULE(
    "recordKw",
    (): IToken => {
      return this.OR(
        (this.recordKwAlts ??= [
          { ALT: () => this.CONSUME(T.Unit) },
          { ALT: () => this.CONSUME(T.Vehicle) },
          { ALT: () => this.CONSUME(T.Step) },
          { ALT: () => this.CONSUME(T.Scenario) },
        ]),
      );
    },
    { recoveryValueFunc: () => this.missingToken() },
  );
  private recordKwAlts: IOrAlt<IToken>[] | undefined;

  private inputFieldEach: (() => void) | undefined;

  inputDef = this.RULE(
    "inputDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Input);
      const kw = this.SUBRULE(this.recordKw);
      const cite = this.CONSUME(T.Citation);
      this.CONSUME(T.LBrace);
      const from = this.top;
      this.MANY(
        (this.inputFieldEach ??= () => {
          const field = this.SUBRULE(this.inputField);
          if (field) this.stack[this.top++] = field;
        }),
      );
      this.CONSUME(T.RBrace);
      const fields = this.take<A.FieldDecl>(from);
      const b = this.b;
      if (!b) return NONE;
      const rec = kw.image as A.RecordKw;
      const meta: A.Meta = { cite: b.cite(cite), title: null, concept: null, section: null };
      const nameSpan = b.spanOfToken(kw);
      return decl(rec, nameSpan, override, meta, this.to(b, start), "input", {
        rec,
        fields,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  inputField = this.RULE(
    "inputField",
    (): A.FieldDecl => {
      const start = this.b ? this.from() : 0;
      const name = this.CONSUME(T.Name);
      this.CONSUME(T.Colon);
      const type = this.SUBRULE(this.typeRef);
      const optional = this.OPTION((this.fieldOptional ??= () => this.CONSUME(T.Question)));
      const value = this.OPTION2(
        (this.fieldDefault ??= () => {
          this.CONSUME(T.Equals);
          return this.SUBRULE(this.expr);
        }),
      );
      const b = this.b;
      if (!b) return NONE;
      return {
        name: name.image,
        type,
        optional: optional !== undefined,
        default: value ?? null,
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );
  private fieldOptional: (() => IToken) | undefined;
  private fieldDefault: (() => A.Expr) | undefined;

  typeRef = this.RULE(
    "typeRef",
    (): A.TypeRef => {
      const start = this.b ? this.from() : 0;
      this.typeKind = "name";
      const name = this.OR(
        (this.typeAlts ??= [
          {
            ALT: () => {
              this.typeKind = "bool";
              return this.CONSUME(T.Bool);
            },
          },
          {
            ALT: () => {
              this.CONSUME(T.Set);
              this.CONSUME(T.Of);
              this.typeKind = "set";
              return this.CONSUME(T.Name);
            },
          },
          { ALT: () => this.CONSUME2(T.Name) },
        ]),
      );
      const t = this.typeKind as "bool" | "set" | "name";
      const b = this.b;
      if (!b) return NONE;
      const span = this.to(b, start);
      if (t === "bool") return { t: "bool", span };
      if (t === "set") return { t: "set", of: name.image, span };
      return { t: "name", name: name.image, span };
    },
    { recoveryValueFunc: () => this.missingType() },
  );

  /** The kind of the type being parsed (see `typeRef`). */
  private typeKind: "bool" | "set" | "name" = "name";
  private typeAlts: IOrAlt<IToken>[] | undefined;

  tableDef = this.RULE(
    "tableDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Table);
      const name = this.CONSUME(T.Name);
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.Colon);
      // The key tokens, then the rows, pushed on `stack`.
      const keysFrom = this.top;
      this.AT_LEAST_ONE_SEP(
        (this.tableKeyList ??= {
          SEP: T.Comma,
          DEF: () => {
            const t = this.CONSUME2(T.Name);
            if (!t.isInsertedInRecovery) this.stack[this.top++] = t;
          },
        }),
      );
      this.CONSUME(T.Arrow);
      const type = this.SUBRULE(this.typeRef);
      this.CONSUME(T.LBrace);
      const rowsFrom = this.top;
      this.MANY(
        (this.tableRowEach ??= () => {
          const row = this.SUBRULE(this.tableRow);
          if (row) this.stack[this.top++] = row;
        }),
      );
      this.CONSUME(T.RBrace);
      const rows = this.take<A.RowDecl>(rowsFrom);
      const keys = this.take<IToken>(keysFrom);
      const b = this.b;
      if (!b) return NONE;
      return decl(name.image, b.spanOfToken(name), override, meta, this.to(b, start), "table", {
        keys: keys.map((t) => ({ name: t.image, span: b.spanOfToken(t) })),
        type,
        rows,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  tableRow = this.RULE(
    "tableRow",
    (): A.RowDecl => {
      const start = this.b ? this.from() : 0;
      // The row's keys' names, then its values, pushed on `stack` (`otherwise` in a field: a row
      // holds no other row), so the actions are functions made once.
      this.rowOther = false;
      const keysFrom = this.top;
      this.OR((this.rowHeads ??= this.rowHeadAlternatives()));
      const other = this.rowOther as boolean;
      this.CONSUME(T.Colon);
      const valuesFrom = this.top;
      this.AT_LEAST_ONE_SEP2(
        (this.rowValueList ??= {
          SEP: T.Comma,
          DEF: () => {
            const value = this.SUBRULE(this.expr);
            this.stack[this.top++] = value;
          },
        }),
      );
      const cite = this.OPTION((this.rowCite ??= () => this.CONSUME(T.Citation)));
      const values = this.take<A.Expr>(valuesFrom);
      const keys = this.take<string>(keysFrom);
      const b = this.b;
      if (!b) return NONE;
      return {
        keys: other ? "otherwise" : keys,
        values,
        cite: b.cite(cite),
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  /** Whether the row being parsed (see `tableRow`) is `otherwise`. */
  private rowOther = false;
  private tableKeyList: AtLeastOneSepMethodOpts<void> | undefined;
  private tableRowEach: (() => void) | undefined;
  private rowHeads: IOrAlt<void>[] | undefined;
  private rowValueList: AtLeastOneSepMethodOpts<void> | undefined;
  private rowCite: (() => IToken) | undefined;

  /** `otherwise`, or keys separated by `|`. */
  private rowHeadAlternatives(): IOrAlt<void>[] {
    const keyList = {
      SEP: T.Pipe,
      DEF: () => {
        const t = this.CONSUME(T.Name);
        if (!t.isInsertedInRecovery) this.stack[this.top++] = t.image;
      },
    };
    return [
      {
        ALT: () => {
          this.CONSUME(T.Otherwise);
          this.rowOther = true;
        },
      },
      { ALT: () => this.AT_LEAST_ONE_SEP(keyList) },
    ];
  }

  params = this.RULE(
    "params",
    (): Param[] => {
      const from = this.top;
      this.CONSUME(T.LParen);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          const name = this.CONSUME(T.Name);
          this.CONSUME(T.Colon);
          const type = this.SUBRULE(this.typeRef);
          if (this.b)
            this.stack[this.top++] = { name: name.image, type, span: this.b.spanOfToken(name) };
        },
      });
      this.CONSUME(T.RParen);
      return this.take<Param>(from);
    },
    { recoveryValueFunc: () => this.leave([])() },
  );

  ruleDef = this.RULE(
    "ruleDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Rule);
      const name = this.CONSUME(T.Name);
      const params = this.OPTION(() => this.SUBRULE(this.params));
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.Colon);
      const type = this.SUBRULE(this.typeRef);
      this.CONSUME(T.Equals);
      const value = this.SUBRULE(this.expr);
      const exceptions = this.OPTION2(() => this.SUBRULE(this.exceptionBlock));
      const b = this.b;
      if (!b) return NONE;
      return decl(name.image, b.spanOfToken(name), override, meta, this.to(b, start), "rule", {
        params: params ?? [],
        type,
        value,
        exceptions: exceptions ?? [],
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  predicateDef = this.RULE(
    "predicateDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Predicate);
      const name = this.CONSUME(T.Name);
      const params = this.OPTION(() => this.SUBRULE(this.params));
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.Colon);
      const value = this.SUBRULE(this.expr);
      const exceptions = this.OPTION2(() => this.SUBRULE(this.exceptionBlock));
      const b = this.b;
      if (!b) return NONE;
      return decl(name.image, b.spanOfToken(name), override, meta, this.to(b, start), "predicate", {
        params: params ?? [],
        type: null,
        value,
        exceptions: exceptions ?? [],
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  exceptionBlock = this.RULE(
    "exceptionBlock",
    (): A.ExceptionDecl[] => {
      const from = this.top;
      this.CONSUME(T.LBrace);
      this.MANY(
        (this.exceptionEach ??= () => {
          const e = this.SUBRULE(this.exception);
          if (e) this.stack[this.top++] = e;
        }),
      );
      this.CONSUME(T.RBrace);
      return this.take<A.ExceptionDecl>(from);
    },
    { recoveryValueFunc: () => this.leave([])() },
  );

  private exceptionEach: (() => void) | undefined;

  exception = this.RULE(
    "exception",
    (): A.ExceptionDecl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.Exception);
      const label = this.OPTION3((this.exceptionLabel ??= () => this.CONSUME(T.Name)));
      const cite = this.CONSUME(T.Citation);
      const title = this.OPTION((this.exceptionTitle ??= () => this.CONSUME(T.StringLit)));
      this.CONSUME(T.When);
      const when = this.SUBRULE(this.expr);
      this.CONSUME(T.Colon);
      const value = this.SUBRULE2(this.expr);
      const inner = this.OPTION2((this.exceptionInner ??= () => this.SUBRULE(this.exceptionBlock)));
      const b = this.b;
      const cited = b?.cite(cite);
      // An exception without its citation is left out (the missing citation is reported).
      if (!b || !cited) return NONE;
      return {
        label: label?.image ?? null,
        cite: cited,
        title: b.str(title),
        when,
        value,
        exceptions: inner ?? [],
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private exceptionLabel: (() => IToken) | undefined;
  private exceptionTitle: (() => IToken) | undefined;
  private exceptionInner: (() => A.ExceptionDecl[]) | undefined;

  constraintDef = this.RULE(
    "constraintDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Constraint);
      const name = this.CONSUME(T.Name);
      const meta = this.SUBRULE(this.meta);
      this.CONSUME(T.Colon);
      const cond = this.SUBRULE(this.expr);
      const b = this.b;
      if (!b) return NONE;
      return decl(
        name.image,
        b.spanOfToken(name),
        override,
        meta,
        this.to(b, start),
        "constraint",
        {
          cond,
        },
      );
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private movementEntryEach: (() => void) | undefined;

  movementDef = this.RULE(
    "movementDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Movement);
      const cite = this.CONSUME(T.Citation);
      const measure = this.CONSUME(T.Name);
      this.CONSUME(T.LBrace);
      const from = this.top;
      this.MANY(
        (this.movementEntryEach ??= () => {
          const entry = this.SUBRULE(this.movementEntry);
          if (entry) this.stack[this.top++] = entry;
        }),
      );
      this.CONSUME(T.RBrace);
      const entries = this.take<A.MovementEntry>(from);
      const b = this.b;
      if (!b) return NONE;
      const meta: A.Meta = { cite: b.cite(cite), title: null, concept: null, section: null };
      const span = this.to(b, start);
      return decl("movement", span, override, meta, span, "movement", {
        measure: measure.image,
        entries,
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  movementEntry = this.RULE(
    "movementEntry",
    (): A.MovementEntry => {
      const start = this.b ? this.from() : 0;
      const role = this.CONSUME(T.Name);
      const measure = this.OPTION(() => this.CONSUME2(T.Name));
      this.CONSUME(T.Colon);
      const value = this.SUBRULE(this.expr);
      const b = this.b;
      if (!b) return NONE;
      return { role: role.image, measure: measure?.image ?? null, value, span: this.to(b, start) };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  exampleDef = this.RULE(
    "exampleDef",
    (): A.Decl => {
      const start = this.b ? this.from() : 0;
      const override = this.override;
      this.CONSUME(T.Example);
      const cite = this.CONSUME(T.Citation);
      const titleTok = this.CONSUME(T.StringLit);
      this.CONSUME(T.LBrace);
      // The example's parts are kept in `example` (an example holds no other), so the actions are
      // functions made once.
      const ex = this.example;
      const records: { rec: A.RecordKw; value: A.RecordLit }[] = (ex.records = []);
      ex.path = null;
      ex.roll = null;
      const stacks: A.StackDecl[] = (ex.stacks = []);
      const expects: A.ExpectDecl[] = (ex.expects = []);
      this.MANY(
        (this.exampleItems ??= () => this.OR((this.exampleAlts ??= this.exampleAlternatives()))),
      );
      // The records after `path` are its steps; the numbers after `roll`, the faces rolled.
      const path = ex.path as A.RecordLit[] | null;
      const roll = ex.roll as IToken[] | null;
      this.CONSUME(T.RBrace);
      const b = this.b;
      if (!b) return NONE;
      const title = b.str(titleTok) ?? "";
      const meta: A.Meta = { cite: b.cite(cite), title, concept: null, section: null };
      const span = this.to(b, start);
      const faces = roll as IToken[] | null;
      return decl(title, span, override, meta, span, "example", {
        records: exact(records),
        path: path && exact(path),
        roll: faces ? faces.map((t) => b.smallInt(t, MAX_SIDES)) : null,
        stacks: exact(stacks),
        expects: exact(expects),
      });
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  /** The example being parsed (see `exampleDef`). */
  private readonly example: {
    records: { rec: A.RecordKw; value: A.RecordLit }[];
    path: A.RecordLit[] | null;
    roll: IToken[] | null;
    stacks: A.StackDecl[];
    expects: A.ExpectDecl[];
  } = { records: [], path: null, roll: null, stacks: [], expects: [] };
  private exampleItems: (() => void) | undefined;
  private exampleAlts: IOrAlt<unknown>[] | undefined;

  /** A record, a `path` of records, an expectation, a `roll` of faces. */
  private exampleAlternatives(): IOrAlt<unknown>[] {
    const ex = this.example;
    const steps = {
      SEP: T.Comma,
      DEF: () => {
        const step = this.SUBRULE2(this.record);
        if (step) ex.path!.push(step);
      },
    };
    const faces = { SEP: T.Comma, DEF: () => ex.roll!.push(this.CONSUME(T.NumberLit)) };
    return [
      {
        ALT: () => {
          const kw = this.SUBRULE(this.recordKw);
          const value = this.SUBRULE(this.record);
          if (this.b && value) ex.records.push({ rec: kw.image as A.RecordKw, value });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Path);
          ex.path ??= [];
          this.AT_LEAST_ONE_SEP(steps);
        },
      },
      {
        ALT: () => {
          const e = this.SUBRULE(this.expectation);
          if (e) ex.expects.push(e);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Roll);
          ex.roll ??= [];
          this.AT_LEAST_ONE_SEP2(faces);
        },
      },
      {
        ALT: () => {
          const s = this.SUBRULE(this.stackDecl);
          if (s) ex.stacks.push(s);
        },
      },
    ];
  }

  /**
   * `stack A1 { lt { kind: leader } weapon lmg { portage: 1 } first { kind: squad } }`: the counters
   * an example places in one hex, from the top of the stack down — units, and support weapons
   * (`weapon NAME`) whose fields go to the unit that possesses them.
   */
  stackDecl = this.RULE(
    "stackDecl",
    (): A.StackDecl => {
      const start = this.b ? this.from() : 0;
      this.CONSUME(T.Stack);
      const hex = this.CONSUME(T.Name);
      this.CONSUME(T.LBrace);
      const from = this.top;
      this.MANY((this.stackEntries ??= () => this.SUBRULE(this.stackEntry)));
      this.CONSUME(T.RBrace);
      const entries = this.take<A.StackEntry>(from);
      const b = this.b;
      if (!b) return NONE;
      return {
        hex: hex.image,
        hexSpan: b.spanOfToken(hex),
        entries,
        span: this.to(b, start),
      };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );
  private stackEntries: (() => void) | undefined;
  private stackWeapon: (() => IToken) | undefined;

  stackEntry = this.RULE(
    "stackEntry",
    (): void => {
      // `weapon NAME { … }`: a weapon when a name follows the word; `weapon { … }` is a unit so named.
      const weapon =
        this.OPTION({
          GATE: () => this.LA(1).image === "weapon" && tokenMatcher(this.LA(2), T.Name),
          DEF: (this.stackWeapon ??= () => this.CONSUME(T.Name, { LABEL: "weapon" })),
        }) !== undefined;
      const name = this.CONSUME2(T.Name);
      const fields = this.SUBRULE(this.record);
      if (this.b && fields)
        this.stack[this.top++] = {
          name: name.image,
          nameSpan: this.b.spanOfToken(name),
          weapon,
          fields,
        } satisfies A.StackEntry;
    },
    { recoveryValueFunc: this.leave(undefined) },
  );

  record = this.RULE(
    "record",
    (): A.RecordLit => {
      const start = this.b ? this.from() : 0;
      // The fields pushed on `stack`, so the action is a function made once.
      const from = this.top;
      this.CONSUME(T.LBrace);
      this.MANY_SEP(
        (this.recordFieldList ??= {
          SEP: T.Comma,
          DEF: () => {
            const name = this.CONSUME(T.Name);
            this.CONSUME(T.Colon);
            const value = this.SUBRULE(this.expr);
            if (this.b)
              this.stack[this.top++] = { name: name.image, value, span: this.b.spanOfToken(name) };
          },
        }),
      );
      this.CONSUME(T.RBrace);
      const fields = this.take<A.RecordLit["fields"][number]>(from);
      const b = this.b;
      if (!b) return NONE;
      return { fields, span: this.to(b, start) };
    },
    { recoveryValueFunc: this.leave(null as never) },
  );

  private recordFieldList: ManySepMethodOpts<void> | undefined;

  expectation = this.RULE(
    "expectation",
    (): A.ExpectDecl => {
      this.expectFrom = this.b ? this.from() : 0;
      this.CONSUME(T.Expect);
      return this.OR((this.expectAlts ??= this.expectationAlternatives()));
    },
    { recoveryValueFunc: this.leave(null as never) },
  );
  /** Where the expectation being parsed starts (an expectation holds no other). */
  private expectFrom = 0;
  /** The citation of the `expect violation` being parsed. */
  private expectCite: IToken | undefined;
  private expectNot: (() => IToken) | undefined;
  private legalAlts: IOrAlt<unknown>[] | undefined;
  private expectArgs: (() => void) | undefined;
  private expectArgList: ManySepMethodOpts<void> | undefined;
  private expectAlts: IOrAlt<A.ExpectDecl>[] | undefined;

  /** What an `expect` says: legal or a violation, a step's value, needs, depends on, a value. */
  private expectationAlternatives(): IOrAlt<A.ExpectDecl>[] {
    return [
      {
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          const negated = this.OPTION((this.expectNot ??= () => this.CONSUME(T.Not))) !== undefined;
          // The violation's citation in a field (an expectation holds no other), so the
          // alternatives are made once.
          this.expectCite = undefined;
          this.OR2(
            (this.legalAlts ??= [
              { ALT: () => this.CONSUME(T.Legal) },
              {
                ALT: () => {
                  this.CONSUME(T.Violation);
                  this.expectCite = this.CONSUME(T.Citation);
                },
              },
            ]),
          );
          const cite = this.expectCite as IToken | undefined;
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          if (cite === undefined) return { e: "legal", negated, span };
          const cited = b.cite(cite);
          return cited ? { e: "violation", cite: cited, negated, span } : NONE;
        },
      },
      {
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          this.CONSUME(T.Step);
          const index = this.CONSUME(T.NumberLit);
          this.CONSUME(T.Equals);
          const value = this.SUBRULE(this.expr);
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          return { e: "step", index: b.smallInt(index, MAX_STEPS), value, span };
        },
      },
      {
        // `expect needs vehicle.kind`: the move cannot be answered without that field.
        GATE: () =>
          this.LA(1).image === "needs" &&
          this.LA(2).tokenType !== T.Equals &&
          this.LA(2).tokenType !== T.LParen,
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          this.CONSUME2(T.Name, { LABEL: "needs" });
          const rec = this.OR3([
            { ALT: () => this.CONSUME(T.Unit) },
            { ALT: () => this.CONSUME(T.Vehicle) },
            { ALT: () => this.CONSUME2(T.Step) },
            { ALT: () => this.CONSUME(T.Scenario) },
          ]);
          this.CONSUME(T.Dot);
          const field = this.CONSUME3(T.Name, { LABEL: "needsField" });
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          return { e: "needs", rec: rec.image as A.RecordKw, field: field.image, span };
        },
      },
      {
        // `expect depends on vehicle.kind`: the answer differs with that field, which the example leaves out.
        GATE: () => this.LA(1).image === "depends" && this.LA(2).image === "on",
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          this.CONSUME4(T.Name, { LABEL: "depends" });
          this.CONSUME5(T.Name, { LABEL: "dependsOn" });
          const rec = this.OR4([
            { ALT: () => this.CONSUME2(T.Unit) },
            { ALT: () => this.CONSUME2(T.Vehicle) },
            { ALT: () => this.CONSUME3(T.Step) },
            { ALT: () => this.CONSUME2(T.Scenario) },
          ]);
          this.CONSUME2(T.Dot);
          const field = this.CONSUME6(T.Name, { LABEL: "dependsField" });
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          return { e: "depends", rec: rec.image as A.RecordKw, field: field.image, span };
        },
      },
      {
        // `expect stack A1 legal`, `expect stack A1 not legal`: the stacking limit in a hex of a
        // `stack` example (`expect stack = …` stays a rule named `stack`).
        GATE: () =>
          this.LA(1).tokenType === T.Stack &&
          this.LA(2).tokenType !== T.Equals &&
          this.LA(2).tokenType !== T.LParen &&
          this.LA(2).tokenType !== T.Dot,
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          this.CONSUME(T.Stack);
          const hex = this.CONSUME7(T.Name, { LABEL: "stackHex" });
          const negated = this.OPTION3(() => this.CONSUME2(T.Not)) !== undefined;
          this.CONSUME2(T.Legal);
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          return { e: "stack", hex: hex.image, hexSpan: b.spanOfToken(hex), negated, span };
        },
      },
      {
        // `expect first.allowance = 4`: one unit of a `stack` example.
        GATE: () => this.LA(2).tokenType === T.Dot,
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          const unit = this.CONSUME8(T.Name, { LABEL: "stackUnit" });
          this.CONSUME3(T.Dot);
          const what = this.CONSUME9(T.Name, { LABEL: "stackUnitValue" });
          this.CONSUME3(T.Equals);
          const value = this.SUBRULE4(this.expr);
          const b = this.b;
          if (!b) return NONE;
          const span = this.to(b, start);
          return {
            e: "member",
            unit: unit.image,
            unitSpan: b.spanOfToken(unit),
            what: what.image,
            value,
            span,
          };
        },
      },
      {
        ALT: (): A.ExpectDecl => {
          const start = this.expectFrom;
          const name = this.CONSUME(T.Name);
          // The arguments pushed on `stack`, so the actions are functions made once.
          const from = this.top;
          this.OPTION2(
            (this.expectArgs ??= () => {
              this.CONSUME(T.LParen);
              this.MANY_SEP(
                (this.expectArgList ??= {
                  SEP: T.Comma,
                  DEF: () => {
                    const arg = this.SUBRULE3(this.expr);
                    this.stack[this.top++] = arg;
                  },
                }),
              );
              this.CONSUME(T.RParen);
            }),
          );
          const args = this.take<A.Expr>(from);
          this.CONSUME2(T.Equals);
          const value = this.SUBRULE2(this.expr);
          const b = this.b;
          if (!b) return NONE;
          return {
            e: "value",
            name: name.image,
            args,
            value,
            span: this.to(b, start),
          };
        },
      },
    ];
  }

  // ---- expressions, loosest first ----

  /**
   * `a if c else b if d else e`: a flat run, nested to the right when it is built (`ifChain`), so a
   * long chain of `if … else` makes no recursion here (it would overflow the stack at a few thousand).
   */
  expr = this.RULE(
    "expr",
    (): A.Expr => {
      // The run's parts are kept in fields (`ifParts`, saved and restored here, since a part may hold
      // an expression of its own), so the repetition's action is one function made once.
      const outer = this.ifParts;
      this.ifParts = undefined;
      this.ifFirst = this.SUBRULE(this.binary);
      const first = this.ifFirst;
      this.MANY(
        (this.ifElse ??= () => {
          const parts = (this.ifParts ??= [this.ifFirst!]);
          this.CONSUME(T.If);
          const c = this.SUBRULE2(this.binary);
          this.CONSUME(T.Else);
          const e = this.SUBRULE3(this.binary);
          parts.push(c, e);
        }),
      );
      const parts = this.ifParts;
      this.ifParts = outer;
      const b = this.b;
      if (!b) return NONE;
      return parts ? b.ifChain(parts, same, first.span) : first;
    },
    { recoveryValueFunc: this.standIn },
  );
  /** The `if … else` parts of the expression being parsed (see `expr`), and its first part. */
  private ifParts: A.Expr[] | undefined;
  private ifFirst: A.Expr | undefined;
  private ifElse: (() => void) | undefined;

  // Chevrotain performance guide: build each OR's alternatives once, not on every invocation.
  private infixAlts: IOrAlt<IToken>[] | undefined;
  private prefixAlts: IOrAlt<IToken>[] | undefined;
  private prefixAlts3: IOrAlt<IToken>[] | undefined;
  private primaryAlts: IOrAlt<A.Expr>[] | undefined;
  private recordAlts: IOrAlt<IToken>[] | undefined;
  private definitionAlts: IOrAlt<unknown>[] | undefined;
  private definitionKinds: IOrAlt<A.Decl>[] | undefined;
  /** The measure after a number or a fraction (`2 MF`), and the number it follows (for the gate). */
  private numberMeasure: DSLMethodOptsWithErr<IToken> | undefined;
  private fractionMeasure: DSLMethodOptsWithErr<IToken> | undefined;
  private numeral: IToken | undefined;
  /** The `not` of a `not in` the infix alternatives just consumed (the `in` is what OR returns). */
  notOfNotIn: IToken | undefined;

  /**
   * The items of the lists and runs being parsed, one above the other (a list's item may hold a
   * list of its own, pushed above it and taken off before the outer list goes on): the lists an
   * AST keeps are copied off it at their own length (`take`), and a run is climbed where it lies
   * (`binary`), so no list is an array grown by push (which V8 gives room for 17 at the first push)
   * only to be copied. Never shortened (V8 would give back its room, to take it again at the next
   * push): entries at and above `top` are stale until overwritten. A syntax error in the fast
   * instance ends the parse, and the recovering one's actions build nothing, so what an error
   * leaves on it is never read.
   */
  private stack: unknown[] = [];
  private top = 0;

  /** The items pushed on `stack` since `from`, in an array of their own length, taken off it. */
  private take<T>(from: number): T[] {
    const out = this.stack.slice(from, this.top) as T[];
    this.top = from;
    return out;
  }

  /** Forgets the last file: its parts, and the runs a syntax error may have left half-parsed. */
  forgetRuns(): void {
    this.headers = [];
    this.decls = [];
    this.sources = [];
    this.outOfScope = [];
    this.firstDef = Infinity;
    this.tops.length = this.runFroms.length = this.ifPartsAt.length = 0;
    this.longDecls = [];
    this.notOfNotIn = undefined;
    this.stack = [];
    this.top = 0;
    this.runFrom = 0;
    this.ifParts = undefined;
  }

  private infixAlternatives(): IOrAlt<IToken>[] {
    return [
      { ALT: () => this.CONSUME(T.Or) },
      { ALT: () => this.CONSUME(T.And) },
      { ALT: () => this.CONSUME(T.EqEq) },
      { ALT: () => this.CONSUME(T.NotEq) },
      { ALT: () => this.CONSUME(T.LtEq) },
      { ALT: () => this.CONSUME(T.GtEq) },
      { ALT: () => this.CONSUME(T.Lt) },
      { ALT: () => this.CONSUME(T.Gt) },
      { ALT: () => this.CONSUME(T.Plus) },
      { ALT: () => this.CONSUME2(T.Minus) },
      { ALT: () => this.CONSUME(T.Star) },
      { ALT: () => this.CONSUME(T.Slash) },
      { ALT: () => this.CONSUME(T.In) },
      {
        ALT: () => {
          this.notOfNotIn = this.CONSUME2(T.Not);
          return this.CONSUME2(T.In);
        },
      },
    ];
  }

  /**
   * A flat run of operands and operators (`not a and b + 1 in S`), built by precedence climbing
   * (`climb`); one rule per run instead of one per precedence level. A run of one operand is that
   * operand.
   */
  binary = this.RULE(
    "binary",
    (): A.Expr => {
      // The run is pushed on `stack`, a stack shared by the runs being parsed (an operand's own run is
      // pushed above this one's and popped before this one goes on), so the repetitions' actions are
      // functions made once, not closures per call, and a run is no array of its own. `runFrom` is
      // where the innermost run being parsed starts (saved and restored here).
      const outer = this.runFrom;
      const from = (this.runFrom = this.top);
      this.MANY(
        (this.prefixes ??= () => {
          this.stack[this.top++] = this.OR((this.prefixAlts ??= this.prefixAlternatives(1)));
        }),
      );
      const first = this.SUBRULE(this.primary);
      // A nested run popped `stack` back to this one's: its prefixes, if any.
      if (this.top > from) this.stack[this.top++] = first;
      this.runFirst = first;
      this.MANY2(
        (this.infixes ??= () => {
          const runs = this.stack;
          if (this.top === this.runFrom) runs[this.top++] = this.runFirst!;
          const op = this.OR2((this.infixAlts ??= this.infixAlternatives()));
          if (this.notOfNotIn) runs[this.top++] = this.notOfNotIn;
          this.notOfNotIn = undefined;
          runs[this.top++] = op;
          this.MANY3(
            (this.prefixes3 ??= () => {
              this.stack[this.top++] = this.OR3((this.prefixAlts3 ??= this.prefixAlternatives(3)));
            }),
          );
          const operand = this.SUBRULE2(this.primary);
          this.stack[this.top++] = operand;
        }),
      );
      const to = this.top;
      this.top = from;
      this.runFrom = outer;
      const b = this.b;
      if (!b || to === from) return first;
      return b.climb(this.stack as (IToken | A.Expr)[], same, first.span, from, to);
    },
    { recoveryValueFunc: this.standIn },
  );
  /** Where the innermost run being parsed starts on `stack` (see `binary`). */
  private runFrom = 0;
  private runFirst: A.Expr | undefined;
  private prefixes: (() => void) | undefined;
  private infixes: (() => void) | undefined;
  private prefixes3: (() => void) | undefined;

  /** `not` and `-` before an operand (the first `OR` of `binary`, or its third). */
  private prefixAlternatives(occurrence: 1 | 3): IOrAlt<IToken>[] {
    if (occurrence === 1)
      return [{ ALT: () => this.CONSUME(T.Not) }, { ALT: () => this.CONSUME(T.Minus) }];
    return [{ ALT: () => this.CONSUME3(T.Not) }, { ALT: () => this.CONSUME3(T.Minus) }];
  }

  primary = this.RULE(
    "primary",
    (): A.Expr => {
      return this.OR(
        (this.primaryAlts ??= [
          {
            ALT: () => {
              const start = this.b ? this.from() : 0;
              const n = (this.numeral = this.CONSUME(T.NumberLit));
              const m = this.OPTION(
                (this.numberMeasure ??= {
                  GATE: () => this.measureFollows(this.numeral!),
                  DEF: () => this.CONSUME3(T.Name, MEASURE),
                }),
              );
              const b = this.b;
              return b ? b.number(n, m, this.to(b, start)) : NONE;
            },
          },
          {
            ALT: () => {
              const start = this.b ? this.from() : 0;
              const n = (this.numeral = this.CONSUME(T.Fraction));
              const m = this.OPTION2(
                (this.fractionMeasure ??= {
                  GATE: () => this.measureFollows(this.numeral!),
                  DEF: () => this.CONSUME5(T.Name, MEASURE),
                }),
              );
              const b = this.b;
              return b ? b.number(n, m, this.to(b, start)) : NONE;
            },
          },
          { ALT: () => this.SUBRULE(this.dice) },
          { ALT: () => this.bool(this.CONSUME(T.True), true) },
          { ALT: () => this.bool(this.CONSUME(T.False), false) },
          { ALT: () => this.atom(this.CONSUME(T.All), "all") },
          { ALT: () => this.atom(this.CONSUME(T.NA), "na") },
          { ALT: () => this.atom(this.CONSUME(T.Base), "base") },
          {
            ALT: () => {
              this.CONSUME(T.LParen);
              const e = this.SUBRULE(this.expr);
              this.CONSUME(T.RParen);
              return e;
            },
          },
          {
            ALT: () => {
              const start = this.b ? this.from() : 0;
              this.CONSUME(T.LBrace);
              const from = this.top;
              this.MANY_SEP(
                (this.setMemberList ??= { SEP: T.Comma, DEF: () => this.pushQualified() }),
              );
              this.CONSUME(T.RBrace);
              const members = this.take<Qualified>(from);
              const b = this.b;
              return b ? { k: "set", members, span: this.to(b, start) } : NONE;
            },
          },
          {
            ALT: () => {
              const start = this.b ? this.from() : 0;
              const rec = this.OR2(
                (this.recordAlts ??= [
                  { ALT: () => this.CONSUME(T.Unit) },
                  { ALT: () => this.CONSUME(T.Vehicle) },
                  { ALT: () => this.CONSUME(T.Step) },
                  { ALT: () => this.CONSUME(T.Scenario) },
                  { ALT: () => this.CONSUME(T.Path) },
                ]),
              );
              this.CONSUME(T.Dot);
              const field = this.CONSUME4(T.Name);
              const b = this.b;
              if (!b) return NONE;
              const r = rec.image as A.RecordKw | "path";
              return { k: "rec", rec: r, field: field.image, span: this.to(b, start) };
            },
          },
          { ALT: () => this.SUBRULE(this.nameOrCall) },
        ]),
      );
    },
    { recoveryValueFunc: this.standIn },
  );

  /** A primary of one keyword token (`all`, `NA`, `base`): one object literal, no spread of a base. */
  private atom(t: IToken, k: "all" | "na" | "base"): A.Expr {
    const b = this.b;
    return b ? { k, span: b.spanOfToken(t) } : NONE;
  }

  /** `true` or `false`. */
  private bool(t: IToken, v: boolean): A.Expr {
    const b = this.b;
    return b ? { k: "bool", v, span: b.spanOfToken(t) } : NONE;
  }

  /**
   * `2 MF`: a name right after a number on the same line is its measure, unless it is followed by `:`
   * and so starts the next field or row (`portage: PP = 0  leader: bool`). An all-capitals name is
   * always a measure (`when unit.portage > 3 PP: …`); write `(1 inch)` for a lower-case one there.
   */
  private measureFollows(n: IToken): boolean {
    const next = this.LA(1);
    if (!tokenMatcher(next, T.Name) || !this.sameLine(n, next)) return false;
    return this.LA(2).tokenType !== T.Colon || /^[A-Z]+$/.test(next.image);
  }

  /**
   * A name (`woods`, `terrain.woods`), a call (`f(a, b)`) or an aggregate (`count step (…)`): the
   * one alternative of `primary` that starts with a name, so `primary` decides on one token. The
   * name is an aggregate's operator when `step` follows it on the same line or `step (` follows
   * (`aggregateFollows`): a record on the next line (`expect a = foo` above `step { … }` in an
   * example) ends the expression before it. An aggregate takes no member and no arguments.
   */
  nameOrCall = this.RULE(
    "nameOrCall",
    (): A.Expr => {
      const start = this.b ? this.from() : 0;
      const name = this.CONSUME(T.Name);
      const body = this.OPTION(
        (this.aggregateBody ??= {
          GATE: () => this.aggregateFollows(),
          DEF: () => {
            this.CONSUME(T.Step);
            this.CONSUME2(T.LParen);
            const e = this.SUBRULE2(this.expr);
            this.CONSUME2(T.RParen);
            return e;
          },
        }),
      );
      // Read by the gates just below, before anything nested can set it again.
      this.aggregated = body !== undefined;
      const member = this.OPTION2(
        (this.memberOfName ??= {
          GATE: () => !this.aggregated,
          DEF: () => {
            this.CONSUME(T.Dot);
            return this.CONSUME2(T.Name);
          },
        }),
      );
      const args = this.OPTION3(
        (this.callArgs ??= { GATE: () => !this.aggregated, DEF: () => this.argumentList() }),
      );
      const b = this.b;
      if (!b) return NONE;
      const span = this.to(b, start);
      if (body !== undefined) return { k: "agg", op: name.image, body, span };
      const m = member === undefined ? null : member.image;
      if (args)
        return { k: "call", name: m === null ? name.image : `${name.image}.${m}`, args, span };
      return { k: "name", name: name.image, member: m, span };
    },
    { recoveryValueFunc: this.standIn },
  );

  /**
   * Whether the name just consumed is an aggregate's operator (see `nameOrCall`): `step` follows on
   * the same line, or `step (` follows.
   */
  private aggregateFollows(): boolean {
    const next = this.LA(1);
    if (next.tokenType !== T.Step) return false;
    return this.sameLine(this.LA(0), next) || this.LA(2).tokenType === T.LParen;
  }

  /**
   * Whether token `b`, after `a`, starts on the line `a` ends on: no line break between them. Tokens
   * do not span lines (a string closes on its line, a comment ends at one), and what lies between two
   * tokens is white space or comments — usually one space, so this reads a character or two.
   */
  private sameLine(a: IToken, b: IToken): boolean {
    const text = this.text;
    for (let i = T.tokenEnd(a); i < b.startOffset; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) return false;
    }
    return true;
  }

  /** Whether the name being parsed took an aggregate's body (see `nameOrCall`). */
  private aggregated = false;
  private aggregateBody: DSLMethodOptsWithErr<A.Expr> | undefined;
  private memberOfName: DSLMethodOptsWithErr<IToken> | undefined;
  private callArgs: DSLMethodOptsWithErr<A.Expr[]> | undefined;
  private argList: ManySepMethodOpts<void> | undefined;
  /**
   * `(a, b, …)`: the arguments pushed on `stack` (an argument's own call's above them), so the
   * repetition's action is a function made once.
   */
  private argumentList(): A.Expr[] {
    const from = this.top;
    this.CONSUME(T.LParen);
    this.MANY_SEP(
      (this.argList ??= {
        SEP: T.Comma,
        DEF: () => {
          const arg = this.SUBRULE(this.expr);
          this.stack[this.top++] = arg;
        },
      }),
    );
    this.CONSUME(T.RParen);
    return this.take(from);
  }

  dice = this.RULE(
    "dice",
    (): A.Expr => {
      const start = this.b ? this.from() : 0;
      const roll = this.CONSUME(T.Dice);
      let highest = false;
      const keep = this.OPTION(() => {
        this.CONSUME(T.Keep);
        this.OR([
          { ALT: () => (highest = this.CONSUME(T.Highest) !== undefined) },
          { ALT: () => this.CONSUME(T.Lowest) },
        ]);
        return this.CONSUME(T.NumberLit);
      });
      let minus = false;
      const per = this.OPTION2(() => {
        this.CONSUME(T.Each);
        minus = this.OPTION3(() => this.CONSUME(T.Minus)) !== undefined;
        return this.SUBRULE(this.primary);
      });
      const b = this.b;
      if (!b) return NONE;
      return b.diceOf(roll, keep, highest, per ?? null, minus, this.to(b, start));
    },
    { recoveryValueFunc: this.standIn },
  );
}

const MEASURE = { LABEL: "measure" };

/** `t`, unless recovery inserted it (an empty token standing for a missing one). */
const real = (t: IToken): IToken | undefined => (t.isInsertedInRecovery ? undefined : t);

/** Chevrotain's hooks at the start and end of each rule (no-ops where no CST is built). */
interface RuleHooks {
  cstInvocationStateUpdate(): void;
  cstFinallyStateUpdate(): void;
}

/** What the actions return where the AST is not being built (while the grammar is recorded). */
const NONE = undefined as never;
/** The identity: the operands of a run are built already. */
const same = (e: A.Expr): A.Expr => e;

type Qualified = { name: string; member: string | null; span: A.Header["span"] };
type Param = { name: string; type: A.TypeRef; span: A.Header["span"] };
interface FileParts {
  header: A.Header | null;
  decls: A.Decl[];
  sources: A.SourceDecl[];
  outOfScope: A.OutOfScopeDecl[];
  /** Those of `decls` that hold at least MAX_EXPR_DEPTH tokens: only they may nest too deep. */
  long: A.Decl[];
}

let theParser: RulesParser | null = null;

/**
 * The one parser instance, built on first use: its grammar is recorded once per process, and a
 * command answered from built results (compiler/node/front-cache.ts) never builds it.
 */
export function parser(): RulesParser {
  return (theParser ??= new RulesParser());
}

/** A parser that also checks the grammar as Chevrotain can (test/grammar/parse-data.test.ts). */
export function validatingParser(): object {
  return new RulesParser(true);
}

/** Lexing alone: the tokens (comments and white space dropped) and the characters no token matches. */
export function lexText(text: string): {
  tokens: IToken[];
  lexErrors: { offset: number; length: number; message: string }[];
} {
  const lexed = T.lexer().tokenize(text);
  return {
    tokens: lexed.tokens,
    lexErrors: lexed.errors.map((e) => ({
      offset: e.offset,
      length: e.length,
      message: e.message,
    })),
  };
}

/** What one parse of a file's tokens made: the AST's parts and every syntax error, in file order. */
export interface ParsedTokens extends FileParts {
  errors: IRecognitionException[];
}

/**
 * Parses a file's tokens straight into the AST (`builder` builds it and collects its diagnostics),
 * recovering from every syntax error: never throws on bad input. The tokens are left as they are
 * (the caller keeps them for the language service).
 */
export function parseTokens(tokens: IToken[], builder: AstBuilder): ParsedTokens {
  const p = parser();
  p.text = builder.src.text;
  p.input = tokens;
  p.b = builder;
  p.forgetRuns();
  try {
    const out = p.file();
    return {
      header: out.header,
      decls: out.decls,
      long: out.long,
      sources: out.sources,
      outOfScope: out.outOfScope,
      errors: [...p.errors],
    };
  } finally {
    p.b = null;
    p.text = "";
    // The parser is one shared instance: let go of this file's tokens and AST rather than keep
    // them alive until the next file is parsed.
    p.input = [];
    p.forgetRuns();
  }
}
