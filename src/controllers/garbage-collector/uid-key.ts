// The graph's key for a uid: a canonical (lower-case) UUID, as the API server generates them, packed into
// a 16-character one-byte string (32 bytes of heap instead of 56 for the 36 characters). Any other uid is
// kept as it is behind U+FFFF, a character no packed key contains, so the two kinds never collide.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OTHER = '\uffff';
/** Character offsets of the hex digit pairs in a UUID's text. */
const PAIRS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

export function uidKey(uid: string): string {
  if (uid.length !== 36 || !UUID.test(uid)) return OTHER + uid;
  const codes = new Array<number>(16);
  for (let i = 0; i < 16; i++) codes[i] = parseInt(uid.substr(PAIRS[i]!, 2), 16);
  return String.fromCharCode(...codes);
}

export function uidOfKey(key: string): string {
  if (key.startsWith(OTHER)) return key.slice(1);
  let hex = '';
  for (let i = 0; i < 16; i++) {
    hex += key.charCodeAt(i).toString(16).padStart(2, '0');
    if (i === 3 || i === 5 || i === 7 || i === 9) hex += '-';
  }
  return hex;
}
