import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Container, Pod, PodSpec } from '../schemas.generated.js';
import { defaultPod, defaultPodSpec } from './defaults.js';
import { imageTag } from './image-reference.js';
import { podFixture } from './testdata.js';

const defaulted = (change: (spec: PodSpec) => void = () => {}): PodSpec => {
  const pod: Pod = podFixture();
  change(pod.spec as PodSpec);
  defaultPod(pod);
  return pod.spec as PodSpec;
};
const web = (spec: PodSpec): Container => spec.containers[0] as Container;

describe('defaultPod (upstream 1.25 SetObjectDefaults_Pod)', () => {
  it('pod spec fields', () => {
    const spec = defaulted();
    assert.equal(spec.restartPolicy, 'Always');
    assert.equal(spec.dnsPolicy, 'ClusterFirst');
    assert.equal(spec.schedulerName, 'default-scheduler');
    assert.deepEqual(spec.securityContext, {});
    assert.equal(spec.terminationGracePeriodSeconds, 30);
    assert.equal(spec.enableServiceLinks, true);
  });
  it('explicit values stay', () => {
    const spec = defaulted((s) => Object.assign(s, { restartPolicy: 'Never', dnsPolicy: 'Default', terminationGracePeriodSeconds: 0, enableServiceLinks: false }));
    assert.deepEqual([spec.restartPolicy, spec.dnsPolicy, spec.terminationGracePeriodSeconds, spec.enableServiceLinks], ['Never', 'Default', 0, false]);
  });
  it('container fields', () => {
    const c = web(defaulted());
    assert.equal(c.terminationMessagePath, '/dev/termination-log');
    assert.equal(c.terminationMessagePolicy, 'File');
    assert.equal(c.imagePullPolicy, 'IfNotPresent');
    assert.deepEqual(c.ports?.map((p) => p.protocol), ['TCP', 'TCP']);
    assert.equal(c.env?.[1]?.valueFrom?.fieldRef?.apiVersion, 'v1');
  });
  it('probes and HTTP actions', () => {
    const c = web(defaulted());
    assert.deepEqual(c.livenessProbe, {
      httpGet: { path: '/healthz', port: 'http', scheme: 'HTTP' }, initialDelaySeconds: 10, periodSeconds: 20, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3,
    });
    const grpc = web(defaulted((s) => { web(s).startupProbe = { grpc: { port: 9000 } }; })).startupProbe;
    assert.deepEqual(grpc, { grpc: { port: 9000, service: '' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    const hook = web(defaulted((s) => { web(s).lifecycle = { preStop: { httpGet: { port: 80 } } }; })).lifecycle;
    assert.deepEqual(hook, { preStop: { httpGet: { port: 80, path: '/', scheme: 'HTTP' } } });
  });
  it('requests default to limits on pods, not on templates', () => {
    const spec = defaulted();
    assert.deepEqual(spec.containers[1]?.resources, { limits: { cpu: '100m', memory: '64Mi' }, requests: { cpu: '100m', memory: '64Mi' } });
    assert.deepEqual(web(spec).resources?.requests, { cpu: '250m', memory: '256Mi' });
    const template = podFixture().spec as PodSpec;
    defaultPodSpec(template);
    assert.equal(template.containers[1]?.resources?.requests, undefined);
    assert.equal(template.enableServiceLinks, undefined);
  });
  it('resource quantities round up to milli units', () => {
    const spec = defaulted((s) => { web(s).resources = { limits: { cpu: '100u', memory: '1.0001' }, requests: { cpu: '0.0000001' } }; });
    assert.deepEqual(web(spec).resources, { limits: { cpu: '1m', memory: '1001m' }, requests: { cpu: '1m', memory: '1001m' } });
  });
  it('volumes', () => {
    const spec = defaulted((s) => { s.volumes?.push({ name: 'plain' }, { name: 'host', hostPath: { path: '/x' } }); });
    const [config, tls, , plain, host] = spec.volumes ?? [];
    assert.equal(config?.configMap?.defaultMode, 420);
    assert.equal(tls?.secret?.defaultMode, 420);
    assert.deepEqual(plain, { name: 'plain', emptyDir: {} });
    assert.equal(host?.hostPath?.type, '');
  });
  it('host network copies container ports to host ports', () => {
    const spec = defaulted((s) => { s.hostNetwork = true; });
    assert.deepEqual(web(spec).ports?.map((p) => p.hostPort), [8080, 9102]);
  });
});

describe('imageTag (pull policy)', () => {
  const table: [string, string][] = [
    ['nginx', 'latest'], ['nginx:latest', 'latest'], ['nginx:1.25', '1.25'], ['registry:5000/team/app', 'latest'], ['registry:5000/team/app:v2', 'v2'],
    [`nginx@sha256:${'a'.repeat(64)}`, ''], [`nginx:1.25@sha256:${'a'.repeat(64)}`, '1.25'], ['Nginx', ''], ['', ''],
  ];
  for (const [image, tag] of table) it(`${JSON.stringify(image)} -> ${JSON.stringify(tag)}`, () => assert.equal(imageTag(image), tag));
  it('Always for latest, IfNotPresent otherwise', () => {
    const spec = defaulted((s) => { web(s).image = 'nginx'; (s.containers[1] as Container).image = 'nginx:1.25'; });
    assert.deepEqual(spec.containers.map((c) => c.imagePullPolicy), ['Always', 'IfNotPresent']);
  });
});
