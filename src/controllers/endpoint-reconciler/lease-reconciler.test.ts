// upstream leaseEndpointReconciler's decision (doReconcile), table-driven: what is written for the stored
// Endpoints and the live leases, on the periodic pass (ports left alone) and on removal (ports set).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Endpoints } from '../../apis/core/v1/schemas.generated.js';
import { endpointSliceFromEndpoints, httpsPorts } from './kubernetes-endpoints.js';
import { leaseEndpoints } from './lease-reconciler.js';

const meta = { name: 'kubernetes', namespace: 'default', resourceVersion: '5' };
const labelled = { ...meta, labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } };
const https = httpsPorts(6443);
const stored = (ips: string[], ports = https, metadata: Endpoints['metadata'] = labelled): Endpoints =>
  ({ apiVersion: 'v1', kind: 'Endpoints', metadata, subsets: [{ addresses: ips.map((ip) => ({ ip })), ports }] });

test('leaseEndpoints: what upstream doReconcile writes', () => {
  const cases: Array<{ name: string; current: Endpoints | undefined; ips: string[]; reconcilePorts: boolean; want: Endpoints | undefined }> = [
    { name: 'none stored: made with the leases, sorted', current: undefined, ips: ['10.0.0.2', '10.0.0.1'], reconcilePorts: false,
      want: { apiVersion: 'v1', kind: 'Endpoints', metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } }, subsets: [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: https }] } },
    { name: 'right: nothing written', current: stored(['10.0.0.1']), ips: ['10.0.0.1'], reconcilePorts: true, want: undefined },
    { name: 'the same addresses in another order are right', current: stored(['10.0.0.2', '10.0.0.1']), ips: ['10.0.0.1', '10.0.0.2'], reconcilePorts: false, want: undefined },
    { name: 'other ports on the periodic pass: left alone', current: stored(['10.0.0.1'], httpsPorts(443)), ips: ['10.0.0.1'], reconcilePorts: false, want: undefined },
    { name: 'other ports on removal: set', current: stored(['10.0.0.1'], httpsPorts(443)), ips: ['10.0.0.1'], reconcilePorts: true, want: stored(['10.0.0.1']) },
    { name: 'a replica gone: its address goes, the ports stay', current: stored(['10.0.0.1', '10.0.0.2'], httpsPorts(443)), ips: ['10.0.0.2'], reconcilePorts: false, want: stored(['10.0.0.2'], httpsPorts(443)) },
    { name: 'an address twice: rewritten', current: stored(['10.0.0.1', '10.0.0.1']), ips: ['10.0.0.1', '10.0.0.2'], reconcilePorts: false, want: stored(['10.0.0.1', '10.0.0.2']) },
    { name: 'no skip-mirror label: labelled', current: stored(['10.0.0.1'], https, meta), ips: ['10.0.0.1'], reconcilePorts: false, want: stored(['10.0.0.1']) },
    { name: 'two subsets: made again with the ports', current: { ...stored(['10.0.0.1'], httpsPorts(443)), subsets: [{ addresses: [{ ip: '10.0.0.1' }] }, { addresses: [{ ip: '10.0.0.9' }] }] }, ips: ['10.0.0.1'], reconcilePorts: false, want: stored(['10.0.0.1']) },
    { name: 'no subsets: made again', current: { apiVersion: 'v1', kind: 'Endpoints', metadata: labelled }, ips: ['10.0.0.1'], reconcilePorts: false, want: stored(['10.0.0.1']) },
  ];
  for (const c of cases) assert.deepEqual(leaseEndpoints(c.current, c.ips, https, c.reconcilePorts), c.want, c.name);
});

test('endpointSliceFromEndpoints: the first subset, ready and not ready; IPv6 only when every address is', () => {
  const endpoints: Endpoints = { ...stored(['2001:db8::1']), subsets: [{ addresses: [{ ip: '2001:db8::1' }], notReadyAddresses: [{ ip: '2001:db8::2' }], ports: https }] };
  assert.deepEqual(endpointSliceFromEndpoints(endpoints), {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
    metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
    addressType: 'IPv6',
    endpoints: [{ addresses: ['2001:db8::1'], conditions: { ready: true } }, { addresses: ['2001:db8::2'], conditions: { ready: false } }],
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  });
  assert.equal(endpointSliceFromEndpoints(stored(['2001:db8::1', '10.0.0.1'])).addressType, 'IPv4');
  assert.deepEqual(endpointSliceFromEndpoints({ apiVersion: 'v1', kind: 'Endpoints', metadata: meta }).endpoints, []);
});
