// Which checks a level and version run, in what order, and how their results read together.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PodSpec } from '../../../apis/core/v1/schemas.generated.js';
import { parseVersion, type Level, type LevelVersion } from './api.js';
import { forbiddenDetail, forbiddenReason, newEvaluator } from './evaluator.js';

const evaluator = newEvaluator();
const lv = (level: Level, version: string): LevelVersion => ({ level, version: parseVersion(version).version });
const reasons = (level: Level, version: string, spec: Partial<PodSpec>, annotations?: Record<string, string>): string =>
  forbiddenReason(evaluator.evaluatePod(lv(level, version), { ...(annotations ? { annotations } : {}) }, { containers: [], ...spec }));

/** A pod that breaks every rule it can. */
const worst: Partial<PodSpec> = {
  hostNetwork: true,
  securityContext: { runAsUser: 0, sysctls: [{ name: 'kernel.msgmax', value: '1' }] },
  volumes: [{ name: 'host', hostPath: { path: '/' } }],
  containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 80, hostPort: 80 }], securityContext: { privileged: true, capabilities: { add: ['SYS_ADMIN'] }, procMount: 'Unmasked' } }],
};

describe('the evaluator', () => {
  it('runs baseline checks in order of ID, then restricted checks in order of ID', () => {
    assert.equal(reasons('baseline', 'latest', worst), 'non-default capabilities, host namespaces, hostPath volumes, hostPort, privileged, procMount, forbidden sysctls');
    assert.equal(
      reasons('restricted', 'latest', worst),
      'host namespaces, hostPort, privileged, procMount, forbidden sysctls, allowPrivilegeEscalation != false, unrestricted capabilities, restricted volume types, runAsNonRoot != true, runAsUser=0, seccompProfile',
    );
  });

  it('gives the details in parentheses, as the refusal of one pod shows them', () => {
    const pod: Partial<PodSpec> = { containers: [{ name: 'c', image: 'i' }] };
    assert.equal(
      forbiddenDetail(evaluator.evaluatePod(lv('restricted', 'latest'), {}, { containers: [], ...pod })),
      'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), ' +
        'unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), ' +
        'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), ' +
        'seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
  });

  it('finds nothing at privileged', () => {
    assert.deepEqual(evaluator.evaluatePod(lv('privileged', 'latest'), {}, { containers: [], ...worst }), []);
  });

  it('applies each check from its policy version on', () => {
    const plain: Partial<PodSpec> = { securityContext: { runAsNonRoot: true, runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'c', image: 'i', securityContext: { capabilities: { add: ['SYS_ADMIN'] } } }] };
    // runAsUser from 1.23, restricted capabilities from 1.22 (baseline's before), allowPrivilegeEscalation from 1.8.
    assert.equal(reasons('restricted', 'v1.23', plain), 'allowPrivilegeEscalation != false, unrestricted capabilities, runAsUser=0');
    assert.equal(reasons('restricted', 'v1.22', plain), 'allowPrivilegeEscalation != false, unrestricted capabilities');
    assert.equal(reasons('restricted', 'v1.21', plain), 'non-default capabilities, allowPrivilegeEscalation != false');
    assert.equal(reasons('restricted', 'v1.7', plain), 'non-default capabilities');
    // Seccomp: the fields from 1.19, the alpha annotations before.
    const annotated = { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined' };
    assert.equal(reasons('baseline', 'v1.18', { containers: [{ name: 'c', image: 'i' }] }, annotated), 'seccompProfile');
    assert.equal(reasons('baseline', 'v1.19', { containers: [{ name: 'c', image: 'i' }] }, annotated), '');
  });

  it('exempts Windows pods from the Linux-only restricted checks from 1.25', () => {
    const windows: Partial<PodSpec> = { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'c', image: 'i' }] };
    assert.equal(reasons('restricted', 'latest', windows), '');
    assert.equal(reasons('restricted', 'v1.24', windows), 'allowPrivilegeEscalation != false, unrestricted capabilities, seccompProfile');
  });

  it('evaluates versions past 1.25 and latest as 1.25', () => {
    const spec: Partial<PodSpec> = { os: { name: 'windows' }, containers: [{ name: 'c', image: 'i' }] };
    assert.equal(reasons('restricted', 'v1.99', spec), reasons('restricted', 'latest', spec));
    assert.equal(reasons('restricted', 'v1.99', spec), 'runAsNonRoot != true');
  });

  it('lets restricted checks stand in for the baseline checks they cover', () => {
    const hostPath: Partial<PodSpec> = { volumes: [{ name: 'h', hostPath: { path: '/' } }] };
    assert.equal(reasons('baseline', 'latest', hostPath), 'hostPath volumes');
    assert.equal(reasons('restricted', 'latest', hostPath), 'restricted volume types');
  });

  it('reads the reasons of several checks as upstream aggregates them', () => {
    assert.equal(forbiddenReason([{ reason: 'a', detail: '' }, { reason: '', detail: 'x' }]), 'a, unknown forbidden reason');
    assert.equal(forbiddenDetail([{ reason: 'a', detail: '' }, { reason: 'b', detail: 'x' }]), 'a, b (x)');
  });
});
