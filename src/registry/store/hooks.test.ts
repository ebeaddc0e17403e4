// Store hooks (upstream BeginCreate / BeginUpdate / AfterDelete): when they run and how their work is finished.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { admissionChain } from '../../admission/chain.js';
import { createMemoryBackend } from '../../storage/memory/index.js';
import { Cacher } from '../../storage/cacher/index.js';
import { keyScheme } from '../keys.js';
import type { ResourceDefinition } from '../resource-definition.js';
import { parseStored, storedJsonWithRevision } from './codec.js';
import { createStore } from './store.js';
import type { StoreHooks } from './types.js';

const write = { dryRun: false };
const cm = (name: string, data: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });

describe('store hooks', () => {
  const log: string[] = [];
  const finish = (what: string) => ({ commit: async () => void log.push(`commit ${what}`), revert: async () => void log.push(`revert ${what}`) });
  const hooks: StoreHooks = {
    beginCreate: async (obj) => (log.push(`begin create ${obj.metadata.name}`), finish(`create ${obj.metadata.name}`)),
    beginUpdate: async (obj) => (log.push(`begin update ${obj['data'] ? JSON.stringify(obj['data']) : ''}`), finish('update')),
    afterDelete: async (obj) => void log.push(`deleted ${obj.metadata.name}`),
  };
  const backend = createMemoryBackend();
  const def = configMapDefinition as unknown as ResourceDefinition;
  const keys = keyScheme('/registry', def.resource, def.namespaced);
  const cacher = new Cacher({ backend, prefix: keys.resourcePrefix, decode: parseStored, json: storedJsonWithRevision });
  const store = createStore(def, { storage: { backend, keys, cacher }, admission: admissionChain([]), hooks });
  before(() => cacher.start());
  after(async () => {
    cacher.stop();
    await backend.close();
  });

  test('a create commits after the write; an invalid one reverts', async () => {
    log.length = 0;
    await store.create('ns', cm('a', { k: 'v' }), write);
    await assert.rejects(store.create('ns', cm('bad', { 'no/slash': 'v' }), write));
    await assert.rejects(store.create('ns', cm('a', { k: 'v' }), write));
    assert.deepEqual(log, ['begin create a', 'commit create a', 'begin create bad', 'revert create bad', 'begin create a', 'revert create a']);
  });

  test('an update that loses a race reverts and begins again on the newer object', async () => {
    log.length = 0;
    let first = true;
    await store.update('ns', 'a', async (current) => {
      if (first) {
        first = false;
        // Another writer gets there first.
        await store.update('ns', 'a', (c) => ({ ...(c as KubeObject), data: { k: 'other' } }), write);
      }
      return { ...(current as KubeObject), data: { k: 'mine' } };
    }, write);
    assert.deepEqual(log, ['begin update {"k":"other"}', 'commit update', 'begin update {"k":"mine"}', 'revert update', 'begin update {"k":"mine"}', 'commit update']);
  });

  test('a delete calls afterDelete; a dry run does not', async () => {
    log.length = 0;
    await store.delete('ns', 'a', {}, { dryRun: true });
    await store.delete('ns', 'a', {}, write);
    assert.deepEqual(log, ['deleted a']);
  });
});
