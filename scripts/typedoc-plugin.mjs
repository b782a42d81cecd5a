// A TypeDoc plugin for docs/api (typedoc.json): each module named by the path a user imports it by
// (`variorum/rules/sl-classic`, not the file `generated/sl-classic`: the generated modules carry no
// `@module` tag), and the error classes without what they inherit from Node's `Error`
// (`captureStackTrace`, `prepareStackTrace`, `stackTraceLimit`: Node's, repeated on every class).
import { Converter, ReflectionKind } from "typedoc";

const NODE_ERROR_STATICS = new Set(["captureStackTrace", "prepareStackTrace", "stackTraceLimit"]);

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const m of project.getReflectionsByKind(ReflectionKind.Module)) {
      const generated = /^generated\/(.+)$/.exec(m.name);
      if (generated) m.name = `variorum/rules/${generated[1]}`;
    }
    for (const r of project.getReflectionsByKind(ReflectionKind.Property | ReflectionKind.Method))
      if (NODE_ERROR_STATICS.has(r.name) && r.inheritedFrom !== undefined)
        project.removeReflection(r);
  });
}
