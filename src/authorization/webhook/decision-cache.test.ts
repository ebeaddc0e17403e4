import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExpiringLruCache } from './decision-cache.js';

describe('ExpiringLruCache', () => {
  it('expires each entry after its own TTL', () => {
    let clock = 0;
    const cache = new ExpiringLruCache<string>(10, () => clock);
    cache.add('a', 'A', 10);
    cache.add('b', 'B', 100);
    const reads: [number, string, string | undefined][] = [[9, 'a', 'A'], [10, 'a', undefined], [10, 'b', 'B'], [99, 'b', 'B'], [100, 'b', undefined]];
    for (const [at, key, value] of reads) {
      clock = at;
      assert.equal(cache.get(key), value, `${key} at ${at}`);
    }
    assert.equal(cache.size, 0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = new ExpiringLruCache<number>(2, () => 0);
    cache.add('a', 1, 10);
    cache.add('b', 2, 10);
    assert.equal(cache.get('a'), 1);
    cache.add('c', 3, 10);
    assert.deepEqual([cache.get('a'), cache.get('b'), cache.get('c')], [1, undefined, 3]);
  });
});
