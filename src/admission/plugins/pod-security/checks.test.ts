// One row per check of the Pod Security Standards (pod-security-admission v0.25): a pod it allows, a pod it
// refuses, and the refusal's reason and detail in upstream's words.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ObjectMeta } from '../../../apis/meta/v1/types.js';
import type { Container, PodSpec } from '../../../apis/core/v1/schemas.generated.js';
import { DEFAULT_CHECKS, type Violation } from './checks.js';

interface PodLike {
  metadata?: ObjectMeta;
  spec: Partial<PodSpec>;
}

/** The revision of a check in force at policy version v1.`minor`. */
function check(id: string, minor: number) {
  const found = DEFAULT_CHECKS.find((c) => c.id === id);
  assert.ok(found, id);
  const revision = found.versions.findLast((r) => r.minimumVersion <= minor);
  assert.ok(revision, `${id} at v1.${minor}`);
  return (pod: PodLike): Violation | undefined => revision.checkPod(pod.metadata ?? {}, { containers: [], ...pod.spec });
}

const containers = (...list: Partial<Container>[]): Container[] => list.map((c, i) => ({ name: c.name ?? String.fromCharCode(97 + i), image: 'img', ...c }));
const ctx = (securityContext: Container['securityContext']): Partial<Container> => ({ securityContext });

interface Row {
  id: string;
  /** Policy version (minor); default 25. */
  version?: number;
  allowed: PodLike[];
  refused: PodLike;
  reason: string;
  detail: string;
}

