import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { podDisruptionBudgetColumns, podDisruptionBudgetDefinition, type PodDisruptionBudget } from './poddisruptionbudget.js';
import { validatePodDisruptionBudget, validatePodDisruptionBudgetStatus } from './validation.js';

const pdb = (spec: PodDisruptionBudget['spec']): PodDisruptionBudget => ({ metadata: { name: 'p', namespace: 'ns' }, spec });
const messages = (errors: ReturnType<typeof validatePodDisruptionBudget>) => errors.map(fieldErrorMessage);
const PERCENT = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

describe('PodDisruptionBudget validation (upstream 1.25 messages)', () => {
  const cases: { name: string; spec: PodDisruptionBudget['spec']; want: string[] }[] = [
    { name: 'minAvailable count', spec: { minAvailable: 1, selector: { matchLabels: { app: 'x' } } }, want: [] },
    { name: 'maxUnavailable percent, empty selector', spec: { maxUnavailable: '25%', selector: {} }, want: [] },
    {
      name: 'both set',
      spec: { minAvailable: 1, maxUnavailable: 1 },
      want: [
        'spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc000000000), Selector:(*v1.LabelSelector)(nil), MaxUnavailable:(*intstr.IntOrString)(0xc000000000)}: minAvailable and maxUnavailable cannot be both set',
      ],
    },
    { name: 'negative count', spec: { minAvailable: -1 }, want: ['spec.minAvailable: Invalid value: -1: must be greater than or equal to 0'] },
    { name: 'not a percent', spec: { maxUnavailable: 'half' }, want: [`spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"half"}: ${PERCENT}`] },
    { name: 'over 100%', spec: { minAvailable: '101%' }, want: ['spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"101%"}: must not be greater than 100%'] },
    {
      name: 'selector operator',
      spec: { minAvailable: 1, selector: { matchExpressions: [{ key: 'app', operator: 'In' }] } },
      want: ["spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'"],
    },
  ];
  for (const c of cases) test(c.name, () => assert.deepEqual(messages(validatePodDisruptionBudget(pdb(c.spec))), c.want));

  test('status: counters and conditions', () => {
    assert.deepEqual(messages(validatePodDisruptionBudgetStatus({ disruptionsAllowed: -1, currentHealthy: 0, desiredHealthy: 0, expectedPods: -2 })), [
      'status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0',
      'status.expectedPods: Invalid value: -2: must be greater than or equal to 0',
    ]);
    const conditions = [
      { type: 'DisruptionAllowed', status: 'Maybe', reason: 'bad reason', message: '', lastTransitionTime: '2024-01-01T00:00:00Z' },
      { type: 'DisruptionAllowed', status: 'True', reason: '', message: '' },
    ];
    assert.deepEqual(messages(validatePodDisruptionBudgetStatus({ conditions } as never)), [
      'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      "status.conditions[0].reason: Invalid value: \"bad reason\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')",
      'status.conditions[1].type: Duplicate value: "DisruptionAllowed"',
      'status.conditions[1].lastTransitionTime: Required value: must be set',
      'status.conditions[1].reason: Required value: must be set',
    ]);
  });
});

describe('PodDisruptionBudget strategy and table', () => {
  test('create resets status to zero counters', () => {
    const obj = pdb({ minAvailable: 1 });
    obj.status = { disruptionsAllowed: 5, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 };
    podDisruptionBudgetDefinition.strategy.prepareForCreate?.(obj);
    assert.deepEqual(obj.status, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 });
    assert.equal(podDisruptionBudgetDefinition.strategy.tracksGeneration, true);
  });

  test('cells: NAME MIN AVAILABLE MAX UNAVAILABLE ALLOWED DISRUPTIONS AGE', () => {
    const obj = { ...pdb({ maxUnavailable: '50%' }), status: { disruptionsAllowed: 2, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 } };
    const now = new Date();
    assert.deepEqual(
      podDisruptionBudgetColumns.map((c) => c.definition.name),
      ['Name', 'Min Available', 'Max Unavailable', 'Allowed Disruptions', 'Age'],
    );
    assert.deepEqual(podDisruptionBudgetColumns.slice(0, 4).map((c) => c.cell(obj, now)), ['p', 'N/A', '50%', 2]);
  });
});
