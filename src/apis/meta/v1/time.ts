// meta/v1 Time and MicroTime as Go sees them: an absent value and Go's zero time (0001-01-01) are
// both "zero", and equality is semantic (the same instant, to the microsecond), not textual. Time is
// written as RFC 3339 in UTC with second precision (`2026-11-21T15:04:05Z`).

/** 0001-01-01T00:00:00Z, Go's zero `time.Time` (what a Go client sends for an unset Time). */
const GO_ZERO_TIME_MS = Date.parse('0001-01-01T00:00:00Z');

/** True for an absent or empty timestamp, an unparseable one, or Go's zero time: upstream's IsZero. */
export function isZeroTime(timestamp: unknown): boolean {
  if (typeof timestamp !== 'string' || timestamp === '') return true;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) || ms <= GO_ZERO_TIME_MS;
}

/** Microseconds since the epoch (Date keeps only milliseconds; MicroTime needs the next three digits). */
function epochMicros(timestamp: string): number {
  const fraction = /\.(\d+)/.exec(timestamp)?.[1] ?? '';
  const seconds = Date.parse(timestamp.replace(/\.\d+/, ''));
  return seconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** Upstream semantic equality of two Time/MicroTime values: zero equals zero, otherwise the same instant. */
export function sameInstant(a: unknown, b: unknown): boolean {
  const zeroA = isZeroTime(a);
  const zeroB = isZeroTime(b);
  if (zeroA || zeroB) return zeroA === zeroB;
  return epochMicros(a as string) === epochMicros(b as string);
}

/** Kubernetes timestamps are RFC 3339 with second precision in UTC. */
export function nowTimestamp(now = new Date()): string {
  // Every write formats one or two: the text of the last second is kept (formatting costs ~1 µs).
  const second = Math.floor(now.getTime() / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return lastText;
}
let lastSecond = Number.NaN;
let lastText = '';
