// Preloaded into each process bench/commands.ts times (`node --import`): at exit, appends the
// process's own CPU time (user + system, ms) and peak resident memory (KB) to $VARIORUM_RUSAGE_FILE.
import { appendFileSync } from "node:fs";

const file = process.env.VARIORUM_RUSAGE_FILE;
if (file) {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    const maxRss = process.resourceUsage().maxRSS;
    appendFileSync(file, `${(cpu.user + cpu.system) / 1000} ${maxRss}\n`);
  });
}
