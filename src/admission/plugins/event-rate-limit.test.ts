// EventRateLimit: the configuration as upstream loads and validates it, and the limits per type and key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { coreEventDefinition as eventDefinition } from '../../apis/core/v1/event.js';
import { configMapDefinition } from '../../apis/core/v1/configmap.js';
import type { ResourceDefinition } from '../../registry/resource-definition.js';
import type { AdmissionAttributes } from '../types.js';
import { eventRateLimit, loadEventRateLimitConfiguration, type EventRateLimitConfiguration } from './event-rate-limit.js';

const source = (text: string) => ({ data: text, path: 'config.yaml' }) as never;
const doc = (limits: string) => `apiVersion: eventratelimit.admission.k8s.io/v1alpha1\nkind: Configuration\n${limits}`;

test('loadEventRateLimitConfiguration: upstream ValidateConfiguration, with the plugin init prefix', () => {
  const prefix = 'couldn\'t init admission plugin "EventRateLimit": ';
  const cases: [string, string | undefined, string | RegExp][] = [
    ['no configuration', undefined, `${prefix}limits: Invalid value: []eventratelimit.Limit(nil): must not be empty`],
    ['empty limits', doc('limits: []\n'), `${prefix}limits: Invalid value: []eventratelimit.Limit{}: must not be empty`],
    ['bad values', doc('limits:\n- type: Cluster\n  qps: 0\n  burst: -1\n  cacheSize: -2\n'),
      `${prefix}[limits[0].type: Unsupported value: "Cluster": supported values: "Server", "Namespace", "User", "SourceAndObject", limits[0].burst: Invalid value: -1: must be positive, limits[0].qps: Invalid value: 0: must be positive, limits[0].cacheSize: Invalid value: -2: must not be negative]`],
    ['another kind', 'apiVersion: v1\nkind: ConfigMap\n', /no kind "ConfigMap" is registered for version "v1"/],
    // An empty file has no kind: upstream's decoder refuses it (only a missing configuration is the default).
    ['an empty document', '', `${prefix}Object 'Kind' is missing in ''`],
    ['limits not a list', doc('limits: all\n'), `${prefix}json: cannot unmarshal string into Go struct field Configuration.limits of type []v1alpha1.Limit`],
    ['a limit not an object', doc('limits:\n- 5\n'), `${prefix}json: cannot unmarshal number into Go struct field Configuration.limits of type v1alpha1.Limit`],
    ['a type not a string', doc('limits:\n- type: 5\n  qps: 1\n  burst: 1\n'), `${prefix}json: cannot unmarshal number into Go struct field Limit.limits.type of type v1alpha1.LimitType`],
    ['a qps past int32', doc('limits:\n- type: Server\n  qps: 3000000000\n  burst: 1\n'), `${prefix}json: cannot unmarshal number 3000000000 into Go struct field Limit.limits.qps of type int32`],
    ['the first mismatch in the document\'s order', doc('limits:\n- burst: x\n  qps: 1.5\n'), `${prefix}json: cannot unmarshal string into Go struct field Limit.limits.burst of type int32`],
  ];
  for (const [name, text, expected] of cases) assert.throws(() => loadEventRateLimitConfiguration(text === undefined ? undefined : source(text)), { message: expected }, name);
  assert.deepEqual(loadEventRateLimitConfiguration(source(doc('limits:\n- type: Server\n  qps: 5\n  burst: 10\n'))), { limits: [{ type: 'Server', qps: 5, burst: 10, cacheSize: 0 }] });
});

const event = (namespace: string, component = 'kubelet', involved = 'pod-a'): AdmissionAttributes => ({
  operation: 'CREATE', def: eventDefinition as unknown as ResourceDefinition, namespace, name: 'e', subresource: '', dryRun: false,
  user: { name: 'alice', groups: [] },
  object: { metadata: { name: 'e', namespace }, source: { component, host: 'n1' }, involvedObject: { kind: 'Pod', namespace, name: involved, uid: 'u', apiVersion: 'v1' } } as unknown as KubeObject,
});

function outcome(plugin: ReturnType<typeof eventRateLimit>, a: AdmissionAttributes): string {
  if (plugin.handles && !plugin.handles(a)) return 'skipped';
  try {
    void plugin.validate!(a);
    return 'ok';
  } catch (error) {
    return `${(error as { code: number }).code} ${(error as Error).message}`;
  }
}

test('limits per type and key, refilled at qps; other kinds and dry runs not counted', () => {
  let now = 0;
  const config: EventRateLimitConfiguration = { limits: [{ type: 'Namespace', qps: 1, burst: 2, cacheSize: 0 }, { type: 'SourceAndObject', qps: 1, burst: 3, cacheSize: 0 }] };
  const plugin = eventRateLimit(config, () => now);
  assert.equal(outcome(plugin, event('a')), 'ok');
  assert.equal(outcome(plugin, event('a', 'other')), 'ok');
  assert.equal(outcome(plugin, event('a', 'third')), '429 Too many requests: limit reached on type Namespace for key a');
  assert.equal(outcome(plugin, event('b')), 'ok', 'another namespace has its own bucket');
  assert.equal(outcome(plugin, { ...event('a'), dryRun: true }), 'skipped');
  assert.equal(outcome(plugin, { ...event('a'), def: configMapDefinition as unknown as ResourceDefinition }), 'skipped');
  now += 1000; // one token back per second
  assert.equal(outcome(plugin, event('a', 'fourth')), 'ok');
  // Two limits refusing at once: every refusal is named.
  const tight = eventRateLimit({ limits: [{ type: 'Namespace', qps: 1, burst: 1, cacheSize: 0 }, { type: 'SourceAndObject', qps: 1, burst: 1, cacheSize: 0 }] }, () => now);
  assert.equal(outcome(tight, event('b')), 'ok');
  assert.equal(outcome(tight, event('b')), '429 Too many requests: [limit reached on type Namespace for key b, limit reached on type SourceAndObject for key kubeletn1Podbpod-auv1]');
  // Two limits of one type refusing the same key: utilerrors.NewAggregate prints the repeated text once.
  const twice = eventRateLimit({ limits: [{ type: 'Namespace', qps: 1, burst: 1, cacheSize: 0 }, { type: 'Namespace', qps: 1, burst: 1, cacheSize: 0 }] }, () => now);
  assert.equal(outcome(twice, event('c')), 'ok');
  assert.equal(outcome(twice, event('c')), '429 Too many requests: limit reached on type Namespace for key c');
});
