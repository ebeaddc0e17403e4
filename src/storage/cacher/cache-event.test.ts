import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cacheEvent, eventForFilter, initialEventFor, type CacheEvent } from './cache-event.js';
import { cachedObjectOf, withRevision, type CachedObject } from './cached-object.js';

const at = (revision: number, tier: string): CachedObject =>
  cachedObjectOf('/r/o', revision, { metadata: { name: 'o', labels: { tier } } });
const web = (o: CachedObject): boolean => o.object.metadata.labels?.['tier'] === 'web';

describe('eventForFilter', () => {
  const cases: Array<{ name: string; event: () => CacheEvent; expected: string | undefined }> = [
    { name: 'ADDED matching', event: () => cacheEvent('ADDED', at(2, 'web')), expected: 'ADDED web@2' },
    { name: 'ADDED not matching', event: () => cacheEvent('ADDED', at(2, 'db')), expected: undefined },
    { name: 'MODIFIED staying in', event: () => cacheEvent('MODIFIED', at(3, 'web'), at(2, 'web')), expected: 'MODIFIED web@3' },
    { name: 'MODIFIED entering', event: () => cacheEvent('MODIFIED', at(3, 'web'), at(2, 'db')), expected: 'ADDED web@3' },
    { name: 'MODIFIED leaving', event: () => cacheEvent('MODIFIED', at(3, 'db'), at(2, 'web')), expected: 'DELETED web@3' },
    { name: 'MODIFIED staying out', event: () => cacheEvent('MODIFIED', at(3, 'db'), at(2, 'db')), expected: undefined },
    { name: 'DELETED matching', event: () => cacheEvent('DELETED', withRevision(at(2, 'web'), 4), at(2, 'web')), expected: 'DELETED web@4' },
    { name: 'DELETED not matching', event: () => cacheEvent('DELETED', withRevision(at(2, 'db'), 4), at(2, 'db')), expected: undefined },
  ];
  for (const { name, event, expected } of cases) {
    it(name, () => {
      const seen = eventForFilter(event(), web);
      const text = seen && `${seen.type} ${String(seen.object.object.metadata.labels?.['tier'])}@${seen.object.object.metadata.resourceVersion}`;
      assert.equal(text, expected);
      if (seen) assert.equal(seen.revision, Number(seen.object.object.metadata.resourceVersion));
    });
  }

  it('passes everything without a predicate, and shares derived events', () => {
    const leaving = cacheEvent('MODIFIED', at(3, 'db'), at(2, 'web'));
    assert.equal(eventForFilter(leaving, undefined), leaving);
    assert.equal(eventForFilter(leaving, web), eventForFilter(leaving, web));
  });

  it('memoizes each encoding once per event', () => {
    const event = cacheEvent('ADDED', at(2, 'web'));
    let calls = 0;
    const encode = (): string => String(++calls);
    assert.equal(event.encoded('json', encode), '1');
    assert.equal(event.encoded('json', encode), '1');
    assert.equal(event.encoded('yaml', encode), '2');
  });

  it('encodes again when asked after its memo was released, keeping nothing', () => {
    const leaving = cacheEvent('MODIFIED', at(3, 'db'), at(2, 'web'));
    const derived = eventForFilter(leaving, web) as CacheEvent;
    let calls = 0;
    const encode = (): string => String(++calls);
    assert.equal(leaving.encoded('json', encode), '1');
    assert.equal(derived.encoded('json', encode), '2');
    leaving.releaseEncodings();
    assert.equal(leaving.encoded('json', encode), '3');
    assert.equal(leaving.encoded('json', encode), '4');
    // The events derived from it for filtered watchers let theirs go too, also those derived later.
    assert.equal(derived.encoded('json', encode), '5');
    const later = eventForFilter(leaving, (o) => o.object.metadata.labels?.['tier'] === 'db') as CacheEvent;
    assert.equal(later.type, 'ADDED');
    assert.equal(later.encoded('json', encode), '6');
    assert.equal(later.encoded('json', encode), '7');
  });

  it('shares the synthetic initial ADDED of an object', () => {
    const object = at(2, 'web');
    assert.equal(initialEventFor(object), initialEventFor(object));
    assert.equal(initialEventFor(object).type, 'ADDED');
  });
});
