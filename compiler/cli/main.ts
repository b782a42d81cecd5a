/**
 * The `variorum` command line. `main(argv)` never throws: a user's mistake is a diagnostic or a usage
 * message (exit 1 or 2), anything else is `variorum: internal error: …` (exit 70; set VARIORUM_DEBUG=1
 * for the stack). Command modules are imported lazily so that `variorum check` loads no emitter.
 */

import { Command, CommanderError } from "commander";
import { processCtx, type Ctx } from "./context.js";
import { RatOverflow } from "../../runtime/rational.js";
import { safeLine, safeText, terminalText } from "../../diagnostics/safe-text.js";
import { EXIT, UsageError } from "./errors.js";
import { displayPath } from "../node/paths.js";
import { WriteError } from "../node/write.js";
import { packageVersion } from "./project.js";

/** A repeatable option's values, in the order given. */
/** `--aboard`, as `reach` and `diff --map` both take it: flag and description. */
const ABOARD_OPTION = [
  "--aboard",
  "the unit starts aboard the map's vehicle in the --from hex: it gets off first, then moves",
] as const;

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function program(ctx: Ctx, setCode: (n: number) => void): Command {
  /** Runs a command once, or with `--watch` again on every change of the rulesets it reads. */
  const watching = async (
    rulesets: string[],
    opts: { watch?: boolean },
    run: () => number | Promise<number>,
  ): Promise<number> => {
    if (!opts.watch) return run();
    const [{ watchRun }, { fsHost }, { refsFor }] = await Promise.all([
      import("./watch.js"),
      import("./host.js"),
      import("./load.js"),
    ]);
    const host = fsHost(ctx.root, ctx.built);
    return watchRun(refsFor(rulesets, host, ctx), host, run, ctx);
  };

  const p = new Command("variorum");
  p.description(
    "Compile wargame movement rules: checks, typed modules, worked examples, scenario evaluation, side-by-side diffs between editions and reference cards.",
  )
    .version(packageVersion(ctx.root), "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.out(s),
      writeErr: (s) => ctx.err(s),
      outputError: (s, write) => write(ctx.cErr.red(s.replace(/^error: /, "variorum: error: "))),
    })
    .showHelpAfterError("(run `variorum --help` for usage)")
    .showSuggestionAfterError(true);

  p.command("compile")
    .showHelpAfterError("(run `variorum compile --help` for usage)")
    .description(
      "compile rulesets to TypeScript modules in generated/ (default: every ruleset under rulesets/)",
    )
    .argument("[rulesets...]", "ruleset ids or paths to .rules files")
    .option("--out <dir>", "write the modules to this folder instead of generated/")
    .option("--check", "write nothing; list stale files and exit 1 if there are any")
    .action(async (rulesets: string[], opts: { out?: string; check?: boolean }) => {
      const { compile } = await import("./compile.js");
      setCode(await compile(rulesets, opts, ctx));
    });

  p.command("check")
    .showHelpAfterError("(run `variorum check --help` for usage)")
    .description("report the diagnostics of rulesets (default: all); exit 1 on any error")
    .argument("[rulesets...]", "ruleset ids or paths to .rules files")
    .option(
      "--watch",
      "check again whenever a ruleset (or a file it extends) changes; Ctrl-C to stop",
    )
    .action(async (rulesets: string[], opts: { watch?: boolean }) => {
      const { check } = await import("./check.js");
      setCode(await watching(rulesets, opts, () => check(rulesets, ctx)));
    });

  p.command("test")
    .showHelpAfterError("(run `variorum test --help` for usage)")
    .description(
      "run the rulesets' embedded examples (default: all); last line `N passed, N failed`",
    )
    .argument("[rulesets...]", "ruleset ids or paths to .rules files")
    .option(
      "--watch",
      "run the examples again whenever a ruleset (or a file it extends) changes; Ctrl-C to stop",
    )
    .action(async (rulesets: string[], opts: { watch?: boolean }) => {
      const { test } = await import("./test.js");
      setCode(await watching(rulesets, opts, () => test(rulesets, ctx)));
    });

  p.command("list")
    .showHelpAfterError("(run `variorum list --help` for usage)")
    .description(
      "list the bundled rulesets and house rules, and the .rules files under the paths given",
    )
    .argument("[paths...]", ".rules files or folders to search as well")
    .option("--json", "print the list as JSON")
    .action(async (paths: string[], opts: { json?: boolean }) => {
      const { list } = await import("./list.js");
      setCode(list(paths, opts, ctx));
    });

  p.command("eval")
    .showHelpAfterError("(run `variorum eval --help` for usage)")
    .description("evaluate a scenario (JSON) under one or more rulesets")
    .argument("<rulesets>", "comma-separated ruleset ids or .rules paths, e.g. sl-classic,asl-a4")
    .argument("<scenario>", "scenario JSON file")
    .option("--json", 'print { "scenario": …, "results": [ … ] } as JSON')
    .option(
      "--unit <ID=json>",
      "ask ruleset ID with this unit instead of the scenario's (repeatable)",
      collect,
      [],
    )
    .action(
      async (rulesets: string, scenario: string, opts: { json?: boolean; unit?: string[] }) => {
        const { evaluate } = await import("./eval.js");
        setCode(await evaluate(rulesets, scenario, opts, ctx));
      },
    );

  p.command("reach")
    .showHelpAfterError("(run `variorum reach --help` for usage)")
    .description("every hex a unit can reach on a map, per ruleset, side by side")
    .argument("<rulesets>", "comma-separated ruleset ids or .rules paths, e.g. sl-classic,asl-a4")
    .argument("<map>", "map JSON file, e.g. maps/crossroads.json")
    .option("--from <hex>", "the hex the unit starts in, e.g. B3 (not with --all)")
    .option(
      "--unit <json>",
      'the unit, as a scenario\'s "unit" record (default {"kind":"squad"}); ID=JSON gives ruleset ID its own (repeatable)',
      collect,
      [],
    )
    .option("--all", "every unit the map places (its `units`), with stacking per hex")
    .option("--side <side>", "with --all: the side whose units move, friendly (default) or enemy")
    .option("--phase <phase>", "movement or advance", "movement")
    .option(
      "--format <format>",
      "text, json, svg or html (default: from -o's extension, else text)",
    )
    .option("-o, --output <file>", "write to a file instead of standard output")
    .option("--summary", "counts, cost bands and the furthest hexes instead of every hex")
    .option(...ABOARD_OPTION)
    .action(async (rulesets: string, map: string, opts: import("./reach.js").ReachCliOptions) => {
      const { reach } = await import("./reach.js");
      setCode(await reach(rulesets, map, opts, ctx));
    });

  p.command("diff")
    .showHelpAfterError("(run `variorum diff --help` for usage)")
    .description("side-by-side report of two or more rulesets, aligned by concept")
    .argument("<rulesets...>", "two or more ruleset ids or .rules paths, e.g. sl-classic asl-a4")
    .option("--format <format>", "text, md, html or json (default: from -o's extension, else text)")
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .option(
      "--only-differences",
      "keep only the changed rows (and the scenarios whose verdicts differ)",
    )
    .option(
      "--include-partial",
      "with --only-differences: keep the rows some rulesets lack (and one-sided scenarios) too",
    )
    .option("--scenarios <dir>", "add a verdict table for every scenario JSON file in this folder")
    .option(
      "--map <file>",
      'add "reach on the map": the hexes a unit can reach under each ruleset (with --from)',
    )
    .option("--from <hex>", "with --map: the hex the unit starts in")
    .option(
      "--unit <json>",
      'with --map: the unit, as a scenario\'s "unit" record (default {"kind":"squad"})',
    )
    .option("--phase <phase>", "with --map: movement or advance")
    .option(ABOARD_OPTION[0], `with --map: ${ABOARD_OPTION[1]}`)
    .option(
      "--watch",
      "rebuild the report whenever a ruleset (or a file it extends) changes; Ctrl-C to stop",
    )
    .action(
      async (
        rulesets: string[],
        opts: {
          format?: string;
          output?: string;
          onlyDifferences?: boolean;
          includePartial?: boolean;
          scenarios?: string;
          watch?: boolean;
          map?: string;
          from?: string;
          unit?: string;
          phase?: string;
          aboard?: boolean;
        },
      ) => {
        const { diff } = await import("./diff.js");
        setCode(await watching(rulesets, opts, () => diff(rulesets, opts, ctx)));
      },
    );

  p.command("card")
    .showHelpAfterError("(run `variorum card --help` for usage)")
    .description(
      "printable reference card of one ruleset; a house rule marks what differs from its base",
    )
    .argument("<ruleset>", "ruleset id or path to a .rules file, e.g. asl-a4")
    .option("--format <format>", "html, md or pdf (default: from the -o extension, else html)")
    .option(
      "-o, --output <file>",
      "write the card to a file instead of standard output (needed for pdf)",
    )
    .option(
      "--full",
      "the full card: every rule with its value, exceptions and conditions (default: the one-page player's card)",
    )
    .option("--paper <size>", "a4 or letter: the page size of a pdf (default: a4)")
    .option(
      "--watch",
      "rebuild the card whenever the ruleset (or a file it extends) changes; Ctrl-C to stop",
    )
    .action(
      async (
        ruleset: string,
        opts: { format?: string; output?: string; full?: boolean; paper?: string; watch?: boolean },
      ) => {
        const { card } = await import("./card.js");
        setCode(await watching([ruleset], opts, () => card(ruleset, opts, ctx)));
      },
    );

  p.command("coverage")
    .showHelpAfterError("(run `variorum coverage --help` for usage)")
    .description(
      "every paragraph of a ruleset's source text: encoded, examples only, out of scope or missing; exit 1 if any is missing",
    )
    .argument("<ruleset>", "ruleset id or path to a .rules file, e.g. sl-classic")
    .option(
      "--format <format>",
      "text, md, html or json (default: from the -o extension, else text)",
    )
    .option("-o, --output <file>", "write the report to a file instead of standard output")
    .action(async (ruleset: string, opts: { format?: string; output?: string }) => {
      const { coverage } = await import("./coverage.js");
      setCode(await coverage(ruleset, opts, ctx));
    });

  p.command("explain")
    .showHelpAfterError("(run `variorum explain --help` for usage)")
    .description("explain a diagnostic code: what it means, a wrong and a right snippet")
    .argument("[code]", "a diagnostic code, e.g. V0601")
    .option("--all", "every code (as Markdown with --format md: docs/diagnostics.md)")
    .option("--format <format>", "text or md (default: text)")
    .action(async (code: string | undefined, opts: { all?: boolean; format?: string }) => {
      const { explain } = await import("./explain.js");
      setCode(explain(code, opts, ctx));
    });

  p.command("lsp")
    .showHelpAfterError("(run `variorum lsp --help` for usage)")
    .description(
      "run the language server (diagnostics, hover, definition, completion…) for editors",
    )
    .option("--stdio", "speak the Language Server Protocol over standard input and output")
    .action(async (opts: { stdio?: boolean }) => {
      const { lsp } = await import("./lsp.js");
      setCode(await lsp(opts, ctx.root));
    });

  p.command("studio")
    .showHelpAfterError("(run `variorum studio --help` for usage)")
    .description(
      "serve the authoring page on 127.0.0.1; with FILE, save its text back to FILE on every change",
    )
    .argument("[file]", "the .rules file to edit (saved in place)")
    .option("--port <n>", "the port to listen on (0: any free port)", "7313")
    .option("--no-open", "do not open the page in a browser")
    .action(async (file: string | undefined, opts: { port?: string; open?: boolean }) => {
      const { studio } = await import("./studio.js");
      setCode(await studio(file, opts, ctx));
    });

  p.command("new")
    .showHelpAfterError("(run `variorum new --help` for usage)")
    .description("write a commented house-rule skeleton that extends a ruleset and checks clean")
    .argument("<id>", "the new ruleset id, e.g. my-house")
    .requiredOption("--extends <base>", "the ruleset it starts from, e.g. asl-a4")
    .option("-o, --output <file>", "write to this file (default: ID.rules in the current folder)")
    .action(async (id: string, opts: { extends: string; output?: string }) => {
      const { newRuleset } = await import("./new.js");
      setCode(newRuleset(id, opts, ctx));
    });

  return p;
}

