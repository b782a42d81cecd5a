/**
 * A draft in a link: its text deflated (CompressionStream, 'deflate-raw') and base64url-encoded for
 * the URL fragment, which browsers never send to a server. Reading a link inflates it as a stream and
 * stops at MAX_DRAFT_BYTES, so a small link that inflates to gigabytes (a deflate bomb) is refused
 * after reading at most that much, instead of freezing or crashing the tab.
 */

/** The most a share link may inflate to: 4 MiB, twice the largest file the studio server saves. */
export const MAX_DRAFT_BYTES = 4 * 1024 * 1024;

/** What a share link held: its draft, or why it could not be read. */
export type SharedDraft =
  | { ok: true; text: string }
  | { ok: false; reason: "too-large" | "unreadable" };

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function through(
  bytes: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export async function encodeDraft(text: string): Promise<string> {
  return toBase64Url(
    await through(new TextEncoder().encode(text), new CompressionStream("deflate-raw")),
  );
}

/** Inflates `bytes`, reading no more than `limit` bytes of output; null when there is more. */
async function inflateAtMost(
  bytes: Uint8Array<ArrayBuffer>,
  limit: number,
): Promise<Uint8Array | null> {
  const reader = new Blob([bytes])
    .stream()
    .pipeThrough(new DecompressionStream("deflate-raw"))
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The draft a fragment carries; or "too-large" past MAX_DRAFT_BYTES, "unreadable" when cut short or not ours. */
export async function decodeDraft(fragment: string, limit = MAX_DRAFT_BYTES): Promise<SharedDraft> {
  try {
    const bytes = await inflateAtMost(fromBase64Url(fragment), limit);
    if (bytes === null) return { ok: false, reason: "too-large" };
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
