/**
 * Resolve pass: AST of one file (+ its `extends` chain) → one merged list of declarations.
 * What this form adds: inheritance is applied (`override` replaces, `remove` deletes, `extend`
 * edits an inherited rule's exceptions and may restate its paraphrase, new names are added), every declaration knows which ruleset
 * wrote it, and names are unique per namespace.
 */
import type {
  Decl,
  ExceptionDecl,
  ExceptionEdit,
  Header,
  OutOfScopeDecl,
  RulesFile,
  SourceDecl,
} from "../../grammar/ast.js";
import type { Diagnostic, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";

export interface Owned {
  decl: Decl;
  /** The ruleset that wrote this declaration. */
  origin: string;
  /** Its file. */
  file: string;
  /**
   * For a rule a child `extend`s: the ruleset that wrote the rule itself (whose citation style judges
   * its own citation); its exceptions each carry the ruleset that wrote them (`ExceptionDecl.origin`).
   */
  extendedFrom?: string;
  /**
   * For a rule a child `extend`s: the name of that `extend`, in the child's file. What the edit
   * causes (an unused extended predicate, an added exception that conflicts) is reported there, not
   * at the inherited definition in the parent's file (`decl.nameSpan`).
   */
  editSpan?: Span;
  /**
   * For a rule a child `extend`s: the file the rule itself is written in (its `decl`'s spans are
   * offsets there, not in `file`, the child's). Absent: `file`.
   */
  declFile?: string;
}

export interface Merged {
  header: Header;
  file: string;
  /** Ancestors, nearest first. */
  chain: string[];
  /** Declarations in definition order (parents' first). Examples are the file's own only. */
  decls: Owned[];
  /**
   * The same declarations but the examples, by namespace key (`keyOf`): the map resolve checked the
   * names against, kept so the checker's symbol table (check/scope.ts) is not built again.
   */
  byKey: ReadonlyMap<string, Owned>;
  /** For a child ruleset: the parent's merged declarations, for "changed from" reports. */
  parent: Merged | null;
  /** This file's own source indexes and out-of-scope declarations (absent: none). */
  sources?: SourceDecl[];
  outOfScope?: OutOfScopeDecl[];
}

/** Loads the AST of a parent ruleset by id (the caller owns the file system). */
export type LoadParent = (id: string) => { ast: RulesFile; diagnostics: Diagnostic[] } | null;

/** Namespace key: inputs by record, the movement binding alone, everything else by name. */
export function keyOf(d: Decl): string {
  if (d.kind === "input") return `input ${d.rec}`;
  if (d.kind === "movement") return "movement";
  if (d.kind === "remove") return d.name;
  return d.name;
}

export function resolve(
  ast: RulesFile,
  loadParent: LoadParent,
  seen: string[] = [],
): { merged: Merged | null; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const header = ast.header;
  if (!header) {
    // Located at the first definition (where the header should have been), else at 1:1.
    const first = ast.decls[0]?.span;
    const at: Span = first ?? { file: ast.path, start: 0, end: 0, line: 1, col: 1 };
    diagnostics.push(report("V0212", "noHeader", at, {}));
    return { merged: null, diagnostics };
  }
  let parent: Merged | null = null;
  if (header.extends) {
    const pid = header.extends.id;
    if (seen.includes(pid) || pid === header.id) {
      diagnostics.push(
        report("V0206", "cycle", header.extends.span, {
          id: header.id,
          chain: [...seen, header.id, pid].join(" → "),
        }),
      );
    } else {
      const loaded = loadParent(pid);
      if (!loaded) {
        diagnostics.push(
          report(
            "V0205",
            "noParent",
            header.extends.span,
            { id: pid },
            "name a ruleset under rulesets/ or rulesets/house/",
          ),
        );
      } else {
        for (const d of loaded.diagnostics) diagnostics.push(d);
        const r = resolve(loaded.ast, loadParent, [...seen, header.id]);
        for (const d of r.diagnostics) diagnostics.push(d);
        parent = r.merged;
      }
    }
  }

  const byKey = new Map<string, Owned>();
  const order: string[] = [];
  if (parent) {
    for (const o of parent.decls) {
      if (o.decl.kind === "example") continue;
      byKey.set(keyOf(o.decl), o);
      order.push(keyOf(o.decl));
    }
  }
  // The keys inherited, and those this file has defined. Without a parent (no key inherited) the keys
  // kept are all the file's own, so `own` holds only those it defined but did not keep (an `override`
  // of nothing): no set of every key is made.
  const inherited: ReadonlySet<string> | null = parent ? new Set(byKey.keys()) : null;
  const own = new Set<string>();
  const isInherited = (key: string): boolean => inherited !== null && inherited.has(key);
  /** Whether this file defined `key`, whose declaration kept so far is `kept` (`byKey`'s). */
  const isOwn = (key: string, kept: Owned | undefined): boolean =>
    inherited === null ? kept !== undefined || own.has(key) : own.has(key);
  const examples: Owned[] = [];
  for (const d of ast.decls) {
    if (d.kind === "example") {
      examples.push({ decl: d, origin: header.id, file: ast.path });
      continue;
    }
    const key = keyOf(d);
    if (d.name === "") continue;
    if (d.kind === "remove") {
      const target = byKey.get(key);
      if (!target || !isInherited(key)) {
        diagnostics.push(
          report("V0204", parent ? "noSuchDefinition" : "extendsNothing", d.nameSpan, {
            edit: "remove",
            name: d.name,
          }),
        );
      } else if (target.decl.kind !== d.target) {
        diagnostics.push(
          report("V0211", "otherKind", d.nameSpan, {
            name: d.name,
            kind: target.decl.kind,
            target: d.target,
          }),
        );
      } else {
        byKey.delete(key);
      }
      continue;
    }
    if (d.kind === "extend") {
      const target = byKey.get(key);
      if (!target || !isInherited(key)) {
        diagnostics.push(
          report("V0204", parent ? "noSuchDefinition" : "extendsNothing", d.nameSpan, {
            edit: "extend",
            name: d.name,
          }),
        );
      } else if (target.decl.kind !== "rule" && target.decl.kind !== "predicate") {
        diagnostics.push(
          report("V0211", "noExceptions", d.nameSpan, { name: d.name, kind: target.decl.kind }),
        );
      } else if (target.decl.kind !== d.target) {
        diagnostics.push(
          report(
            "V0211",
            "otherKind",
            d.nameSpan,
            { name: d.name, kind: target.decl.kind, target: d.target },
            `write \`extend ${target.decl.kind} ${d.name} { … }\``,
          ),
        );
      } else if (isOwn(key, target)) {
        diagnostics.push(report("V0202", "editedTwice", d.nameSpan, { name: d.name }));
      } else {
        own.add(key);
        const exceptions = applyEdits(
          stamp(target.decl.exceptions, target.origin),
          d.edits,
          header.id,
          d.name,
          diagnostics,
        );
        // A restated paraphrase replaces the parent's wording; without one the parent's stays.
        const meta =
          d.meta.title === null ? target.decl.meta : { ...target.decl.meta, title: d.meta.title };
        byKey.set(key, {
          decl: { ...target.decl, meta, exceptions },
          origin: header.id,
          file: ast.path,
          extendedFrom: target.extendedFrom ?? target.origin,
          editSpan: d.nameSpan,
          declFile: target.declFile ?? target.file,
        });
      }
      continue;
    }
    const prev = byKey.get(key);
    if (isOwn(key, prev)) {
      diagnostics.push(report("V0202", "definedTwice", d.nameSpan, { name: describeKey(key) }));
      continue;
    }
    if (inherited !== null) own.add(key);
    if (d.override) {
      if (!prev || !isInherited(key)) {
        if (inherited === null) own.add(key);
        diagnostics.push(
          report("V0204", parent ? "noSuchDefinition" : "extendsNothing", d.nameSpan, {
            edit: "override",
            name: describeKey(key),
          }),
        );
        continue;
      }
      if (prev.decl.kind !== d.kind) {
        diagnostics.push(
          report("V0211", "overrideKind", d.nameSpan, {
            name: describeKey(key),
            kind: prev.decl.kind,
            parent: prev.origin,
          }),
        );
        continue;
      }
    } else if (prev) {
      diagnostics.push(
        report(
          "V0203",
          "inherited",
          d.nameSpan,
          { name: describeKey(key), parent: prev.origin },
          `write \`override ${d.kind} ...\` to replace it`,
        ),
      );
      continue;
    }
    if (!prev) order.push(key);
    byKey.set(key, { decl: d, origin: header.id, file: ast.path });
  }
  // One list of the definitions kept, in order, then the examples (no filtered copy of the keys).
  const decls: Owned[] = new Array<Owned>(order.length + examples.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) {
    const o = byKey.get(order[i]!);
    if (o !== undefined) decls[n++] = o;
  }
  for (let i = 0; i < examples.length; i++) decls[n++] = examples[i]!;
  if (n < decls.length) decls.length = n;
  return {
    merged: {
      header,
      file: ast.path,
      chain: parent ? [parent.header.id, ...parent.chain] : [],
      decls,
      byKey,
      parent,
      ...(ast.sources ? { sources: ast.sources } : {}),
      ...(ast.outOfScope ? { outOfScope: ast.outOfScope } : {}),
    },
    diagnostics,
  };
}

function describeKey(key: string): string {
  return key.startsWith("input ")
    ? `the ${key.slice(6)} input`
    : key === "movement"
      ? "the movement binding"
      : key;
}

/** Exceptions marked with the ruleset that wrote them (kept where an earlier `extend` set it). */
function stamp(list: readonly ExceptionDecl[], origin: string): ExceptionDecl[] {
  return list.map((e) => ({
    ...e,
    origin: e.origin ?? origin,
    exceptions: stamp(e.exceptions, e.origin ?? origin),
  }));
}

/** Where `ref` (a label, or a citation as written: `[A4.12]`) names an exception in `list`, at any depth. */
function find(list: ExceptionDecl[], ref: string): { list: ExceptionDecl[]; index: number }[] {
  const out: { list: ExceptionDecl[]; index: number }[] = [];
  list.forEach((e, index) => {
    if (e.label === ref || `[${e.cite.text}]` === ref) out.push({ list, index });
    out.push(...find(e.exceptions, ref));
  });
  return out;
}

/**
 * An inherited rule's exceptions after a child's edits, in order: `exception …` is added after the
 * inherited ones, `override exception REF …` replaces the one REF names (its label, else its
 * citation) where it stands, `remove exception REF` deletes it. A REF that names none, or more than
 * one, is V0204.
 */
function applyEdits(
  inherited: ExceptionDecl[],
  edits: readonly ExceptionEdit[],
  origin: string,
  rule: string,
  diagnostics: Diagnostic[],
): ExceptionDecl[] {
  const out = inherited;
  for (const edit of edits) {
    if (edit.e === "add") {
      out.push(...stamp([edit.exception], origin));
      continue;
    }
    const hits = find(out, edit.ref);
    if (hits.length !== 1) {
      const names = out.flatMap(function names(e): string[] {
        return [e.label ?? `[${e.cite.text}]`, ...e.exceptions.flatMap(names)];
      });
      diagnostics.push(
        report(
          "V0204",
          hits.length === 0 ? "noException" : "ambiguousException",
          edit.span,
          { rule, ref: edit.ref, count: hits.length },
          names.length > 0 ? `its exceptions: ${names.join(", ")}` : `${rule} has no exceptions`,
        ),
      );
      continue;
    }
    const { list, index } = hits[0]!;
    if (edit.e === "remove") list.splice(index, 1);
    else list[index] = stamp([edit.exception], origin)[0]!;
  }
  return out;
}
