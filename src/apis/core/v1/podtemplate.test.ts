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

test('podtemplate warnings: on create, and on updates that change the template (generation)', () => {
  const template: PodTemplate = {
    metadata: { name: 't', generation: 1 },
    template: { spec: { containers: [{ name: 'x', image: 'busybox', resources: { limits: { memory: '1500m' } } }] } },
  };
  const warnings = podTemplateDefinition.strategy.warnings;
  const expected = ['template.spec.containers[0].resources.limits[memory]: fractional byte value "1500m" is invalid, must be an integer'];
  assert.deepEqual(warnings?.(template), expected);
  assert.deepEqual(warnings?.(template, template), []);
  assert.deepEqual(warnings?.({ ...template, metadata: { name: 't', generation: 2 } }, template), expected);
});
