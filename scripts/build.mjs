// The package's build: the compiler, the library, the runtime and the rules modules with their
// declarations (tsc -p tsconfig.build.json → dist/), then the studio page (Vite → dist/studio-page/).
// `npm pack` and `npm publish` run it as `prepack`; `npm ci` in a checkout as `prepare`, which npm also
// runs after `prepack` when packing, so `--unless-packing` skips that second build.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const packing = ["pack", "publish"].includes(process.env.npm_command ?? "");
if (process.argv.includes("--unless-packing") && packing) {
  console.log("build: already built by prepack");
  process.exit(0);
}
if (!existsSync("tsconfig.build.json")) {
  // An installed package (npm may offer to run its `prepare`): it ships built.
  console.log("build: an installed package, already built");
  process.exit(0);
}
for (const args of [
  ["tsc", "-p", "tsconfig.build.json"],
  ["node", "scripts/bundle-cli.mjs"],
  ["vite", "build", "--config", "studio/vite.config.ts"],
]) {
  console.log(`build: ${args.join(" ")}`);
  const r =
    args[0] === "node"
      ? spawnSync(process.execPath, args.slice(1), { stdio: "inherit" })
      : spawnSync("npx", ["--no-install", ...args], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
