/**
 * `variorum studio [FILE] [--port N] [--no-open]`: serves the authoring page on 127.0.0.1 and, with
 * FILE, saves the page's text back to FILE on every change. The page is Vite's build of studio/page
 * in dist/studio-page/; the first run builds it when it is missing (Vite is a dev dependency, so a
 * production install must ship the folder built). Runs until Ctrl-C (SIGINT) or SIGTERM: exit 0.
 */

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Ctx } from "./context.js";
import { EXIT, UsageError } from "./errors.js";
import { isFile } from "./project.js";
import { displayPath } from "../node/paths.js";
import { safeLine } from "../../diagnostics/safe-text.js";

export interface StudioCliOptions {
  port?: string;
  /** false with `--no-open`. */
  open?: boolean;
}

/** The folder the page is built into, under the package root. */
export function pageDir(root: string): string {
  return join(root, "dist", "studio-page");
}

/** Runs the command; resolves to the exit code when `stop` resolves (default: on SIGINT or SIGTERM). */
export async function studio(
  file: string | undefined,
  opts: StudioCliOptions,
  ctx: Ctx,
  stop?: Promise<void>,
): Promise<number> {
  const abs = file === undefined ? null : checkFile(file, ctx.cwd);
  const port = parsePort(opts.port);

  const dir = pageDir(ctx.root);
  if (!existsSync(join(dir, "index.html"))) {
    const built = await buildPage(ctx);
    if (built !== EXIT.ok) return built;
  }

  const { startStudio, PortInUse, ListenError } = await import("../../studio/server.js");
  let server: Awaited<ReturnType<typeof startStudio>>;
  try {
    server = await startStudio({ dir, file: abs, port, host: "127.0.0.1", cwd: ctx.cwd });
  } catch (e) {
    if (e instanceof PortInUse) {
      ctx.err(`variorum studio: port ${e.port} is in use; pick another with --port\n`);
      return EXIT.failed;
    }
    if (e instanceof ListenError) {
      ctx.err(`variorum studio: ${e.message}; pick another port with --port\n`);
      return EXIT.failed;
    }
    throw e;
  }

  ctx.out(`Variorum Studio: ${server.url}\n`);
  if (file !== undefined && abs !== null)
    ctx.out(`editing ${safeLine(displayPath(abs, ctx.cwd))} — saved back on every change\n`);
  if (opts.open !== false) openBrowser(server.url);

  await (stop ?? signalled());
  await server.close();
  return EXIT.ok;
}

/** FILE must be an existing `.rules` file (the same words as ruleset arguments elsewhere). */
function checkFile(file: string, cwd: string): string {
  const abs = resolve(cwd, file);
  if (!isFile(abs)) throw new UsageError(`no such ruleset file: ${safeLine(file)}`);
  if (!abs.endsWith(".rules"))
    throw new UsageError(`a ruleset file must end in .rules: ${safeLine(file)}`);
  return abs;
}

/** `--port`: an integer from 0 (any free port) to 65535; default 7313. */
function parsePort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n > 65535)
    throw new UsageError(
      `--port must be an integer from 0 to 65535 (0 picks a free port), not \`${safeLine(value)}\``,
    );
  return n;
}

/** Builds dist/studio-page/ with Vite (first run from a source checkout). */
async function buildPage(ctx: Ctx): Promise<number> {
  let vite: typeof import("vite");
  try {
    vite = await import("vite");
  } catch {
    ctx.err(
      "variorum studio: the studio page is not built and Vite is not installed; run `npm ci`, then `npm run build:studio`\n",
    );
    return EXIT.failed;
  }
  ctx.err("building the studio (first run)…\n");
  try {
    await vite.build({ configFile: join(ctx.root, "studio", "vite.config.ts"), logLevel: "warn" });
  } catch (e) {
    const message = e instanceof Error ? e.message.split("\n")[0]! : String(e);
    ctx.err(`variorum studio: cannot build the studio page: ${safeLine(message)}\n`);
    return EXIT.failed;
  }
  if (!existsSync(join(pageDir(ctx.root), "index.html"))) {
    ctx.err(
      `variorum studio: the build wrote no ${displayPath(join(pageDir(ctx.root), "index.html"), ctx.cwd)}; run \`npm run build:studio\`\n`,
    );
    return EXIT.failed;
  }
  return EXIT.ok;
}

/** Opens the URL in the default browser; any failure is ignored (the URL is printed anyway). */
function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["cmd", ["/c", "start", '""', url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { detached: true, stdio: "ignore" });
    child.on("error", () => {});
    child.unref();
  } catch {
    // no browser to open
  }
}

/** Resolves on the first SIGINT or SIGTERM (and stops listening for them). */
function signalled(): Promise<void> {
  return new Promise<void>((done) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      done();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
