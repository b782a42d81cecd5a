/**
 * The CodeMirror 6 editor of the studio: the rules language's highlighting, lint diagnostics from the
 * language service as you type, hover with citations, completion and go-to-line for the outline and
 * failing examples. The service is the one the LSP server drives (compiler/service).
 */
import {
  autocompletion,
  completionKeymap,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import {
  bracketMatching,
  defaultHighlightStyle,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { linter, lintGutter, type Diagnostic as CmDiagnostic } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState } from "@codemirror/state";
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  hoverTooltip,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { DRAFT_URI, type StudioSession } from "./engine.js";
import { rulesLanguage } from "./highlight.js";

export interface EditorOptions {
  parent: HTMLElement;
  text: string;
  bench: StudioSession;
  /** Called on every change of the text (the page debounces its panes). */
  onChange: (text: string) => void;
  /** Milliseconds of quiet before the lint pass runs. */
  lintDelay?: number;
}

/** A hover's Markdown as plain DOM: code spans and bold become elements, nothing is parsed as HTML. */
export function markdownNode(md: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "hover";
  for (const para of md.split(/\n{2,}/)) {
    const p = document.createElement(para.startsWith("```") ? "pre" : "p");
    const text = para.replace(/^```\w*\n?|```$/g, "");
    if (p.tagName === "PRE") {
      p.textContent = text;
    } else {
      for (const part of text.split(/(`[^`]+`|\*\*[^*]+\*\*)/)) {
        if (part.startsWith("`") && part.endsWith("`") && part.length > 1)
          p.append(
            Object.assign(document.createElement("code"), { textContent: part.slice(1, -1) }),
          );
        else if (part.startsWith("**") && part.endsWith("**") && part.length > 3)
          p.append(
            Object.assign(document.createElement("strong"), {
              textContent: unescapeMarkdown(part.slice(2, -2)),
            }),
          );
        else p.append(unescapeMarkdown(part));
      }
    }
    box.append(p);
  }
  return box;
}

/** Markdown's backslash escapes (`\[6.1\]`) as the characters they stand for. */
export function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, "$1");
}

const KIND_TYPE: Record<string, string> = {
  keyword: "keyword",
  rule: "function",
  predicate: "function",
  table: "class",
  enum: "enum",
  member: "enum",
  group: "type",
  measure: "type",
  field: "property",
  section: "namespace",
  constraint: "function",
  snippet: "text",
  input: "variable",
};

/** LSP snippet syntax (`${1:name}`, `$0`) as plain text: the placeholders' defaults. */
function snippetText(s: string): string {
  return s.replace(/\$\{\d+:([^}]*)\}/g, "$1").replace(/\$\d+/g, "");
}

export function createEditor(opts: EditorOptions): EditorView {
  const { bench } = opts;
  const lint = linter(
    (view) => {
      bench.setText(view.state.doc.toString());
      const len = view.state.doc.length;
      return bench.diagnostics().map(
        (d): CmDiagnostic => ({
          from: Math.min(d.start, len),
          to: Math.min(Math.max(d.end, d.start), len),
          severity: d.severity,
          source: d.code,
          message: d.message + (d.hint ? `\nhint: ${d.hint}` : ""),
        }),
      );
    },
    { delay: opts.lintDelay ?? 120 },
  );
  const hover = hoverTooltip((view, pos) => {
    bench.setText(view.state.doc.toString());
    const h = bench.service.hover(DRAFT_URI, pos);
    if (!h) return null;
    return {
      pos: h.start,
      end: h.end,
      above: true,
      create: () => ({ dom: markdownNode(h.contents) }),
    };
  });
  const complete = (ctx: CompletionContext): CompletionResult | null => {
    const word = ctx.matchBefore(/[A-Za-z_][A-Za-z0-9_-]*/);
    if (!word && !ctx.explicit) return null;
    bench.setText(ctx.state.doc.toString());
    const items = bench.service.complete(DRAFT_URI, ctx.pos);
    if (items.length === 0) return null;
    return {
      from: word ? word.from : ctx.pos,
      options: items.map(
        (c): Completion => ({
          label: c.label,
          type: KIND_TYPE[c.kind] ?? "text",
          ...(c.detail ? { detail: c.detail } : {}),
          ...(c.documentation ? { info: c.documentation } : {}),
          apply: c.insertText ? (c.snippet ? snippetText(c.insertText) : c.insertText) : c.label,
        }),
      ),
      validFor: /^[A-Za-z0-9_-]*$/,
    };
  };
  const state = EditorState.create({
    doc: opts.text,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightActiveLine(),
      history(),
      bracketMatching(),
      highlightSelectionMatches(),
      indentUnit.of("  "),
      rulesLanguage,
      syntaxHighlighting(defaultHighlightStyle),
      lintGutter(),
      lint,
      hover,
      autocompletion({ override: [complete] }),
      keymap.of([
        ...defaultKeymap,
        ...historyKeymap,
        ...searchKeymap,
        ...completionKeymap,
        indentWithTab,
      ]),
      // tabindex: the editor is a keyboard stop of its own (axe: a scrollable region must be reachable).
      EditorView.contentAttributes.of({
        "aria-label": "Ruleset source",
        spellcheck: "false",
        tabindex: "0",
      }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) opts.onChange(u.state.doc.toString());
      }),
    ],
  });
  return new EditorView({ state, parent: opts.parent });
}

/** Moves the cursor to `offset` (or line `line`, 1-based) and scrolls it into view. */
export function reveal(
  view: EditorView,
  at: { offset: number } | { line: number; col?: number },
): void {
  const doc = view.state.doc;
  const pos =
    "offset" in at
      ? Math.min(at.offset, doc.length)
      : Math.min(
          doc.line(Math.max(1, Math.min(at.line, doc.lines))).from + Math.max(0, (at.col ?? 1) - 1),
          doc.length,
        );
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}

/** Replaces the whole text (a new draft opened). */
export function setText(view: EditorView, text: string): void {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}
