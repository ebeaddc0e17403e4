import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deprecationWarning } from './deprecation.js';

test('deprecation warnings read as upstream writes them', () => {
  const cases: [Parameters<typeof deprecationWarning>, string][] = [
    [
      [{ group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta1', kind: 'FlowSchema' }, { deprecated: '1.23', removed: '1.26', replacement: { group: 'flowcontrol.apiserver.k8s.io', version: 'v1beta2', kind: 'FlowSchema' } }],
      'flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema is deprecated in v1.23+, unavailable in v1.26+; use flowcontrol.apiserver.k8s.io/v1beta2 FlowSchema',
    ],
    [[{ group: '', version: 'v1', kind: 'ComponentStatus' }, { deprecated: '1.19' }], 'v1 ComponentStatus is deprecated in v1.19+'],
  ];
  for (const [args, expected] of cases) assert.equal(deprecationWarning(...args), expected);
});
