/**
 * A draft in a link: its text deflated (CompressionStream, 'deflate-raw') and base64url-encoded for
 * the URL fragment, which browsers never send to a server.
 */

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

/** The draft a fragment carries, or null when it is not one (cut short, or not ours). */
export async function decodeDraft(fragment: string): Promise<string | null> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await through(fromBase64Url(fragment), new DecompressionStream("deflate-raw")),
    );
  } catch {
    return null;
  }
}
