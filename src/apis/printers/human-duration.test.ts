import { test } from 'node:test';
import assert from 'node:assert/strict';
import { humanDuration, translateTimestampSince } from './human-duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

// Expected strings from upstream duration.HumanDuration's behaviour at each boundary.
const cases: [number, string][] = [
  [-2 * s, '<invalid>'],
  [-1999, '0s'],
  [-1 * s, '0s'],
  [-999, '0s'],
  [0, '0s'],
  [999, '0s'],
  [5 * s, '5s'],
  [119 * s, '119s'],
  [120 * s, '2m'],
  [3 * m + 2 * s, '3m2s'],
  [9 * m + 59 * s, '9m59s'],
  [10 * m + 30 * s, '10m'],
  [179 * m + 59 * s, '179m'],
  [3 * h, '3h'],
  [3 * h + 5 * m, '3h5m'],
  [7 * h + 59 * m, '7h59m'],
  [8 * h + 30 * m, '8h'],
  [47 * h + 59 * m, '47h'],
  [2 * d, '2d'],
  [2 * d + 3 * h, '2d3h'],
  [7 * d + 23 * h, '7d23h'],
  [8 * d + 5 * h, '8d'],
  [729 * d, '729d'],
  [730 * d, '2y'],
  [730 * d + 10 * d, '2y10d'],
  [8 * 365 * d - d, '7y364d'],
  [8 * 365 * d, '8y'],
  [20 * 365 * d + 40 * d, '20y'],
];

test('humanDuration matches upstream at every boundary', () => {
  for (const [ms, want] of cases) assert.equal(humanDuration(ms), want, `${ms}ms`);
});

test('translateTimestampSince renders ages and <unknown>', () => {
  const now = new Date('2024-05-10T12:00:00Z');
  assert.equal(translateTimestampSince('2024-05-10T11:59:55Z', now), '5s');
  assert.equal(translateTimestampSince('2024-05-10T11:56:58Z', now), '3m2s');
  assert.equal(translateTimestampSince('2024-05-08T12:00:00Z', now), '2d');
  assert.equal(translateTimestampSince('2024-05-10T11:59:59.500000Z', now), '0s');
  assert.equal(translateTimestampSince(undefined, now), '<unknown>');
  assert.equal(translateTimestampSince(null, now), '<unknown>');
  assert.equal(translateTimestampSince('', now), '<unknown>');
  assert.equal(translateTimestampSince('0001-01-01T00:00:00Z', now), '<unknown>');
  assert.equal(translateTimestampSince('not a time', now), '<unknown>');
});