/**
 * The printing boundary: everything a command writes passes through the one sanitiser, so no command
 * can echo an argument, a path or a name with ESC, BEL or CR in it raw to the terminal. Tabs and line
 * feeds stay; the CLI's own colours survive on a coloured stream (`terminalText`).
 */
function safeCtx(ctx: Ctx): Ctx {
  const colourOut = ctx.cOut.isColorSupported;
  const colourErr = ctx.cErr.isColorSupported;
  return {
    ...ctx,
    out: (t) => ctx.out(terminalText(t, colourOut)),
    err: (t) => ctx.err(terminalText(t, colourErr)),
  };
}

/** Runs the command line; resolves to the exit code. */
export async function run(argv: readonly string[], given: Ctx = processCtx()): Promise<number> {
  const ctx = safeCtx(given);
  let code: number = EXIT.ok;
  try {
    const p = program(ctx, (n) => (code = n));
    if (argv.length === 0) {
      ctx.err(p.helpInformation());
      return EXIT.usage;
    }
    await p.parseAsync([...argv], { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version "fail" with exit code 0; every other commander error is a usage error.
      return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (e instanceof WriteError) {
      ctx.err(
        `${ctx.cErr.red("variorum: error:")} ${safeLine(`cannot write ${displayPath(e.file, ctx.cwd)}: ${e.reason}`)}\n`,
      );
      return EXIT.failed;
    }
    if (e instanceof RatOverflow) {
      // The ruleset's own arithmetic (e.g. 10^9 × 10^9): the user's input, not a bug.
      ctx.err(`${ctx.cErr.red("variorum: error:")} ${e.message}\n`);
      return EXIT.failed;
    }
    if (e instanceof UsageError) {
      ctx.err(`${ctx.cErr.red("variorum: error:")} ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

/** Entry point for bin/variorum.js: runs and sets the process exit code; never throws. */
export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // A closed pipe (`variorum eval … | head`) is not an error.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0);
  });
  try {
    process.exitCode = await run(argv);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`variorum: internal error: ${safeLine(message)}\n`);
    if (process.env.VARIORUM_DEBUG && e instanceof Error && e.stack)
      process.stderr.write(safeText(e.stack) + "\n");
    else
      process.stderr.write(
        "(this is a bug in variorum; set VARIORUM_DEBUG=1 to see where it happened)\n",
      );
    process.exitCode = EXIT.internal;
  }
}

/**
 * For scripts/build.mjs, run through the CLI's bundle: builds the front-end results of the package's
 * own rulesets (compiler/node/front-cache.ts) with this build's id. Returns the ids built.
 */
export async function buildFrontCache(root: string): Promise<string[]> {
  const [{ writeBuiltFronts }, { nodeHost, rulesetFolders }] = await Promise.all([
    import("../node/front-cache-build.js"),
    import("../node/host.js"),
  ]);
  return writeBuiltFronts(root, nodeHost(rulesetFolders(root)));
}
