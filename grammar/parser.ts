/**
 * The pure parser: token stream → concrete syntax tree. No semantic actions; Chevrotain's error
 * recovery is on, so one run reports every syntax error of a file.
 */
import type { CstNode, IOrAlt, IRecognitionException, IToken } from "chevrotain";
import { CstParser, tokenMatcher } from "./chevrotain.js";
import * as T from "./tokens.js";

/**
 * Chevrotain validates the grammar when the parser is built (a quarter second of every cold start).
 * The grammar is fixed, so the tests validate it (vitest sets VITEST) and the CLI skips it.
 */
const VALIDATE =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
    "VITEST"
  ] !== undefined;

/** Chevrotain internals that `cstInvocationStateUpdate` below uses (chevrotain 11's tree builder). */
interface CstInternals {
  setInitialNodeLocation(node: CstNode): void;
  CST_STACK: CstNode[];
}

class RulesParser extends CstParser {
  constructor() {
    super(T.allTokens, {
      recoveryEnabled: true,
      maxLookahead: 3,
      nodeLocationTracking: "onlyOffset",
      skipValidations: !VALIDATE,
    });
    this.performSelfAnalysis();
  }

  /**
   * Where Chevrotain opens a CST node for a rule (its `TreeBuilder.cstInvocationStateUpdate`, the
   * same body but for `children`). Chevrotain makes `children` with `Object.create(null)`, which V8
   * keeps as a hash table: adding each child there and reading it back in the AST builder made
   * about a third of parsing, mostly garbage collection. A plain object literal gets V8's fast
   * properties. Token and rule names never collide with Object.prototype's (the builder reads
   * children by those names, and `Object.values` sees own properties only).
   */
  cstInvocationStateUpdate(fullRuleName: string): void {
    const self = this as unknown as CstInternals;
    const cstNode: CstNode = { name: fullRuleName, children: {} };
    self.setInitialNodeLocation(cstNode);
    self.CST_STACK.push(cstNode);
  }

