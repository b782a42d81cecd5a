/** Writing output files: only when the content changed, and atomically (temp file + rename). */

import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** True when `file` does not hold exactly `content`. */
export function isStale(file: string, content: string): boolean {
  return readIfExists(file) !== content;
}

/**
 * Writes `content` (text or bytes) to `file` unless it already holds exactly that. The new content
 * goes to a temporary file in the same folder first and is renamed over the target, so a reader never
 * sees half a file. Returns whether the file was written.
 */
export function writeIfChanged(file: string, content: string | Uint8Array): boolean {
  if (typeof content === 'string' ? !isStale(file, content) : sameBytes(file, content)) return false;
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, content);
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  }
  return true;
}

function sameBytes(file: string, bytes: Uint8Array): boolean {
  try {
    return Buffer.from(readFileSync(file)).equals(Buffer.from(bytes));
  } catch {
    return false;
  }
}
