import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { featureGateWarnings, knownFeatures, parseFeatureGatePairs, resolveFeatureGates, setFeatureGates } from './index.js';
import { KNOWN_FEATURE_GATES_1_25 } from './known-1.25.js';

/** Every gate of `stage` set to `value`, as AllAlpha or AllBeta set them. */
const allOf = (stage: string, value: boolean) =>
  Object.fromEntries(Object.entries(KNOWN_FEATURE_GATES_1_25).filter(([, spec]) => spec.stage === stage).map(([name]) => [name, value]));

/** One `--feature-gates` occurrence after another, as the flag applies them. */
const setAll = (...values: string[]) => values.reduce((enabled, value) => setFeatureGates(enabled, parseFeatureGatePairs(value)), {});

describe('--feature-gates values (upstream featureGate.Set)', () => {
  const cases: { values: string[]; expected: Record<string, boolean> }[] = [
    { values: [''], expected: {} },
    { values: [',,'], expected: {} },
    { values: ['APIListChunking=false'], expected: { APIListChunking: false } },
    { values: [' APIListChunking = F , ServerSideFieldValidation=0,'], expected: { APIListChunking: false, ServerSideFieldValidation: false } },
    { values: ['KMSv2=t,RemainingItemCount=TRUE,StorageVersionAPI=1,OpenAPIV3=False'], expected: { KMSv2: true, RemainingItemCount: true, StorageVersionAPI: true, OpenAPIV3: false } },
    { values: ['APIListChunking=false,APIListChunking=true'], expected: { APIListChunking: true } },
    { values: ['APIListChunking=false', 'ServerSideApply=true'], expected: { APIListChunking: false, ServerSideApply: true } },
    // GA but not locked in 1.25 (LockToDefault came in 1.26): turning it off is accepted, as upstream.
    { values: ['ServerSideApply=false'], expected: { ServerSideApply: false } },
    { values: ['ServerSideApply=false', 'AllBeta=false'], expected: { ServerSideApply: false, AllBeta: false, ...allOf('Beta', false) } },
    { values: ['PodSecurity=true', 'DynamicKubeletConfig=false', 'ExecProbeTimeout=false'], expected: { PodSecurity: true, DynamicKubeletConfig: false, ExecProbeTimeout: false } },
  ];
  for (const { values, expected } of cases) {
    it(values.map((v) => JSON.stringify(v)).join(' then '), () => assert.deepEqual(setAll(...values), expected));
  }

  const errors: { value: string; message: string }[] = [
    { value: 'APIListChunking', message: 'missing bool value for APIListChunking' },
    { value: ' Foo ,APIListChunking=true', message: 'missing bool value for Foo' },
    { value: 'APIListChunking=yes', message: 'invalid value of APIListChunking=yes, err: strconv.ParseBool: parsing "yes": invalid syntax' },
    { value: 'APIListChunking=', message: 'invalid value of APIListChunking=, err: strconv.ParseBool: parsing "": invalid syntax' },
    { value: 'Nope=true', message: 'unrecognized feature gate: Nope' },
    { value: 'apilistchunking=true', message: 'unrecognized feature gate: apilistchunking' },
    { value: 'PodSecurity=false', message: 'cannot set feature gate PodSecurity to false, feature is locked to true' },
    { value: 'EphemeralContainers=false', message: 'cannot set feature gate EphemeralContainers to false, feature is locked to true' },
  ];
  for (const { value, message } of errors) {
    it(`rejects ${JSON.stringify(value)}`, () => assert.throws(() => setAll(value), { message }));
  }

  it('keeps the earlier settings when a later value is refused', () => {
    const enabled = setAll('APIListChunking=false');
    assert.throws(() => setFeatureGates(enabled, parseFeatureGatePairs('KMSv2=true,Nope=true')));
    assert.deepEqual(enabled, { APIListChunking: false });
  });
});

