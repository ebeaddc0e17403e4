/** Milliseconds per unit accepted by Go's `time.ParseDuration`. */
const unitMs: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3, // U+00B5 micro sign
  'μs': 1e-3, // U+03BC Greek mu
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * Parses a Go duration (`300ms`, `1.5h`, `2h45m`, `-5m0s`, `0`) into milliseconds, possibly
 * fractional (`1ns` = 1e-6). Error messages are Go's: `time: invalid duration "x"`,
 * `time: missing unit in duration "5"`, `time: unknown unit "d" in duration "1d"`.
 */
export function parseDuration(text: string): number {
  const quoted = JSON.stringify(text);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw new Error(`time: invalid duration ${quoted}`);
  let total = 0;
  while (rest !== '') {
    const match = /^(\d*)(?:\.(\d*))?([^\d.]*)/.exec(rest);
    const [whole, integer = '', fraction, unit = ''] = match ?? [];
    if (whole === undefined || (integer === '' && (fraction ?? '') === '')) {
      throw new Error(`time: invalid duration ${quoted}`);
    }
    if (unit === '') throw new Error(`time: missing unit in duration ${quoted}`);
    const perUnit = unitMs[unit];
    if (perUnit === undefined) throw new Error(`time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`);
    total += Number(`${integer || '0'}.${fraction ?? ''}0`) * perUnit;
    rest = rest.slice(whole.length);
  }
  return sign * total;
}

/**
 * Formats milliseconds the way Go's `Duration.String` does (`5m0s`, `1h0m0s`, `1.5s`, `300ms`,
 * `0s`), for flag defaults in help text.
 */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1) return abs * 1000 < 1 ? `${sign}${trim(abs * 1e6)}ns` : `${sign}${trim(abs * 1000)}µs`;
  if (abs < 1000) return `${sign}${trim(abs)}ms`;
  const hours = Math.floor(abs / 3_600_000);
  const minutes = Math.floor((abs % 3_600_000) / 60_000);
  const seconds = `${trim((abs % 60_000) / 1000)}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

/** Up to nine decimals, trailing zeros dropped (floating-point noise from unit conversion removed). */
function trim(value: number): string {
  return String(Number(value.toFixed(9)));
}
