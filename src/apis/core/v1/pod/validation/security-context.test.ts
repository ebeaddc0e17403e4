import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validatePod } from './pod.js';
import { type Case, changed, runCases, shape } from './test-support.js';

const C0 = 'spec.containers[0]';
const RANGE = 'must be between 0 and 2147483647, inclusive';
const WIN = 'cannot be set for a windows pod';

const cases: Case[] = [
  { name: 'runAsUser range', change: (_p, _s, web) => { web.securityContext = { runAsUser: -1 }; }, want: [['Invalid', `${C0}.securityContext.runAsUser`, RANGE]] },
  { name: 'runAsGroup range', change: (_p, _s, web) => { web.securityContext = { runAsGroup: 2147483648 }; }, want: [['Invalid', `${C0}.securityContext.runAsGroup`, RANGE]] },
  { name: 'procMount unknown', change: (_p, _s, web) => { web.securityContext = { procMount: 'Masked' }; }, want: [['NotSupported', `${C0}.securityContext.procMount`, 'supported values: "Default", "Unmasked"']] },
  {
    name: 'no privilege escalation while privileged',
    change: (_p, _s, web) => { web.securityContext = { privileged: true, allowPrivilegeEscalation: false }; },
    want: [['Invalid', `${C0}.securityContext`, 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true']],
  },
  {
    name: 'no privilege escalation with CAP_SYS_ADMIN',
    change: (_p, _s, web) => { web.securityContext = { allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN'] } }; },
    want: [['Invalid', `${C0}.securityContext`, 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN']],
  },
  { name: 'seccomp type required', change: (_p, _s, web) => { web.securityContext = { seccompProfile: { type: '' } }; }, want: [['Required', `${C0}.securityContext.seccompProfile.type`, 'type is required when seccompProfile is set']] },
  {
    name: 'seccomp type unknown',
    change: (_p, _s, web) => { web.securityContext = { seccompProfile: { type: 'Default' } }; },
    want: [['NotSupported', `${C0}.securityContext.seccompProfile.type`, 'supported values: "Localhost", "RuntimeDefault", "Unconfined"']],
  },
  {
    name: 'seccomp Localhost needs a profile',
    change: (_p, _s, web) => { web.securityContext = { seccompProfile: { type: 'Localhost' } }; },
    want: [['Required', `${C0}.securityContext.seccompProfile.localhostProfile`, 'must be set when seccomp type is Localhost']],
  },
  {
    name: 'seccomp Localhost profile is a relative path',
    change: (_p, _s, web) => { web.securityContext = { seccompProfile: { type: 'Localhost', localhostProfile: '/etc/p.json' } }; },
    want: [['Invalid', `${C0}.securityContext.seccompProfile.localhostProfile`, 'must be a relative path']],
  },
  {
    name: 'seccomp profile only with Localhost',
    change: (_p, spec) => { spec.securityContext = { seccompProfile: { type: 'RuntimeDefault', localhostProfile: 'p.json' } }; },
    want: [['Invalid', 'spec.securityContext.seccompProfile.localhostProfile', 'can only be set when seccomp type is Localhost']],
  },
  {
    name: 'pod ids',
    change: (_p, spec) => { spec.securityContext = { fsGroup: -2, runAsUser: -1, supplementalGroups: [1, -3] }; },
    want: [
      ['Invalid', 'spec.securityContext.fsGroup', RANGE],
      ['Invalid', 'spec.securityContext.runAsUser', RANGE],
      ['Invalid', 'spec.securityContext.supplementalGroups[1]', RANGE],
    ],
  },
  {
    name: 'shareProcessNamespace with hostPID',
    change: (_p, spec) => { spec.shareProcessNamespace = true; spec.hostPID = true; },
    want: [['Invalid', 'spec.securityContext.shareProcessNamespace', 'ShareProcessNamespace and HostPID cannot both be enabled']],
  },
  {
    name: 'sysctls',
    change: (_p, spec) => { spec.securityContext = { sysctls: [{ name: '', value: '1' }, { name: 'Net.Foo', value: '1' }, { name: 'net.core.somaxconn', value: '1' }, { name: 'net.core.somaxconn', value: '2' }] }; },
    want: [
      ['Required', 'spec.securityContext.sysctls[0].name', ''],
      ['Invalid', 'spec.securityContext.sysctls[1].name', 'must have at most 253 characters and match regex ([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?'],
      ['Duplicate', 'spec.securityContext.sysctls[3].name', ''],
    ],
  },
  {
    name: 'fsGroupChangePolicy unknown',
    change: (_p, spec) => { spec.securityContext = { fsGroupChangePolicy: 'Never' }; },
    want: [['NotSupported', 'spec.securityContext.fsGroupChangePolicy', 'supported values: "Always", "OnRootMismatch"']],
  },
  {
    name: 'windows runAsUserName rules',
    change: (_p, _s, web) => { web.securityContext = { windowsOptions: { runAsUserName: 'A\\B\\C' } }; },
    want: [['Invalid', `${C0}.securityContext.windowsOptions.runAsUserName`, 'runAsUserName cannot contain more than one backslash']],
  },
  {
    name: 'windows user name characters and domain',
    change: (_p, _s, web) => { web.securityContext = { windowsOptions: { runAsUserName: '.bad\\us@r' } }; },
    want: [
      ['Invalid', `${C0}.securityContext.windowsOptions.runAsUserName`, "runAsUserName's Domain doesn't match the NetBios nor the DNS format"],
      ['Invalid', `${C0}.securityContext.windowsOptions.runAsUserName`, 'runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]'],
    ],
  },
  {
    name: 'windows gmsa spec empty and spec name',
    change: (_p, spec) => { spec.securityContext = { windowsOptions: { gmsaCredentialSpec: '', gmsaCredentialSpecName: 'Bad_Name' } }; },
    want: [
      ['Invalid', 'spec.securityContext.windowsOptions.gmsaCredentialSpecName', "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"],
      ['Invalid', 'spec.securityContext.windowsOptions.gmsaCredentialSpec', 'gmsaCredentialSpec cannot be an empty string'],
    ],
  },
  {
    name: 'hostProcess: all containers, hostNetwork',
    change: (_p, _spec, web) => { web.securityContext = { windowsOptions: { hostProcess: true } }; },
    want: [
      ['Invalid', 'spec', 'If pod contains any hostProcess containers then all containers must be HostProcess containers'],
      ['Invalid', 'spec.hostNetwork', 'hostNetwork must be true if pod contains any hostProcess containers'],
    ],
  },
  {
    name: 'hostProcess differs from the pod',
    change: (_p, spec, web) => {
      spec.hostNetwork = true;
      spec.securityContext = { windowsOptions: { hostProcess: true } };
      web.securityContext = { windowsOptions: { hostProcess: false } };
    },
    want: [
      ['Invalid', `${C0}.securityContext.windowsOptions.hostProcess`, 'pod hostProcess value must be identical if both are specified, was true'],
      ['Invalid', 'spec', 'If pod contains any hostProcess containers then all containers must be HostProcess containers'],
    ],
  },
  { name: 'os name required', change: (_p, spec) => { spec.os = { name: '' }; }, want: [['Required', 'spec.os.name', 'cannot be empty']] },
  { name: 'os name unknown', change: (_p, spec) => { spec.os = { name: 'plan9' }; }, want: [['NotSupported', 'spec.os', 'supported values: "linux", "windows"']] },
  {
    name: 'linux pod without windows options',
    change: (_p, spec, web) => { spec.os = { name: 'linux' }; web.securityContext = { windowsOptions: { runAsUserName: 'u' } }; },
    want: [['Forbidden', `${C0}.securityContext.windowsOptions`, 'windows options cannot be set for a linux pod']],
  },
  {
    name: 'windows pod without linux settings',
    change: (_p, spec, web) => {
      spec.os = { name: 'windows' };
      spec.hostPID = true;
      spec.shareProcessNamespace = false;
      spec.securityContext = { fsGroup: 1, seLinuxOptions: { level: 's0' }, sysctls: [{ name: 'a.b', value: '1' }], supplementalGroups: [1] };
      web.securityContext = { privileged: false, runAsUser: 1, capabilities: {} };
    },
    want: [
      ['Forbidden', 'spec.securityContext.seLinuxOptions', WIN],
      ['Forbidden', 'spec.hostPID', WIN],
      ['Forbidden', 'spec.securityContext.fsGroup', WIN],
      ['Forbidden', 'spec.securityContext.sysctls', WIN],
      ['Forbidden', 'spec.shareProcessNamespace', WIN],
      ['Forbidden', 'spec.securityContext.supplementalGroups', WIN],
      ['Forbidden', `${C0}.securityContext.capabilities`, WIN],
      ['Forbidden', `${C0}.securityContext.privileged`, WIN],
      ['Forbidden', `${C0}.securityContext.runAsUser`, WIN],
    ],
  },
  {
    name: 'user namespaces: volumes and host namespaces',
    change: (_p, spec) => {
      spec.hostUsers = false;
      spec.hostNetwork = true;
      spec.hostIPC = true;
      spec.volumes?.push({ name: 'host', hostPath: { path: '/var', type: '' } });
    },
    want: [
      ['Forbidden', 'spec.volumes[3]', 'volume type not supported when `pod.Spec.HostUsers` is false'],
      ['Forbidden', 'spec.hostNetwork', 'when `pod.Spec.HostUsers` is false'],
      ['Forbidden', 'spec.HostIPC', 'when `pod.Spec.HostUsers` is false'],
    ],
  },
];

runCases('pod security validation (upstream 1.25)', cases, (pod) => validatePod(pod));

describe('privileged containers', () => {
  it('privileged containers follow --allow-privileged', () => {
    const pod = changed((_p, _s, web) => { web.securityContext = { privileged: true }; });
    assert.deepEqual(shape(validatePod(pod)), []);
    assert.deepEqual(shape(validatePod(pod, { allowPrivileged: false })), [['Forbidden', `${C0}.securityContext.privileged`, 'disallowed by cluster policy']]);
  });
});
