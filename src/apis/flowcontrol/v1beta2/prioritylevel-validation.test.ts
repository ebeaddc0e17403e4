import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fieldErrorMessage } from '../../../errors/field-errors.js';
import { mandatoryPriorityLevelConfigurations, suggestedPriorityLevelConfigurations } from './bootstrap.js';
import { defaultPriorityLevelConfiguration } from './defaults.js';
import { requiredEntropyBits, validatePriorityLevelConfiguration } from './prioritylevel-validation.js';
import type { PriorityLevelConfiguration } from './schemas.generated.js';

const base = (): PriorityLevelConfiguration => ({
  apiVersion: 'flowcontrol.apiserver.k8s.io/v1beta2',
  kind: 'PriorityLevelConfiguration',
  metadata: { name: 'custom' },
  spec: { type: 'Limited', limited: { assuredConcurrencyShares: 10, limitResponse: { type: 'Queue', queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } } } },
});
const queuing = (pl: PriorityLevelConfiguration) => pl.spec!.limited!.limitResponse!.queuing!;

const cases: { name: string; mutate: (pl: PriorityLevelConfiguration) => void; errors: string[] }[] = [
  { name: 'valid', mutate: () => {}, errors: [] },
  { name: 'Exempt only for exempt', mutate: (pl) => (pl.spec = { type: 'Exempt' }), errors: [`spec.type: Invalid value: "Exempt": type must be 'Exempt' if and only if name is 'exempt'`] },
  {
    name: 'unknown type',
    mutate: (pl) => (pl.spec = { type: 'Sometimes' }),
    errors: ['spec.type: Unsupported value: "Sometimes": supported values: "Exempt", "Limited"'],
  },
  { name: 'Limited needs limited', mutate: (pl) => delete pl.spec!.limited, errors: ['spec.limited: Required value: must not be empty when type is Limited'] },
  {
    name: 'shares positive',
    mutate: (pl) => (pl.spec!.limited!.assuredConcurrencyShares = -3),
    errors: ['spec.limited.assuredConcurrencyShares: Invalid value: -3: must be positive'],
  },
  {
    name: 'Reject has no queuing',
    mutate: (pl) => (pl.spec!.limited!.limitResponse!.type = 'Reject'),
    errors: ['spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited'],
  },
  {
    name: 'Queue needs queuing',
    mutate: (pl) => delete pl.spec!.limited!.limitResponse!.queuing,
    errors: ['spec.limited.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited'],
  },
  {
    name: 'unknown limit response',
    mutate: (pl) => (pl.spec!.limited!.limitResponse = { type: 'Drop' }),
    errors: ['spec.limited.limitResponse.type: Unsupported value: "Drop": supported values: "Queue", "Reject"'],
  },
  {
    name: 'queue sizes positive',
    mutate: (pl) => Object.assign(queuing(pl), { queues: 0, handSize: -1, queueLengthLimit: 0 }),
    errors: [
      'spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: 0: must be positive',
      'spec.limited.limitResponse.queuing.queues: Invalid value: 0: must be positive',
      'spec.limited.limitResponse.queuing.handSize: Invalid value: -1: must be positive',
    ],
  },
  {
    name: 'too many queues',
    mutate: (pl) => Object.assign(queuing(pl), { queues: 10_000_001, handSize: 2 }),
    errors: ['spec.limited.limitResponse.queuing.queues: Invalid value: 10000001: must not be greater than 10000000'],
  },
  {
    name: 'hand larger than deck',
    mutate: (pl) => Object.assign(queuing(pl), { queues: 4, handSize: 5 }),
    errors: ['spec.limited.limitResponse.queuing.handSize: Invalid value: 5: should not be greater than queues (4)'],
  },
  {
    name: 'shuffle-sharding entropy',
    mutate: (pl) => Object.assign(queuing(pl), { queues: 128, handSize: 9 }),
    errors: ['spec.limited.limitResponse.queuing.handSize: Invalid value: 9: required entropy bits of deckSize 128 and handSize 9 should not be greater than 60'],
  },
];

for (const c of cases) {
  test(`validatePriorityLevelConfiguration: ${c.name}`, () => {
    const pl = base();
    c.mutate(pl);
    assert.deepEqual(validatePriorityLevelConfiguration(pl).map(fieldErrorMessage), c.errors);
  });
}

test('entropy bits: ceil(log2(queues) * handSize)', () => {
  assert.equal(requiredEntropyBits(128, 8), 56);
  assert.equal(requiredEntropyBits(64, 10), 60);
  assert.equal(requiredEntropyBits(100, 9), 60);
});

test('the mandatory levels keep their fixed spec', () => {
  const catchAll = mandatoryPriorityLevelConfigurations().find((pl) => pl.metadata.name === 'catch-all')!;
  catchAll.spec!.limited!.assuredConcurrencyShares = 6;
  assert.deepEqual(validatePriorityLevelConfiguration(catchAll).map(fieldErrorMessage), [
    `spec: Invalid value: flowcontrol.PriorityLevelConfigurationSpec{Type:"Limited", Limited:&flowcontrol.LimitedPriorityLevelConfiguration{AssuredConcurrencyShares:6, LimitResponse:flowcontrol.LimitResponse{Type:"Reject", Queuing:(*flowcontrol.QueuingConfiguration)(nil)}}}: spec of 'catch-all' must equal the fixed value`,
  ]);
  const exempt = mandatoryPriorityLevelConfigurations().find((pl) => pl.metadata.name === 'exempt')!;
  exempt.spec = { type: 'Limited', limited: { assuredConcurrencyShares: 1, limitResponse: { type: 'Reject' } } };
  assert.deepEqual(validatePriorityLevelConfiguration(exempt).map(fieldErrorMessage).length, 2);
});

test('bootstrap levels are valid and already defaulted', () => {
  for (const pl of [...mandatoryPriorityLevelConfigurations(), ...suggestedPriorityLevelConfigurations()]) {
    const defaulted = structuredClone(pl);
    defaultPriorityLevelConfiguration(defaulted);
    assert.deepEqual(defaulted, pl, pl.metadata.name);
    assert.deepEqual(validatePriorityLevelConfiguration(pl), [], pl.metadata.name);
  }
});

test('defaults: shares 30, handSize 8, queues 64, queueLengthLimit 50', () => {
  const pl = base();
  pl.spec = { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: {} } } };
  defaultPriorityLevelConfiguration(pl);
  assert.deepEqual(pl.spec, { type: 'Limited', limited: { assuredConcurrencyShares: 30, limitResponse: { type: 'Queue', queuing: { handSize: 8, queues: 64, queueLengthLimit: 50 } } } });
});