const rows: Row[] = [
  {
    id: 'hostNamespaces',
    allowed: [{ spec: {} }, { spec: { hostNetwork: false, hostPID: false, hostIPC: false } }],
    refused: { spec: { hostPID: true, hostNetwork: true, hostIPC: true } },
    reason: 'host namespaces',
    detail: 'hostIPC, hostNetwork, hostPID',
  },
  {
    id: 'privileged',
    allowed: [{ spec: { containers: containers(ctx({ privileged: false }), {}) } }],
    refused: { spec: { initContainers: containers({ name: 'init', securityContext: { privileged: true } }), containers: containers(ctx({ privileged: true }), ctx({ privileged: false })) } },
    reason: 'privileged',
    detail: 'containers "init", "a" must not set securityContext.privileged=true',
  },
  {
    id: 'capabilities_baseline',
    allowed: [{ spec: { containers: containers(ctx({ capabilities: { add: ['CHOWN', 'NET_BIND_SERVICE', 'SYS_CHROOT'], drop: ['ALL'] } })) } }],
    refused: { spec: { containers: containers(ctx({ capabilities: { add: ['FOO', 'BAR'] } }), ctx({ capabilities: { add: ['CHOWN'] } }), ctx({ capabilities: { add: ['BAZ', 'FOO'] } })) } },
    reason: 'non-default capabilities',
    detail: 'containers "a", "c" must not include "BAR", "BAZ", "FOO" in securityContext.capabilities.add',
  },
  {
    id: 'hostPathVolumes',
    allowed: [{ spec: { volumes: [{ name: 'a', emptyDir: {} }] } }],
    refused: { spec: { volumes: [{ name: 'a', hostPath: { path: '/a' } }, { name: 'b', emptyDir: {} }, { name: 'c', hostPath: { path: '/c' } }] } },
    reason: 'hostPath volumes',
    detail: 'volumes "a", "c"',
  },
  {
    id: 'hostPorts',
    allowed: [{ spec: { containers: containers({ ports: [{ containerPort: 80 }, { containerPort: 81, hostPort: 0 }] }) } }],
    refused: { spec: { containers: containers({ ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 81, hostPort: 0 }] }, {}, { ports: [{ containerPort: 82, hostPort: 10000 }, { containerPort: 83, hostPort: 8080 }] }) } },
    reason: 'hostPort',
    // A set of strings upstream: sorted as text.
    detail: 'containers "a", "c" use hostPorts 10000, 8080',
  },
  {
    id: 'appArmorProfile',
    allowed: [{ metadata: { annotations: { 'container.apparmor.security.beta.kubernetes.io/a': 'runtime/default', 'container.apparmor.security.beta.kubernetes.io/b': 'localhost/mine', 'container.apparmor.security.beta.kubernetes.io/c': '' } }, spec: {} }],
    refused: { metadata: { annotations: { 'container.apparmor.security.beta.kubernetes.io/d': 'unconfined', 'container.apparmor.security.beta.kubernetes.io/a': 'x"y', other: 'unconfined' } }, spec: {} },
    reason: 'forbidden AppArmor profiles',
    detail: 'container.apparmor.security.beta.kubernetes.io/a="x\\"y", container.apparmor.security.beta.kubernetes.io/d="unconfined"',
  },
  {
    id: 'seLinuxOptions',
    allowed: [{ spec: { securityContext: { seLinuxOptions: { type: 'container_t', level: 's0:c1,c2' } }, containers: containers(ctx({ seLinuxOptions: { type: 'container_kvm_t' } }), ctx({ seLinuxOptions: {} })) } }],
    refused: {
      spec: {
        securityContext: { seLinuxOptions: { type: 'foo', user: 'bar', role: 'baz' } },
        containers: containers(ctx({ seLinuxOptions: { type: 'container_t' } }), ctx({ seLinuxOptions: { type: 'container_engine_t' } }), ctx({ seLinuxOptions: { type: 'bar' } }), ctx({ seLinuxOptions: { user: 'bar' } })),
      },
    },
    reason: 'seLinuxOptions',
    // container_engine_t is allowed only from 1.31.
    detail: 'pod and containers "b", "c", "d" set forbidden securityContext.seLinuxOptions: types "bar", "container_engine_t", "foo"; user may not be set; role may not be set',
  },
  {
    id: 'seLinuxOptions',
    allowed: [],
    refused: { spec: { securityContext: { seLinuxOptions: { user: 'bad' } } } },
    reason: 'seLinuxOptions',
    // 1.25's message names user and role only beside a bad type (kubernetes#113111 fixed it in 1.26).
    detail: 'pod set forbidden securityContext.seLinuxOptions: ',
  },
  {
    id: 'procMount',
    allowed: [{ spec: { containers: containers(ctx({ procMount: 'Default' }), ctx({})) } }],
    refused: { spec: { containers: containers(ctx({ procMount: 'Unmasked' }), ctx({ procMount: 'Default' }), ctx({ procMount: 'other' })) } },
    reason: 'procMount',
    detail: 'containers "a", "c" must not set securityContext.procMount to "Unmasked", "other"',
  },
  {
    id: 'seccompProfile_baseline',
    allowed: [{ spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: containers(ctx({ seccompProfile: { type: 'Localhost', localhostProfile: 'p.json' } }), {}) } }],
    refused: { spec: { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: containers(ctx({ seccompProfile: { type: 'Unconfined' } }), ctx({ seccompProfile: { type: 'RuntimeDefault' } }), ctx({ seccompProfile: { type: 'Bogus' } })) } },
    reason: 'seccompProfile',
    detail: 'pod and containers "a", "c" must not set securityContext.seccompProfile.type to "Bogus", "Unconfined"',
  },
  {
    id: 'seccompProfile_baseline',
    version: 18,
    // Before 1.19 the alpha annotations are checked (and the fields are not).
    allowed: [{ metadata: { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default', 'container.seccomp.security.alpha.kubernetes.io/a': 'localhost/p' } }, spec: { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: containers({}) } }],
    refused: { metadata: { annotations: { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined', 'container.seccomp.security.alpha.kubernetes.io/a': 'unconfined', 'container.seccomp.security.alpha.kubernetes.io/z': 'unconfined' } }, spec: { containers: containers({}) } },
    reason: 'seccompProfile',
    detail: 'forbidden annotations container.seccomp.security.alpha.kubernetes.io/a="unconfined", seccomp.security.alpha.kubernetes.io/pod="unconfined"',
  },
  {
    id: 'sysctls',
    allowed: [{ spec: { securityContext: { sysctls: [{ name: 'net.ipv4.tcp_syncookies', value: '1' }, { name: 'kernel.shm_rmid_forced', value: '0' }] } } }],
    refused: { spec: { securityContext: { sysctls: [{ name: 'net.core.somaxconn', value: '1' }, { name: 'net.ipv4.ip_local_port_range', value: '1 2' }, { name: 'kernel.msgmax', value: '1' }] } } },
    reason: 'forbidden sysctls',
    detail: 'net.core.somaxconn, kernel.msgmax',
  },
  {
    id: 'windowsHostProcess',
    allowed: [{ spec: { securityContext: { windowsOptions: { hostProcess: false } }, containers: containers(ctx({ windowsOptions: { runAsUserName: 'x' } })) } }],
    refused: { spec: { securityContext: { windowsOptions: { hostProcess: true } }, containers: containers(ctx({ windowsOptions: { hostProcess: true } }), {}) } },
    reason: 'hostProcess',
    detail: 'pod and container "a" must not set securityContext.windowsOptions.hostProcess=true',
  },
  {
    id: 'allowPrivilegeEscalation',
    allowed: [{ spec: { containers: containers(ctx({ allowPrivilegeEscalation: false })) } }, { spec: { os: { name: 'windows' }, containers: containers({}) } }],
    refused: { spec: { initContainers: containers({ name: 'i' }), containers: containers(ctx({ allowPrivilegeEscalation: true }), ctx({ allowPrivilegeEscalation: false })) } },
    reason: 'allowPrivilegeEscalation != false',
    detail: 'containers "i", "a" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    id: 'allowPrivilegeEscalation',
    version: 24,
    allowed: [],
    // Windows pods are exempt from 1.25 only.
    refused: { spec: { os: { name: 'windows' }, containers: containers({}) } },
    reason: 'allowPrivilegeEscalation != false',
    detail: 'container "a" must set securityContext.allowPrivilegeEscalation=false',
  },
  {
    id: 'capabilities_restricted',
    allowed: [{ spec: { containers: containers(ctx({ capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] } })) } }, { spec: { os: { name: 'windows' }, containers: containers({}) } }],
    refused: { spec: { containers: containers({}, ctx({ capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE', 'FOO'] } }), ctx({ capabilities: { drop: ['NET_RAW'], add: ['CHOWN'] } })) } },
    reason: 'unrestricted capabilities',
    detail: 'containers "a", "c" must set securityContext.capabilities.drop=["ALL"]; containers "b", "c" must not include "CHOWN", "FOO" in securityContext.capabilities.add',
  },
  {
    id: 'restrictedVolumes',
    allowed: [{ spec: { volumes: [{ name: 'a', configMap: { name: 'c' } }, { name: 'b', secret: {} }, { name: 'c', projected: {} }, { name: 'd', persistentVolumeClaim: { claimName: 'x' } }, { name: 'e', csi: { driver: 'd' } }, { name: 'f', ephemeral: {} }, { name: 'g', downwardAPI: {} }, { name: 'h', emptyDir: {} }] } }],
    refused: { spec: { volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', hostPath: { path: '/' } }, { name: 'c', nfs: { server: 's', path: '/' } }, { name: 'd' }, { name: 'e', hostPath: { path: '/e' } }] } },
    reason: 'restricted volume types',
    detail: 'volumes "b", "c", "d", "e" use restricted volume types "hostPath", "nfs", "unknown"',
  },
  {
    id: 'runAsNonRoot',
    allowed: [{ spec: { securityContext: { runAsNonRoot: true }, containers: containers({}) } }, { spec: { containers: containers(ctx({ runAsNonRoot: true })) } }],
    refused: { spec: { containers: containers({}, ctx({ runAsNonRoot: true }), {}) } },
    reason: 'runAsNonRoot != true',
    detail: 'pod or containers "a", "c" must set securityContext.runAsNonRoot=true',
  },
  {
    id: 'runAsNonRoot',
    allowed: [],
    refused: { spec: { securityContext: { runAsNonRoot: false }, containers: containers(ctx({ runAsNonRoot: false }), {}) } },
    reason: 'runAsNonRoot != true',
    detail: 'pod and container "a" must not set securityContext.runAsNonRoot=false',
  },
  {
    id: 'runAsUser',
    allowed: [{ spec: { securityContext: { runAsUser: 1000 }, containers: containers(ctx({ runAsUser: 1 }), {}) } }],
    refused: { spec: { securityContext: { runAsUser: 0 }, containers: containers(ctx({ runAsUser: 0 }), ctx({ runAsUser: 1000 })) } },
    reason: 'runAsUser=0',
    detail: 'pod and container "a" must not set runAsUser=0',
  },
  {
    id: 'seccompProfile_restricted',
    allowed: [{ spec: { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: containers({}) } }, { spec: { os: { name: 'windows' }, containers: containers({}) } }],
    refused: { spec: { containers: containers({}, ctx({ seccompProfile: { type: 'Localhost', localhostProfile: 'p' } }), {}) } },
    reason: 'seccompProfile',
    detail: 'pod or containers "a", "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"',
  },
  {
    id: 'seccompProfile_restricted',
    allowed: [],
    refused: { spec: { securityContext: { seccompProfile: { type: 'Unconfined' } }, containers: containers({}, ctx({ seccompProfile: { type: 'Unconfined' } })) } },
    reason: 'seccompProfile',
    detail: 'pod and container "b" must not set securityContext.seccompProfile.type to "Unconfined"',
  },
];

describe('the Pod Security Standards checks of pod-security-admission v0.25', () => {
  for (const row of rows) {
    const version = row.version ?? 25;
    it(`${row.id} v1.${version}: ${row.detail || row.reason}`, () => {
      const run = check(row.id, version);
      for (const pod of row.allowed) assert.equal(run(pod), undefined, JSON.stringify(pod));
      assert.deepEqual(run(row.refused), { reason: row.reason, detail: row.detail });
    });
  }

  it('every check has a row', () => {
    const covered = new Set(rows.map((r) => r.id));
    assert.deepEqual(DEFAULT_CHECKS.map((c) => c.id).filter((id) => !covered.has(id)), []);
  });

  it('counts ephemeral containers as containers', () => {
    const pod = { spec: { ephemeralContainers: [{ name: 'debug', image: 'busybox', securityContext: { privileged: true } }] } };
    assert.deepEqual(check('privileged', 25)(pod), { reason: 'privileged', detail: 'container "debug" must not set securityContext.privileged=true' });
  });
});
