// `[]byte` fields travel as standard padded base64. Upstream decodes them with Go's
// base64.StdEncoding, whose error (`illegal base64 data at input byte N`) the API returns verbatim;
// this reproduces its acceptance rules (CR and LF ignored, padding required) and its error offsets.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALID = new Uint8Array(256);
for (const char of ALPHABET) VALID[char.charCodeAt(0)] = 1;

const NEWLINE = (byte: number | undefined): boolean => byte === 0x0a || byte === 0x0d;
const PAD = 0x3d;

/** The byte offset Go reports for invalid base64, or undefined when the text is valid. */
export function base64ErrorOffset(text: string): number | undefined {
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    const result = decodeQuantum(src, si);
    if (result.error !== undefined) return result.error;
    if (result.next === si) break;
    si = result.next;
  }
  return undefined;
}

/** One step of Go's decodeQuantum: up to four symbols, with padding and trailing-garbage checks. */
function decodeQuantum(src: Buffer, start: number): { next: number; error?: number } {
  let si = start;
  for (let j = 0; j < 4; j++) {
    if (si === src.length) {
      // Input ended inside a quantum: padding was required.
      return j === 0 ? { next: si } : { next: si, error: si - j };
    }
    const byte = src[si] as number;
    si++;
    if (VALID[byte] === 1) continue;
    if (NEWLINE(byte)) {
      j--;
      continue;
    }
    if (byte !== PAD) return { next: si, error: si - 1 };
    return afterPadding(src, si, j);
  }
  return { next: si };
}

function afterPadding(src: Buffer, afterFirstPad: number, j: number): { next: number; error?: number } {
  let si = afterFirstPad;
  if (j === 0 || j === 1) return { next: si, error: si - 1 };
  if (j === 2) {
    // "==" expected: the first "=" is consumed, look for the second.
    while (si < src.length && NEWLINE(src[si])) si++;
    if (si === src.length) return { next: si, error: src.length };
    if (src[si] !== PAD) return { next: si, error: si - 1 };
    si++;
  }
  while (si < src.length && NEWLINE(src[si])) si++;
  return si < src.length ? { next: si, error: si } : { next: si };
}

/** Go's message for invalid base64 at `offset`. */
export function base64ErrorMessage(offset: number): string {
  return `illegal base64 data at input byte ${offset}`;
}

/** Re-encodes valid base64 canonically (newlines dropped, as Go's decode-then-encode does). */
export function canonicalBase64(text: string): string {
  return Buffer.from(text, 'base64').toString('base64');
}
