import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import { exponentialBuckets, goFloat, HistogramFamily, registerFamily } from './metric-families.js';

test('floats are written as Go strconv.FormatFloat(f, g, -1) writes them', () => {
  const cases: [number, string][] = [
    [0.005, '0.005'], [1, '1'], [1.25, '1.25'], [1000, '1000'], [100000, '100000'], [131072, '131072'],
    [1e6, '1e+06'], [1e9, '1e+09'], [1234567, '1.234567e+06'], [0.0001, '0.0001'], [0.00001, '1e-05'], [2.5e-5, '2.5e-05'],
  ];
  for (const [value, text] of cases) assert.equal(goFloat(value), text, String(value));
});

test('exponential buckets as upstream ExponentialBuckets', () => {
  assert.deepEqual(exponentialBuckets(1000, 10, 7), [1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]);
  assert.deepEqual(exponentialBuckets(1024, 2, 8), [1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072]);
});

test('a registered family carries the stability prefix and renders cumulative buckets', async () => {
  const registry = new Registry();
  const family = new HistogramFamily('x_sizes', [10, 100]);
  registerFamily(registry, { name: 'x_sizes', help: 'Sizes', stability: 'ALPHA', type: 'histogram', samples: () => family.samples() });
  const series = family.series('a', () => ({ verb: 'GET', group: 'g' }));
  series.observe(5);
  series.observe(50);
  series.observe(500);
  assert.equal(family.series('a', () => ({})), series, 'a series is made once');
  const text = await registry.metrics();
  assert.ok(text.includes('# HELP x_sizes [ALPHA] Sizes'));
  assert.ok(text.includes('# TYPE x_sizes histogram'));
  assert.ok(text.includes('x_sizes_bucket{group="g",verb="GET",le="10"} 1'));
  assert.ok(text.includes('x_sizes_bucket{group="g",verb="GET",le="100"} 2'));
  assert.ok(text.includes('x_sizes_bucket{group="g",verb="GET",le="+Inf"} 3'));
  assert.ok(text.includes('x_sizes_sum{group="g",verb="GET"} 555'));
  assert.ok(text.includes('x_sizes_count{group="g",verb="GET"} 3'));
});
