// The field manager of a write that names none (1-conventions rule 2): derived from the user agent as
// upstream's prefixFromUserAgent does: `kubectl/v1.32.4 (linux/amd64) kubernetes/abc` -> `kubectl`.

/** Upstream FieldManagerMaxLength, in bytes. */
const FIELD_MANAGER_MAX_BYTES = 128;

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** The text before the first `/`, without unprintable characters, cut to 128 bytes. */
export function managerFromUserAgent(userAgent: string | undefined): string {
  const prefix = (userAgent ?? '').split('/')[0] ?? '';
  let out = '';
  let bytes = 0;
  for (const ch of prefix) {
    if (!PRINTABLE.test(ch)) continue;
    const size = Buffer.byteLength(ch, 'utf8');
    if (bytes + size > FIELD_MANAGER_MAX_BYTES) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** The request's `fieldManager`, else the one derived from its user agent (upstream managerOrUserAgent). */
export function managerOrUserAgent(fieldManager: string | undefined, userAgent: string | undefined): string {
  return fieldManager ? fieldManager : managerFromUserAgent(userAgent);
}