  file = this.RULE("file", () => {
    this.OPTION(() => this.SUBRULE(this.header));
    // A second header (two files pasted together) is parsed, and reported by the AST builder, rather
    // than left to error recovery, which rescans the rest of the file at each one.
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.definition) },
        { ALT: () => this.SUBRULE2(this.header) },
        { ALT: () => this.SUBRULE(this.sectionBlock) },
      ]),
    );
  });

  /** `section KEY { definitions }`: every definition inside is in report section KEY unless it says otherwise. */
  sectionBlock = this.RULE("sectionBlock", () => {
    this.CONSUME(T.Section);
    this.CONSUME(T.Name);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.definition));
    this.CONSUME(T.RBrace);
  });

  header = this.RULE("header", () => {
    this.CONSUME(T.Ruleset);
    this.CONSUME(T.Name);
    this.CONSUME(T.StringLit);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Edition);
            this.CONSUME2(T.StringLit);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Cites);
            this.CONSUME2(T.Name);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Extends);
            this.CONSUME3(T.Name);
          },
        },
      ]),
    );
  });

  definition = this.RULE("definition", () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.removeDef) },
      { ALT: () => this.SUBRULE(this.extendDef) },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Override));
          this.OR2(
            (this.definitionAlts ??= [
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
    ]);
  });

  /**
   * `extend rule NAME ["paraphrase"] { exception … | override exception … | remove exception
   * LABEL-or-[CITE] }`: the paraphrase, where a definition writes it, restates the rule's wording.
   */
  extendDef = this.RULE("extendDef", () => {
    this.CONSUME(T.Extend);
    this.SUBRULE(this.defKind);
    this.CONSUME(T.Name);
    this.OPTION(() => this.CONSUME(T.StringLit));
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.exception) },
        { ALT: () => this.SUBRULE(this.exceptionEdit) },
      ]),
    );
    this.CONSUME(T.RBrace);
  });

  exceptionEdit = this.RULE("exceptionEdit", () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Override);
          this.SUBRULE(this.exception);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Remove);
          this.CONSUME(T.Exception);
          this.OR2([{ ALT: () => this.CONSUME(T.Name) }, { ALT: () => this.CONSUME(T.Citation) }]);
        },
      },
    ]);
  });

  removeDef = this.RULE("removeDef", () => {
    this.CONSUME(T.Remove);
    this.SUBRULE(this.defKind);
    this.CONSUME(T.Name);
  });

  defKind = this.RULE("defKind", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Measure) },
      { ALT: () => this.CONSUME(T.Enum) },
      { ALT: () => this.CONSUME(T.Group) },
      { ALT: () => this.CONSUME(T.Table) },
      { ALT: () => this.CONSUME(T.Rule) },
      { ALT: () => this.CONSUME(T.Predicate) },
      { ALT: () => this.CONSUME(T.Constraint) },
    ]);
  });

  /** Citation, paraphrase, and the optional `concept`/`section`/`note` clauses of a definition. */
  meta = this.RULE("meta", () => {
    this.CONSUME(T.Citation);
    this.OPTION(() => this.CONSUME(T.StringLit));
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.CONSUME(T.Concept);
            this.CONSUME(T.Name);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Section);
            this.CONSUME2(T.Name);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Note);
            this.CONSUME2(T.StringLit);
          },
        },
      ]),
    );
  });

  measureDef = this.RULE("measureDef", () => {
    this.CONSUME(T.Measure);
    this.CONSUME(T.Name);
    this.SUBRULE(this.meta);
  });

  enumDef = this.RULE("enumDef", () => {
    this.CONSUME(T.Enum);
    this.CONSUME(T.Name);
    this.SUBRULE(this.meta);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.enumMember));
    this.CONSUME(T.RBrace);
  });

  enumMember = this.RULE("enumMember", () => {
    this.CONSUME(T.Name);
    this.OPTION(() => this.CONSUME(T.StringLit));
    this.OPTION2(() => this.CONSUME(T.Citation));
    // `concept open-ground | road`: the names other rulesets (and maps) use for this member.
    this.OPTION3(() => {
      this.CONSUME(T.Concept);
      this.CONSUME2(T.Name);
      this.MANY(() => {
        this.CONSUME(T.Pipe);
        this.CONSUME3(T.Name);
      });
    });
  });

  groupDef = this.RULE("groupDef", () => {
    this.CONSUME(T.Group);
    this.CONSUME(T.Name);
    this.SUBRULE(this.meta);
    this.CONSUME(T.Equals);
    this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.SUBRULE(this.qualifiedName) });
  });

  qualifiedName = this.RULE("qualifiedName", () => {
    this.CONSUME(T.Name);
    this.OPTION(() => {
      this.CONSUME(T.Dot);
      this.CONSUME2(T.Name);
    });
  });

  recordKw = this.RULE("recordKw", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Unit) },
      { ALT: () => this.CONSUME(T.Vehicle) },
      { ALT: () => this.CONSUME(T.Step) },
      { ALT: () => this.CONSUME(T.Scenario) },
    ]);
  });

  inputDef = this.RULE("inputDef", () => {
    this.CONSUME(T.Input);
    this.SUBRULE(this.recordKw);
    this.CONSUME(T.Citation);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.inputField));
    this.CONSUME(T.RBrace);
  });

  inputField = this.RULE("inputField", () => {
    this.CONSUME(T.Name);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.OPTION(() => this.CONSUME(T.Question));
    this.OPTION2(() => {
      this.CONSUME(T.Equals);
      this.SUBRULE(this.expr);
    });
  });

  typeRef = this.RULE("typeRef", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Bool) },
      {
        ALT: () => {
          this.CONSUME(T.Set);
          this.CONSUME(T.Of);
          this.CONSUME(T.Name);
        },
      },
      { ALT: () => this.CONSUME2(T.Name) },
    ]);
  });

  tableDef = this.RULE("tableDef", () => {
    this.CONSUME(T.Table);
    this.CONSUME(T.Name);
    this.SUBRULE(this.meta);
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.CONSUME2(T.Name) });
    this.CONSUME(T.Arrow);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.tableRow));
    this.CONSUME(T.RBrace);
  });

  tableRow = this.RULE("tableRow", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Otherwise) },
      { ALT: () => this.AT_LEAST_ONE_SEP({ SEP: T.Pipe, DEF: () => this.CONSUME(T.Name) }) },
    ]);
    this.CONSUME(T.Colon);
    this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr) });
    this.OPTION(() => this.CONSUME(T.Citation));
  });

  params = this.RULE("params", () => {
    this.CONSUME(T.LParen);
    this.AT_LEAST_ONE_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Colon);
        this.SUBRULE(this.typeRef);
      },
    });
    this.CONSUME(T.RParen);
  });

  ruleDef = this.RULE("ruleDef", () => {
    this.CONSUME(T.Rule);
    this.CONSUME(T.Name);
    this.OPTION(() => this.SUBRULE(this.params));
    this.SUBRULE(this.meta);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(T.Equals);
    this.SUBRULE(this.expr);
    this.OPTION2(() => this.SUBRULE(this.exceptionBlock));
  });

  predicateDef = this.RULE("predicateDef", () => {
    this.CONSUME(T.Predicate);
    this.CONSUME(T.Name);
    this.OPTION(() => this.SUBRULE(this.params));
    this.SUBRULE(this.meta);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expr);
    this.OPTION2(() => this.SUBRULE(this.exceptionBlock));
  });

  exceptionBlock = this.RULE("exceptionBlock", () => {
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.exception));
    this.CONSUME(T.RBrace);
  });

  exception = this.RULE("exception", () => {
    this.CONSUME(T.Exception);
    this.OPTION3(() => this.CONSUME(T.Name));
    this.CONSUME(T.Citation);
    this.OPTION(() => this.CONSUME(T.StringLit));
    this.CONSUME(T.When);
    this.SUBRULE(this.expr);
    this.CONSUME(T.Colon);
    this.SUBRULE2(this.expr);
    this.OPTION2(() => this.SUBRULE(this.exceptionBlock));
  });

  constraintDef = this.RULE("constraintDef", () => {
    this.CONSUME(T.Constraint);
    this.CONSUME(T.Name);
    this.SUBRULE(this.meta);
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expr);
  });

  movementDef = this.RULE("movementDef", () => {
    this.CONSUME(T.Movement);
    this.CONSUME(T.Citation);
    this.CONSUME(T.Name);
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.movementEntry));
    this.CONSUME(T.RBrace);
  });

  movementEntry = this.RULE("movementEntry", () => {
    this.CONSUME(T.Name);
    this.OPTION(() => this.CONSUME2(T.Name));
    this.CONSUME(T.Colon);
    this.SUBRULE(this.expr);
  });

  exampleDef = this.RULE("exampleDef", () => {
    this.CONSUME(T.Example);
    this.CONSUME(T.Citation);
    this.CONSUME(T.StringLit);
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR([
        {
          ALT: () => {
            this.SUBRULE(this.recordKw);
            this.SUBRULE(this.record);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.Path);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE2(this.record) });
          },
        },
        { ALT: () => this.SUBRULE(this.expectation) },
        {
          ALT: () => {
            this.CONSUME(T.Roll);
            this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => this.CONSUME(T.NumberLit) });
          },
        },
      ]),
    );
    this.CONSUME(T.RBrace);
  });

  record = this.RULE("record", () => {
    this.CONSUME(T.LBrace);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        this.CONSUME(T.Name);
        this.CONSUME(T.Colon);
        this.SUBRULE(this.expr);
      },
    });
    this.CONSUME(T.RBrace);
  });

  expectation = this.RULE("expectation", () => {
    this.CONSUME(T.Expect);
    this.OR([
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(T.Not));
          this.OR2([
            { ALT: () => this.CONSUME(T.Legal) },
            {
              ALT: () => {
                this.CONSUME(T.Violation);
                this.CONSUME(T.Citation);
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Step);
          this.CONSUME(T.NumberLit);
          this.CONSUME(T.Equals);
          this.SUBRULE(this.expr);
        },
      },
      {
        // `expect needs vehicle.kind`: the move cannot be answered without that field.
        GATE: () =>
          this.LA(1).image === "needs" &&
          this.LA(2).tokenType !== T.Equals &&
          this.LA(2).tokenType !== T.LParen,
        ALT: () => {
          this.CONSUME2(T.Name, { LABEL: "needs" });
          this.OR3([
            { ALT: () => this.CONSUME(T.Unit) },
            { ALT: () => this.CONSUME(T.Vehicle) },
            { ALT: () => this.CONSUME2(T.Step) },
            { ALT: () => this.CONSUME(T.Scenario) },
          ]);
          this.CONSUME(T.Dot);
          this.CONSUME3(T.Name, { LABEL: "needsField" });
        },
      },
      {
        // `expect depends on vehicle.kind`: the answer differs with that field, which the example leaves out.
        GATE: () => this.LA(1).image === "depends" && this.LA(2).image === "on",
        ALT: () => {
          this.CONSUME4(T.Name, { LABEL: "depends" });
          this.CONSUME5(T.Name, { LABEL: "dependsOn" });
          this.OR4([
            { ALT: () => this.CONSUME2(T.Unit) },
            { ALT: () => this.CONSUME2(T.Vehicle) },
            { ALT: () => this.CONSUME3(T.Step) },
            { ALT: () => this.CONSUME2(T.Scenario) },
          ]);
          this.CONSUME2(T.Dot);
          this.CONSUME6(T.Name, { LABEL: "dependsField" });
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.Name);
          this.OPTION2(() => {
            this.CONSUME(T.LParen);
            this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE3(this.expr) });
            this.CONSUME(T.RParen);
          });
          this.CONSUME2(T.Equals);
          this.SUBRULE2(this.expr);
        },
      },
    ]);
  });

  // ---- expressions, loosest first ----

  /**
   * `a if c else b if d else e`: a flat run, nested to the right by the CST→AST builder, so a long
   * chain of `if … else` makes no recursion here (it would overflow the stack at a few thousand).
   */
  expr = this.RULE("expr", () => {
    this.SUBRULE(this.binary);
    this.MANY(() => {
      this.CONSUME(T.If);
      this.SUBRULE2(this.binary);
      this.CONSUME(T.Else);
      this.SUBRULE3(this.binary);
    });
  });

  // Chevrotain performance guide: build each OR's alternatives once, not on every invocation.
  private infixAlts: IOrAlt<unknown>[] | undefined;
  private prefixAlts: IOrAlt<unknown>[] | undefined;
  private prefixAlts3: IOrAlt<unknown>[] | undefined;
  private primaryAlts: IOrAlt<unknown>[] | undefined;
  private definitionAlts: IOrAlt<unknown>[] | undefined;

  private infixAlternatives(): IOrAlt<unknown>[] {
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
          this.CONSUME2(T.Not);
          this.CONSUME2(T.In);
        },
      },
    ];
  }

  /**
   * A flat run of operands and operators (`not a and b + 1 in S`). Precedence is applied by the
   * CST→AST builder; a flat rule makes one CST node per run instead of one per precedence level.
   */
  binary = this.RULE("binary", () => {
    this.MANY(() =>
      this.OR(
        (this.prefixAlts ??= [
          { ALT: () => this.CONSUME(T.Not) },
          { ALT: () => this.CONSUME(T.Minus) },
        ]),
      ),
    );
    this.SUBRULE(this.primary);
    this.MANY2(() => {
      this.OR2((this.infixAlts ??= this.infixAlternatives()));
      this.MANY3(() =>
        this.OR3(
          (this.prefixAlts3 ??= [
            { ALT: () => this.CONSUME3(T.Not) },
            { ALT: () => this.CONSUME3(T.Minus) },
          ]),
        ),
      );
      this.SUBRULE2(this.primary);
    });
  });

  primary = this.RULE("primary", () => {
    this.OR(
      (this.primaryAlts ??= [
        {
          ALT: () => {
            const n = this.CONSUME(T.NumberLit);
            this.OPTION({
              GATE: () => this.measureFollows(n),
              DEF: () => this.CONSUME3(T.Name, { LABEL: "measure" }),
            });
          },
        },
        {
          ALT: () => {
            const n = this.CONSUME(T.Fraction);
            this.OPTION2({
              GATE: () => this.measureFollows(n),
              DEF: () => this.CONSUME5(T.Name, { LABEL: "measure" }),
            });
          },
        },
        { ALT: () => this.SUBRULE(this.dice) },
        { ALT: () => this.CONSUME(T.True) },
        { ALT: () => this.CONSUME(T.False) },
        { ALT: () => this.CONSUME(T.All) },
        { ALT: () => this.CONSUME(T.NA) },
        { ALT: () => this.CONSUME(T.Base) },
        {
          ALT: () => {
            this.CONSUME(T.LParen);
            this.SUBRULE(this.expr);
            this.CONSUME(T.RParen);
          },
        },
        {
          ALT: () => {
            this.CONSUME(T.LBrace);
            this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.qualifiedName) });
            this.CONSUME(T.RBrace);
          },
        },
        {
          ALT: () => {
            this.OR2([
              { ALT: () => this.CONSUME(T.Unit) },
              { ALT: () => this.CONSUME(T.Vehicle) },
              { ALT: () => this.CONSUME(T.Step) },
              { ALT: () => this.CONSUME(T.Scenario) },
              { ALT: () => this.CONSUME(T.Path) },
            ]);
            this.CONSUME(T.Dot);
            this.CONSUME4(T.Name);
          },
        },
        {
          GATE: () => this.LA(2).tokenType === T.Step,
          ALT: () => {
            this.CONSUME2(T.Name);
            this.CONSUME2(T.Step);
            this.CONSUME2(T.LParen);
            this.SUBRULE2(this.expr);
            this.CONSUME2(T.RParen);
          },
        },
        { ALT: () => this.SUBRULE(this.nameOrCall) },
      ]),
    );
  });

  /**
   * `2 MF`: a name right after a number on the same line is its measure, unless it is followed by `:`
   * and so starts the next field or row (`portage: PP = 0  leader: bool`). An all-capitals name is
   * always a measure (`when unit.portage > 3 PP: …`); write `(1 inch)` for a lower-case one there.
   */
  private measureFollows(n: IToken): boolean {
    const next = this.LA(1);
    if (!tokenMatcher(next, T.Name) || next.startLine !== n.endLine) return false;
    return this.LA(2).tokenType !== T.Colon || /^[A-Z]+$/.test(next.image);
  }

  nameOrCall = this.RULE("nameOrCall", () => {
    this.SUBRULE(this.qualifiedName);
    this.OPTION(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({ SEP: T.Comma, DEF: () => this.SUBRULE(this.expr) });
      this.CONSUME(T.RParen);
    });
  });

  dice = this.RULE("dice", () => {
    this.CONSUME(T.Dice);
    this.OPTION(() => {
      this.CONSUME(T.Keep);
      this.OR([{ ALT: () => this.CONSUME(T.Highest) }, { ALT: () => this.CONSUME(T.Lowest) }]);
      this.CONSUME(T.NumberLit);
    });
    this.OPTION2(() => {
      this.CONSUME(T.Each);
      this.OPTION3(() => this.CONSUME(T.Minus));
      this.SUBRULE(this.primary);
    });
  });
}

