// Development aid until the CLI is built: `npx vite-node scripts/dev-check.mts rulesets/x.rules`
// prints diagnostics and example results using the TypeScript sources directly.
import { loadRuleset, runExamples } from "../compiler/engine/index.js";
import { nodeHost, rulesetFolders } from "../compiler/node/host.js";

const ref = process.argv[2] ?? "rulesets/sl-classic.rules";
const r = loadRuleset(ref, nodeHost(rulesetFolders(".")));
for (const d of r.diagnostics)
  console.log(
    `${d.span?.file ?? ref}:${d.span?.line ?? 0}:${d.span?.col ?? 0}: ${d.severity} ${d.code}: ${d.message}${d.hint ? `\n  hint: ${d.hint}` : ""}`,
  );
if (r.ir) {
  const res = runExamples(r.ir, r.file);
  for (const x of res)
    if (!x.passed)
      console.log(
        `FAIL ${x.span?.file}:${x.span?.line} [${x.cite}] ${x.title}\n  ${x.failures.join("\n  ")}`,
      );
  console.log(
    `scale ${r.ir.scale}; ${res.filter((x) => x.passed).length} passed, ${res.filter((x) => !x.passed).length} failed`,
  );
}
