import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { specDiff } from './spec-diff.js';

describe('specDiff (go-cmp shape)', () => {
  it('struct fields, slice elements and map entries', () => {
    const old = { dnsPolicy: 'ClusterFirst', nodeSelector: { a: '1', b: '2' }, containers: [{ name: 'a', image: 'x' }, { name: 'b' }] };
    const next = { dnsPolicy: 'ClusterFirst', nodeSelector: { a: '1', b: '3' }, containers: [{ name: 'a', image: 'y' }, { name: 'b' }] };
    assert.equal(specDiff('core.PodSpec', old, next), [
      '  core.PodSpec{',
      '  \t... // 1 identical field',
      '  \tNodeSelector: {',
      '  \t\t... // 1 identical entry',
      '- \t\t"b": "2",',
      '+ \t\t"b": "3",',
      '  \t},',
      '  \tContainers: {',
      '  \t\t{',
      '  \t\t\t... // 1 identical field',
      '- \t\t\tImage: "x",',
      '+ \t\t\tImage: "y",',
      '  \t\t},',
      '  \t\t... // 1 identical element',
      '  \t},',
      '  }',
      '',
    ].join('\n'));
  });
  it('added and removed values, Go names', () => {
    assert.equal(specDiff('core.PodSpec', { hostPID: true }, { dnsConfig: { nameservers: ['1.1.1.1'] } }),
      '  core.PodSpec{\n- \tHostPID: true,\n+ \tDNSConfig: {Nameservers: {"1.1.1.1"}},\n  }\n');
  });
});