export const parser = new RulesParser();

export interface ParseResult {
  cst: CstNode;
  lexErrors: { offset: number; length: number; message: string }[];
  parseErrors: IRecognitionException[];
  tokens: IToken[];
}

/** Lexes and parses one file's text; never throws on bad input. */
export function parseText(text: string): ParseResult {
  const { tokens, lexErrors } = lexText(text);
  return { ...parseTokens(tokens), lexErrors, tokens };
}

/** Lexing alone: the tokens (comments and white space dropped) and the characters no token matches. */
export function lexText(text: string): Pick<ParseResult, "tokens" | "lexErrors"> {
  const lexed = T.lexer.tokenize(text);
  return {
    tokens: lexed.tokens,
    lexErrors: lexed.errors.map((e) => ({
      offset: e.offset,
      length: e.length,
      message: e.message,
    })),
  };
}

/** Parsing a token stream into the CST, with recovery. */
export function parseTokens(tokens: IToken[]): Pick<ParseResult, "cst" | "parseErrors"> {
  parser.input = tokens;
  const cst = parser.file();
  const parseErrors = [...parser.errors];
  // The parser is one shared instance: let go of this file's tokens (a ruleset of 10,000 definitions
  // holds 100,000 of them) rather than keep them alive until the next file is parsed.
  parser.input = [];
  return { cst, parseErrors };
}
