/** For the global setups that rebuild an artifact when stale: the newest modification time under a path (0 when missing). */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((n) => newest(join(path, n))));
}
