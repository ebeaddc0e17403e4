// Go's fmt rendering of decoded JSON values, for upstream's error messages: `%v` prints a map as
// `map[k:v ...]` with sorted keys, a slice as `[a b]`, nil as `<nil>`; `%s` of a non-string
// prints `%!s(int64=1)`.
import { goKind } from './go-values.js';

/** Go's `%v` of a float64: shortest digits, exponent form below 1e-4 and from 1e6 on (`1e+06`). */
function goFloat(value: number): string {
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return String(value);
}

function scalar(value: unknown): string {
  switch (goKind(value)) {
    case 'nil':
      return '<nil>';
    case 'float64':
      return goFloat(value as number);
    default:
      return String(value);
  }
}

function render(value: unknown, leaf: (v: unknown) => string): string {
  if (Array.isArray(value)) return `[${value.map((item) => render(item, leaf)).join(' ')}]`;
  if (goKind(value) === 'map') {
    const m = value as Record<string, unknown>;
    const entries = Object.keys(m)
      .sort()
      .map((k) => `${k}:${render(m[k], leaf)}`);
    return `map[${entries.join(' ')}]`;
  }
  return leaf(value);
}

/** `fmt.Sprintf("%v", value)` for a decoded JSON value. */
export function goFormat(value: unknown): string {
  return render(value, scalar);
}

/** `fmt.Sprintf("%s", value)`: strings as is, other scalars as Go's `%!s(type=value)`. */
export function goFormatString(value: unknown): string {
  return render(value, (v) => {
    const kind = goKind(v);
    if (kind === 'string') return v as string;
    if (kind === 'nil') return '%!s(<nil>)';
    return `%!s(${kind}=${scalar(v)})`;
  });
}