describe('AllAlpha and AllBeta', () => {
  it('set the unset gates of their stage, an explicit setting winning before or after them', () => {
    const before = resolveFeatureGates(setAll('KMSv2=false', 'AllAlpha=true'));
    const after = resolveFeatureGates(setAll('AllAlpha=true', 'KMSv2=false'));
    for (const gates of [before, after]) {
      assert.equal(gates.enabled('KMSv2'), false);
      assert.equal(gates.enabled('StorageVersionAPI'), true);
      assert.equal(gates.enabled('APIServerIdentity'), true);
      assert.equal(gates.enabled('APIListChunking'), true, 'beta keeps its default');
    }
    const beta = resolveFeatureGates({ AllBeta: false, ServerSideFieldValidation: true });
    assert.equal(beta.enabled('APIListChunking'), false);
    assert.equal(beta.enabled('MinDomainsInPodTopologySpread'), false);
    assert.equal(beta.enabled('ServerSideFieldValidation'), true);
    assert.equal(beta.enabled('KMSv2'), false, 'alpha keeps its default');
    assert.equal(beta.enabled('ServerSideApply'), true, 'GA is not Beta');
  });
});

describe('resolveFeatureGates', () => {
  it('gives the defaults of 1.25 for what is not set', () => {
    const gates = resolveFeatureGates();
    const expected = { APIListChunking: true, ServerSideFieldValidation: true, ServerSideApply: true, LegacyServiceAccountTokenNoAutoGeneration: true, KMSv2: false, MinDomainsInPodTopologySpread: false, DynamicKubeletConfig: false } as const;
    for (const [name, value] of Object.entries(expected)) assert.equal(gates.enabled(name as keyof typeof expected), value, name);
  });
  it('checks what callers of startServer give', () => {
    assert.equal(resolveFeatureGates({ APIListChunking: false }).enabled('APIListChunking'), false);
    assert.equal(resolveFeatureGates({ ServerSideApply: false }).enabled('ServerSideApply'), false);
    assert.throws(() => resolveFeatureGates({ Nope: true }), { message: 'unrecognized feature gate: Nope' });
    assert.throws(() => resolveFeatureGates({ DryRun: true, SuspendJob: false }), { message: 'cannot set feature gate SuspendJob to false, feature is locked to true' });
  });
});

describe('featureGateWarnings', () => {
  it('warns of ServerSideApply turned off as of any GA gate set', () => {
    assert.deepEqual(featureGateWarnings(setAll('ServerSideApply=false')), ['Setting GA feature gate ServerSideApply=false. It will be removed in a future release.']);
  });
  it('warns of GA and Deprecated gates set, as upstream logs them', () => {
    assert.deepEqual(featureGateWarnings({ APIListChunking: false, ServerSideApply: true, DynamicKubeletConfig: false, ExecProbeTimeout: false }), [
      'Setting GA feature gate ServerSideApply=true. It will be removed in a future release.',
      'Setting deprecated feature gate DynamicKubeletConfig=false. It will be removed in a future release.',
      'Setting GA feature gate ExecProbeTimeout=false. It will be removed in a future release.',
    ]);
  });
});

describe('knownFeatures', () => {
  it('lists the Alpha and Beta gates as upstream KnownFeatures, sorted bytewise', () => {
    const known = knownFeatures();
    assert.equal(known[0], 'APIListChunking=true|false (BETA - default=true)');
    assert.ok(known.includes('AllAlpha=true|false (ALPHA - default=false)'));
    assert.ok(known.includes('AllBeta=true|false (BETA - default=false)'));
    assert.ok(known.includes('MinDomainsInPodTopologySpread=true|false (BETA - default=false)'));
    assert.ok(known.indexOf('APIServerTracing=true|false (ALPHA - default=false)') < known.indexOf('AllAlpha=true|false (ALPHA - default=false)'));
    assert.ok(!known.some((line) => line.startsWith('ServerSideApply=') || line.startsWith('DynamicKubeletConfig=')), 'no GA or Deprecated gate');
    assert.equal(known.length, 104);
  });
  it('knows every gate once, GA and Deprecated ones besides', () => {
    const stages = Object.values(KNOWN_FEATURE_GATES_1_25).map((spec) => spec.stage);
    assert.deepEqual([stages.filter((s) => s === 'GA').length, stages.filter((s) => s === 'Deprecated').length], [42, 1]);
  });
});
