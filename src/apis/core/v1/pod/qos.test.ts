import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Container, Pod } from '../schemas.generated.js';
import { podQOSClass } from './qos.js';

const resources = (requests?: Record<string, string>, limits?: Record<string, string>): Container => ({
  name: 'c',
  resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
});
const pod = (containers: Container[], initContainers: Container[] = []): Pod => ({ metadata: { name: 'p' }, spec: { containers, initContainers } });

test('podQOSClass as upstream GetPodQOS', () => {
  const cases: [string, Pod, string][] = [
    ['no resources', pod([{ name: 'c' }]), 'BestEffort'],
    ['zero quantities count as none', pod([resources({ cpu: '0' }, { memory: '0Mi' })]), 'BestEffort'],
    ['other resources are ignored', pod([resources({ 'ephemeral-storage': '1Gi' })]), 'BestEffort'],
    ['requests only', pod([resources({ cpu: '100m' })]), 'Burstable'],
    ['equal requests and limits', pod([resources({ cpu: '100m', memory: '1Gi' }, { cpu: '0.1', memory: '1024Mi' })]), 'Guaranteed'],
    ['limits only (requests defaulted from them upstream before this)', pod([resources(undefined, { cpu: '1', memory: '1Gi' })]), 'Burstable'],
    ['limits without memory', pod([resources({ cpu: '1' }, { cpu: '1' })]), 'Burstable'],
    ['requests below limits', pod([resources({ cpu: '500m', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })]), 'Burstable'],
    [
      'sums over containers and init containers',
      pod([resources({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })], [resources({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })]),
      'Guaranteed',
    ],
    ['one container without limits spoils Guaranteed', pod([resources({ cpu: '1', memory: '1Gi' }, { cpu: '1', memory: '1Gi' }), { name: 'd' }]), 'Burstable'],
  ];
  for (const [name, input, want] of cases) assert.equal(podQOSClass(input), want, name);
});
