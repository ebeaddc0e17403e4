// upstream CSRSigningControllerOptions.Validate and startCSRSigningController's choice of signers and files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clusterSigningErrors, signingPlan, type ClusterSigningOptions } from './cluster-signing-options.js';

const MIXED = 'cannot specify --cluster-signing-{cert,key}-file and other --cluster-signing-*-file flags at the same time';
const pair = (name: string) => ({ certFile: `${name}.crt`, keyFile: `${name}.key` });

describe('clusterSigningErrors', () => {
  const cases: { name: string; options: ClusterSigningOptions; want: string[] }[] = [
    { name: 'nothing', options: {}, want: [] },
    { name: 'the general pair', options: pair('ca'), want: [] },
    { name: 'half of the general pair: the controller skips, not an option error', options: { certFile: 'ca.crt' }, want: [] },
    { name: 'every per-signer pair', options: { kubeletServing: pair('s'), kubeletClient: pair('c'), kubeAPIServerClient: pair('a'), legacyUnknown: pair('l') }, want: [] },
    { name: 'one per-signer pair', options: { kubeAPIServerClient: pair('a') }, want: [] },
    { name: 'kubelet-serving cert without key', options: { kubeletServing: { certFile: 's.crt' } }, want: ['"cluster-signing-kubelet-serving": cannot specify cert without key'] },
    // upstream's names for these two pairs are not their flags' names.
    { name: 'kubelet-client key without cert', options: { kubeletClient: { keyFile: 'c.key' } }, want: ['"cluster-signing-kube-apiserver-client": cannot specify key without cert'] },
    { name: 'kube-apiserver-client cert without key', options: { kubeAPIServerClient: { certFile: 'a.crt' } }, want: ['"cluster-signing-kube-apiserver": cannot specify cert without key'] },
    { name: 'legacy-unknown key without cert', options: { legacyUnknown: { keyFile: 'l.key' } }, want: ['"cluster-signing-legacy-unknown": cannot specify key without cert'] },
    { name: 'the general pair and a per-signer pair', options: { ...pair('ca'), kubeletServing: pair('s') }, want: [MIXED] },
    { name: 'the general cert alone and a per-signer key alone', options: { certFile: 'ca.crt', legacyUnknown: { keyFile: 'l.key' } },
      want: ['"cluster-signing-legacy-unknown": cannot specify key without cert', MIXED] },
    { name: 'in upstream order', options: { keyFile: 'ca.key', legacyUnknown: { certFile: 'l.crt' }, kubeletServing: { keyFile: 's.key' } },
      want: ['"cluster-signing-kubelet-serving": cannot specify key without cert', '"cluster-signing-legacy-unknown": cannot specify cert without key', MIXED] },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(clusterSigningErrors(c.options), c.want));
});

const skipped = (signerName: string) => ({
  signerName, log: `skipping CSR signer controller "${signerName}" because specific files were specified for other signers and not this one.`,
});

describe('signingPlan', () => {
  const cases: { name: string; options: ClusterSigningOptions | undefined; want: ReturnType<typeof signingPlan> }[] = [
    { name: 'no file: kplane\'s own CA for every signer', options: undefined, want: { kind: 'cluster-ca' } },
    { name: 'only the duration', options: { durationMs: 1 }, want: { kind: 'cluster-ca' } },
    { name: 'half of the general pair: no signing', options: { keyFile: 'ca.key' },
      want: { kind: 'skip', log: 'skipping CSR signer controller because no csr cert/key was specified' } },
    { name: 'the general pair: every signer, in upstream order', options: pair('ca'), want: { kind: 'run', signers: [
      { signerName: 'kubernetes.io/kubelet-serving', ...pair('ca') },
      { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', ...pair('ca') },
      { signerName: 'kubernetes.io/kube-apiserver-client', ...pair('ca') },
      { signerName: 'kubernetes.io/legacy-unknown', ...pair('ca') },
    ] } },
    { name: 'per-signer pairs: those signers with their own, the others left out', options: { kubeAPIServerClient: pair('a'), kubeletServing: pair('s') }, want: { kind: 'run', signers: [
      { signerName: 'kubernetes.io/kubelet-serving', ...pair('s') },
      skipped('kubernetes.io/kube-apiserver-client-kubelet'),
      { signerName: 'kubernetes.io/kube-apiserver-client', ...pair('a') },
      skipped('kubernetes.io/legacy-unknown'),
    ] } },
    { name: 'half a per-signer pair: that signer runs, and reading its CA fails', options: { kubeletClient: { keyFile: 'c.key' } }, want: { kind: 'run', signers: [
      skipped('kubernetes.io/kubelet-serving'),
      { signerName: 'kubernetes.io/kube-apiserver-client-kubelet', certFile: '', keyFile: 'c.key' },
      skipped('kubernetes.io/kube-apiserver-client'),
      skipped('kubernetes.io/legacy-unknown'),
    ] } },
    { name: 'half the general pair beside a per-signer pair: the general file is not used', options: { certFile: 'ca.crt', legacyUnknown: pair('l') }, want: { kind: 'run', signers: [
      skipped('kubernetes.io/kubelet-serving'),
      skipped('kubernetes.io/kube-apiserver-client-kubelet'),
      skipped('kubernetes.io/kube-apiserver-client'),
      { signerName: 'kubernetes.io/legacy-unknown', ...pair('l') },
    ] } },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(signingPlan(c.options), c.want));

  it('refuses the general pair beside a per-signer file, with upstream\'s message', () => {
    assert.throws(() => signingPlan({ ...pair('ca'), kubeletServing: { certFile: 's.crt' } }), { message: 'cannot specify default and per controller certs at the same time' });
  });
});
