// Which kinds take strategic merge patch, and the media types a 415 lists (upstream's order).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import { patchMediaTypes, supportsStrategicMerge } from './strategic-merge-patch.js';

const customResource = { ...configMapDefinition, group: 'example.com', definitionName: 'com.example.v1.Widget' };

test('built-in kinds accept strategic merge patch; custom resources do not', () => {
  assert.equal(supportsStrategicMerge(configMapDefinition), true);
  assert.equal(supportsStrategicMerge(customResource), false);
});

test('the 415 list: json, merge, strategic merge (built-ins only), apply', () => {
  assert.deepEqual(patchMediaTypes(configMapDefinition), [
    'application/json-patch+json',
    'application/merge-patch+json',
    'application/strategic-merge-patch+json',
    'application/apply-patch+yaml',
  ]);
  assert.deepEqual(patchMediaTypes(customResource), ['application/json-patch+json', 'application/merge-patch+json', 'application/apply-patch+yaml']);
});
