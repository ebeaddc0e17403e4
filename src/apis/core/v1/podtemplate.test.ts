import { test } from 'node:test';
import assert from 'node:assert/strict';
import { podTemplateDefinition, type PodTemplate } from './podtemplate.js';

test('podtemplate table: NAME CONTAINERS IMAGES POD LABELS, no Age (upstream printPodTemplate)', () => {
  const template: PodTemplate = {
    metadata: { name: 't' },
    template: { metadata: { labels: { b: '2', a: '1' } }, spec: { containers: [{ name: 'x', image: 'busybox' }, { name: 'y', image: 'nginx' }] } },
  };
  const columns = podTemplateDefinition.tableColumns ?? [];
  assert.deepEqual(columns.map((c) => c.definition.name), ['Name', 'Containers', 'Images', 'Pod Labels']);
  assert.deepEqual(columns.map((c) => c.cell(template, new Date())), ['t', 'x,y', 'busybox,nginx', 'a=1,b=2']);
  assert.deepEqual(columns.map((c) => c.cell({ metadata: { name: 'e' } }, new Date())), ['e', '', '', '<none>']);
  assert.equal(podTemplateDefinition.strategy.tracksGeneration, true);
});
