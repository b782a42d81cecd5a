/** Writing output files: only when the content changed, and atomically (temp file + rename). */

import {
  accessSync,
  chmodSync,
  constants,
  chownSync,
  linkSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

export function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
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
 * sees half a file. What the file was stays: its mode (a 0600 file stays 0600) and, where the process
 * may set them, its owner and group; a symbolic link stays a link (the file it points to is written);
 * a file with other hard links is written in place (editors do the same, e.g. Vim's `backupcopy=auto`),
 * so every name keeps seeing one file — at the cost of atomicity for that file alone. A file that
 * cannot be written in place (read-only, or not this process's to write) is refused, never replaced.
 * Returns whether the file was written.
 */
export function writeIfChanged(file: string, content: string | Uint8Array): boolean {
  if (isDirectory(file)) throw new WriteError(file, "it is a folder");
  if (typeof content === "string" ? !isStale(file, content) : sameBytes(file, content))
    return false;
  const target = realTarget(file);
  const was = statOrNull(target);
  if (was !== null) mayReplace(file, target, was);
  if (was !== null && was.nlink > 1) {
    try {
      writeFileSync(target, content);
    } catch (e) {
      throw WriteError.from(file, e);
    }
    return true;
  }
  const dir = dirname(target);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw WriteError.from(file, e);
  }
  const tmp = join(
    dir,
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    writeFileSync(tmp, content, was === null ? {} : { mode: was.mode & 0o7777 });
    if (was !== null) keepOwnerAndMode(tmp, was);
    renameSync(tmp, target);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw WriteError.from(file, e);
  }
  return true;
}

/** The file a path names, through symbolic links (the path itself when nothing stands there yet). */
function realTarget(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/**
 * A file is replaced only where it could be written in place: a rename needs only the folder's
 * permission, so without this a read-only file (`chmod a-w`, or one the process may not write) would
 * be replaced all the same. A file no one may write is refused for every writer, root included (as an
 * editor refuses a read-only file); one this process may not write, by the system's own check.
 */
function mayReplace(file: string, target: string, was: Stats): void {
  if ((was.mode & 0o222) === 0) throw new WriteError(file, "it is read-only");
  try {
    accessSync(target, constants.W_OK);
  } catch (e) {
    throw WriteError.from(file, e);
  }
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/**
 * The temporary file given the replaced file's mode (the umask narrowed it at creation) and, where
 * allowed, its owner: only root may give a file away, so EPERM leaves the writer's own.
 */
function keepOwnerAndMode(tmp: string, was: Stats): void {
  chmodSync(tmp, was.mode & 0o7777);
  try {
    chownSync(tmp, was.uid, was.gid);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") throw e;
  }
}

/**
 * Creates `file` with `content` only if nothing stands at that path — not a file, not a folder, not a
 * symbolic link, dangling or not (it is never followed). Exclusive and whole: the content is written
 * to a temporary file in the same folder and hard-linked to the name (link(2) fails if the name
 * exists), so no other writer can slip in between a check and the write, and no reader sees half a
 * file. Where hard links are not supported, an exclusive create (`wx`: O_CREAT|O_EXCL) is used.
 * Returns false when the name is taken.
 */
export function writeNew(file: string, content: string): boolean {
  const tmp = join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`,
  );
  try {
    writeFileSync(tmp, content, { flag: "wx" });
  } catch (e) {
    throw WriteError.from(file, e);
  }
  try {
    linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP")
      throw WriteError.from(file, e);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
  try {
    writeFileSync(file, content, { flag: "wx" });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw WriteError.from(file, e);
  }
}

/** An output file that cannot be written (a folder in the way, no permission, …): the user's error, exit 1. */
export class WriteError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`cannot write ${file}: ${reason}`);
  }

  static from(file: string, e: unknown): WriteError {
    const code = (e as NodeJS.ErrnoException | null)?.code;
    const reason =
      code === "EISDIR"
        ? "it is a folder"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : code === "EROFS"
            ? "the file system is read-only"
            : code === "ENOTDIR" || code === "EEXIST"
              ? "a file stands where a folder is needed"
              : code === "ENOSPC"
                ? "no space left on the device"
                : code === "ENAMETOOLONG"
                  ? "the name is too long"
                  : code === "ENOENT"
                    ? "the folder does not exist"
                    : null;
    if (reason === null) throw e;
    return new WriteError(file, reason);
  }
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function sameBytes(file: string, bytes: Uint8Array): boolean {
  try {
    return Buffer.from(readFileSync(file)).equals(Buffer.from(bytes));
  } catch {
    return false;
  }
}
