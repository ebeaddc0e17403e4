import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalQuantity } from './quantity-canonical.js';
import { compareQuantityValues, quantityValue, type QuantityValue } from './quantity-value.js';

// Expected texts follow upstream ParseQuantity + MarshalJSON (apimachinery resource.Quantity); the
// pairs marked "upstream" are facts from quantity_test.go (TestQuantityString's alternate -> expect,
// TestQuantityParseEmit).
const CASES: [input: string, expected: string][] = [
  // upstream TestQuantityString: alternate spellings and their canonical text
  ['1024Mi', '1Gi'],
  ['307200Ki', '300Mi'],
  ['1025024Mi', '1001Gi'],
  ['1024Gi', '1Ti'],
  ['5000m', '5'],
  ['0.5', '500m'],
  ['1000M', '1G'],
  ['0.001T', '1G'],
  ['1000u', '1m'],
  ['1.08', '1080m'],
  ['1080000000n', '1080m'],
  ['.001e12', '1e9'],
  ['0.001e0', '1e-3'],
  ['1000e-12', '1e-9'],
  ['00', '0'],
  // upstream TestQuantityString: canonical texts parse with their string kept
  ['6Ki', '6Ki'],
  ['1234567M', '1234567M'],
  ['1234567m', '1234567m'],
  ['1025', '1025'],
  ['80e-3', '80e-3'],
  ['300e6', '300e6'],
  ['1080u', '1080u'],
  ['80n', '80n'],
  // upstream TestQuantityParseEmit, and negated
  ['.001Ki', '1024m'],
  ['.000001Ki', '1024u'],
  ['.000000001Ki', '1024n'],
  ['.000000000001Ki', '2n'],
  ['-.001Ki', '-1024m'],
  ['-.000000000001Ki', '-2n'],
  ['-1024Mi', '-1Gi'],
  // decimal SI
  ['0', '0'],
  ['1000m', '1'],
  ['1500m', '1500m'],
  ['1000000', '1M'],
  ['1000k', '1M'],
  ['100k', '100k'],
  ['.5', '500m'],
  ['0.1', '100m'],
  ['1.50', '1500m'],
  ['100u', '100u'],
  ['0.0000000001', '1n'],
  ['0.5n', '1n'],
  ['1.5n', '2n'],
  ['-1.5n', '-2n'],
  ['100000000000000000000', '100E'],
  ['10E', '10E'],
  // beyond E DecimalSI has no suffix: upstream writes the mantissa alone
  ['1000E', '1'],
  ['1000000000000000000000', '1'],
  // zero in any spelling
  ['-0', '0'],
  ['+0.000', '0'],
  ['0m', '0'],
  ['0Ki', '0'],
  ['0e5', '0'],
  // texts upstream's fast path keeps as written (already canonical in shape)
  ['-1', '-1'],
  ['+1', '+1'],
  ['01', '01'],
  ['5.', '5.'],
  ['1.500', '1.500'],
  ['01Ki', '01Ki'],
  ['+1Ki', '+1Ki'],
  ['1023Ki', '1023Ki'],
  [' 1 ', '1'],
  // decimal exponent keeps its form
  ['1e3', '1e3'],
  ['1E-3', '1E-3'],
  ['1e+3', '1e+3'],
  ['1e1', '10'],
  ['1e2', '100'],
  ['12e-1', '1200e-3'],
  ['1.5e3', '1500'],
  ['1e-20', '1e-9'],
  ['1e100', '10e99'],
  // binary SI
  ['2048Ki', '2Mi'],
  ['8Ki', '8Ki'],
  ['1536Mi', '1536Mi'],
  ['1.5Gi', '1536Mi'],
  ['1.0Ki', '1Ki'],
  ['0.5Ki', '512'],
  ['0.1Ki', '102400m'],
  ['1.1Ki', '1126400m'],
  ['1Ei', '1Ei'],
  // binary quantities are capped at the int64 maximum
  ['8Ei', '9223372036854775807'],
  ['1024Ei', '9223372036854775807'],
  ['-1024Ei', '-9223372036854775807'],
];

describe('canonicalQuantity', () => {
  for (const [input, expected] of CASES) {
    it(`${JSON.stringify(input)} -> ${JSON.stringify(expected)}`, () => assert.equal(canonicalQuantity(input), expected));
  }
  for (const invalid of ['', 'abc', '1Gb', '1.2.3', '1Mi2', '1e']) {
    it(`rejects ${JSON.stringify(invalid)}`, () => assert.equal(canonicalQuantity(invalid), undefined));
  }
  it('handles huge exponents without computing their powers', () => {
    assert.equal(canonicalQuantity('1e999999999'), '1e999999999');
    assert.equal(canonicalQuantity('1e-999999999'), '1e-9');
  });
});

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DECIMAL: [string, number][] = [['n', -9], ['u', -6], ['m', -3], ['', 0], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15]];
const BINARY = ['Ki', 'Mi', 'Gi', 'Ti'];

/** A quantity whose value is a whole number of nanos and stays in range: canonical form keeps it. */
function exactQuantity(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (count: number): string => Array.from({ length: count }, () => pick('0123456789'.split(''))).join('');
  const sign = pick(['', '', '-', '+']);
  const whole = digits(Math.floor(next() * 6));
  const kind = pick(['decimal', 'binary', 'exponent'] as const);
  let suffix: string;
  let maxFraction: number;
  if (kind === 'binary') {
    suffix = pick(BINARY);
    maxFraction = 9;
  } else if (kind === 'decimal') {
    const [text, exponent] = pick(DECIMAL);
    suffix = text;
    maxFraction = 9 + exponent;
  } else {
    const exponent = Math.floor(next() * 25) - 9;
    suffix = `${pick(['e', 'E'])}${exponent}`;
    maxFraction = 9 + exponent;
  }
  const fraction = digits(Math.floor(next() * (Math.min(maxFraction, 6) + 1)));
  const number = fraction === '' ? whole || '0' : `${whole}.${fraction}`;
  return `${sign}${number}${suffix}`;
}

describe('canonicalQuantity: properties', () => {
  it('keeps the value and is idempotent', () => {
    const next = random(1);
    for (let i = 0; i < 5000; i++) {
      const input = exactQuantity(next);
      const canonical = canonicalQuantity(input);
      assert.ok(canonical !== undefined, input);
      const before = quantityValue(input) as QuantityValue;
      const after = quantityValue(canonical) as QuantityValue;
      assert.ok(after, `${input} -> ${canonical} does not parse`);
      assert.equal(compareQuantityValues(before, after), 0, `${input} -> ${canonical} changed the value`);
      assert.equal(canonicalQuantity(canonical), canonical, `${input} -> ${canonical} is not a fixed point`);
    }
  });
});
