import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage, type FieldError } from '../../../errors/field-errors.js';
import { validateRuntimeClass, validateRuntimeClassUpdate, type RuntimeClass } from './runtimeclass.js';

const rc = (fields: Partial<RuntimeClass> = {}): RuntimeClass => ({ metadata: { name: 'gvisor', resourceVersion: '4' }, handler: 'runsc', ...fields });
const messages = (errors: FieldError[]): string[] => errors.map(fieldErrorMessage);
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

test('validateRuntimeClass: table of cases with upstream messages and paths', () => {
  const cases: [string, RuntimeClass, string[]][] = [
    [
      'valid',
      rc({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } }, scheduling: { nodeSelector: { 'runtime/gvisor': 'yes' }, tolerations: [{ key: 'x', operator: 'Exists', effect: 'NoSchedule' }] } }),
      [],
    ],
    ['handler required', rc({ handler: '' }), [`handler: Invalid value: "": ${LABEL_MSG}`]],
    ['handler is a DNS label', rc({ handler: 'run.sc' }), [`handler: Invalid value: "run.sc": ${LABEL_MSG}`]],
    ['negative overhead', rc({ overhead: { podFixed: { memory: '-1' } } }), ['overhead.limits[memory]: Invalid value: "-1": must be greater than or equal to 0']],
    ['overhead resource', rc({ overhead: { podFixed: { 'requests.cpu': '1' } } }), ['overhead.limits[requests.cpu]: Invalid value: "requests.cpu": must be a standard resource for containers']],
    ['hugepages need cpu or memory', rc({ overhead: { podFixed: { 'hugepages-2Mi': '2Mi' } } }), ['overhead: Forbidden: HugePages require cpu or memory']],
    [
      'toleration rules (under a doubled segment)',
      rc({ scheduling: { tolerations: [{ operator: 'Equal', value: 'v' }, { key: 'k', operator: 'Maybe' }, { key: 'k', tolerationSeconds: 5, effect: 'NoSchedule' }] } }),
      [
        'scheduling.tolerations.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
        'scheduling.tolerations.tolerations[1].operator: Unsupported value: "Maybe": supported values: "Equal", "Exists"',
        "scheduling.tolerations.tolerations[2].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
      ],
    ],
    [
      'duplicate toleration',
      rc({ scheduling: { tolerations: [{ key: 'k', operator: 'Exists' }, { key: 'k', operator: 'Exists' }] } }),
      ['scheduling.tolerations[1]: Duplicate value: core.Toleration{Key:"k", Operator:"Exists", Value:"", Effect:"", TolerationSeconds:(*int64)(nil)}'],
    ],
    ['node selector labels', rc({ scheduling: { nodeSelector: { a: 'b c' } } }), [
      "scheduling.nodeSelector: Invalid value: \"b c\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]],
  ];
  for (const [name, obj, want] of cases) assert.deepEqual(messages(validateRuntimeClass(obj)), want, name);
});

test('validateRuntimeClassUpdate: the handler is immutable', () => {
  assert.deepEqual(messages(validateRuntimeClassUpdate(rc({ handler: 'kata' }), rc())), ['handler: Invalid value: "kata": field is immutable']);
  assert.deepEqual(messages(validateRuntimeClassUpdate(rc({ overhead: { podFixed: { cpu: '1' } } }), rc())), []);
});
