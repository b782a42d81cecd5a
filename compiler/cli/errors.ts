/** A mistake in how the command was invoked: printed as `variorum: error: …`, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Exit codes. */
export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 70 } as const;
