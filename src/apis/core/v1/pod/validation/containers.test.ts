import type { Container, EphemeralContainer } from '../../schemas.generated.js';
import { validatePod } from './pod.js';
import { type Case, runCases } from './test-support.js';

const DNS_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const ENV_NAME =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";
const C0 = 'spec.containers[0]';
const sidecar = (spec: { containers: Container[] }): Container => spec.containers[1] as Container;

const cases: Case[] = [
  { name: 'valid fixture', change: () => {}, want: [] },
  { name: 'no containers', change: (_p, spec) => { spec.containers = []; }, want: [['Required', 'spec.containers', '']] },
  { name: 'container name required', change: (_p, _s, web) => { web.name = ''; }, want: [['Required', `${C0}.name`, '']] },
  { name: 'container name DNS label', change: (_p, _s, web) => { web.name = 'Web'; }, want: [['Invalid', `${C0}.name`, DNS_LABEL]] },
  { name: 'duplicate container name', change: (_p, spec) => { sidecar(spec).name = 'web'; }, want: [['Duplicate', 'spec.containers[1].name', '']] },
  {
    name: 'init container name taken by a container',
    change: (_p, spec) => { spec.initContainers = [{ ...sidecar(spec), name: 'web', livenessProbe: undefined }]; },
    want: [['Duplicate', 'spec.initContainers[0].name', '']],
  },
  { name: 'image required', change: (_p, _s, web) => { web.image = ''; }, want: [['Required', `${C0}.image`, '']] },
  { name: 'image whitespace', change: (_p, _s, web) => { web.image = ' nginx'; }, want: [['Invalid', `${C0}.image`, 'must not have leading or trailing whitespace']] },
  { name: 'pull policy unknown', change: (_p, _s, web) => { web.imagePullPolicy = 'Sometimes'; }, want: [['NotSupported', `${C0}.imagePullPolicy`, 'supported values: "Always", "IfNotPresent", "Never"']] },
  { name: 'termination message policy empty', change: (_p, _s, web) => { web.terminationMessagePolicy = ''; }, want: [['Required', `${C0}.terminationMessagePolicy`, "must be 'File' or 'FallbackToLogsOnError'"]] },
  { name: 'termination message policy unknown', change: (_p, _s, web) => { web.terminationMessagePolicy = 'X'; }, want: [['NotSupported', `${C0}.terminationMessagePolicy`, 'supported values: "File", "FallbackToLogsOnError"']] },
  // Ports
  { name: 'port number zero', change: (_p, _s, web) => { (web.ports ?? [])[0] = { containerPort: 0, protocol: 'TCP' }; }, want: [['Required', `${C0}.ports[0].containerPort`, '']] },
  { name: 'port number range', change: (_p, _s, web) => { (web.ports ?? [])[0] = { containerPort: 70000, protocol: 'TCP' }; }, want: [['Invalid', `${C0}.ports[0].containerPort`, 'must be between 1 and 65535, inclusive']] },
  { name: 'host port range', change: (_p, _s, web) => { (web.ports ?? [])[0] = { containerPort: 80, hostPort: -1, protocol: 'TCP' }; }, want: [['Invalid', `${C0}.ports[0].hostPort`, 'must be between 1 and 65535, inclusive']] },
  {
    name: 'port name rules',
    change: (_p, _s, web) => { (web.ports ?? [])[0] = { name: '-Http--', containerPort: 80, protocol: 'TCP' }; },
    want: [
      ['Invalid', `${C0}.ports[0].name`, 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)'],
      ['Invalid', `${C0}.ports[0].name`, 'must not contain consecutive hyphens'],
      ['Invalid', `${C0}.ports[0].name`, 'must not begin or end with a hyphen'],
    ],
  },
  { name: 'port name letter', change: (_p, _s, web) => { (web.ports ?? [])[0] = { name: '8080', containerPort: 80, protocol: 'TCP' }; }, want: [['Invalid', `${C0}.ports[0].name`, 'must contain at least one letter (a-z)']] },
  { name: 'port name length', change: (_p, _s, web) => { (web.ports ?? [])[0] = { name: 'a-very-long-port-name', containerPort: 80, protocol: 'TCP' }; }, want: [['Invalid', `${C0}.ports[0].name`, 'must be no more than 15 characters']] },
  { name: 'duplicate port name', change: (_p, _s, web) => { (web.ports ?? [])[1] = { name: 'http', containerPort: 81, protocol: 'TCP' }; }, want: [['Duplicate', `${C0}.ports[1].name`, '']] },
  { name: 'protocol unknown', change: (_p, _s, web) => { (web.ports ?? [])[0] = { containerPort: 80, protocol: 'ICMP' }; }, want: [['NotSupported', `${C0}.ports[0].protocol`, 'supported values: "SCTP", "TCP", "UDP"']] },
  { name: 'protocol empty', change: (_p, _s, web) => { (web.ports ?? [])[0] = { containerPort: 80, protocol: '' }; }, want: [['Required', `${C0}.ports[0].protocol`, '']] },
  {
    name: 'host port conflict across containers',
    change: (_p, spec, web) => {
      (web.ports ?? [])[0] = { containerPort: 80, hostPort: 80, protocol: 'TCP' };
      sidecar(spec).ports = [{ containerPort: 81, hostPort: 80, protocol: 'TCP' }];
    },
    want: [['Duplicate', 'spec.containers[1].ports[0].hostPort', '']],
  },
  // Env
  { name: 'env name required', change: (_p, _s, web) => { (web.env ?? [])[0] = { name: '', value: 'x' }; }, want: [['Required', `${C0}.env[0].name`, '']] },
  { name: 'env name starts with digit', change: (_p, _s, web) => { (web.env ?? [])[0] = { name: '1X', value: 'x' }; }, want: [['Invalid', `${C0}.env[0].name`, ENV_NAME]] },
  { name: 'env name dots', change: (_p, _s, web) => { (web.env ?? [])[0] = { name: '..x', value: 'x' }; }, want: [['Invalid', `${C0}.env[0].name`, "must not start with '..'"]] },
  { name: 'env name with dash and dot is fine', change: (_p, _s, web) => { (web.env ?? [])[0] = { name: 'my.env-name', value: 'x' }; }, want: [] },
  { name: 'valueFrom without source', change: (_p, _s, web) => { (web.env ?? [])[0] = { name: 'A', valueFrom: {} }; }, want: [['Invalid', `${C0}.env[0].valueFrom`, 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`']] },
  {
    name: 'valueFrom with value',
    change: (_p, _s, web) => { (web.env ?? [])[0] = { name: 'A', value: 'x', valueFrom: { configMapKeyRef: { name: 'c', key: 'k' } } }; },
    want: [['Invalid', `${C0}.env[0].valueFrom`, 'may not be specified when `value` is not empty']],
  },
  {
    name: 'valueFrom with two sources',
    change: (_p, _s, web) => { (web.env ?? [])[0] = { name: 'A', valueFrom: { configMapKeyRef: { name: 'c', key: 'k' }, secretKeyRef: { name: 's', key: 'k' } } }; },
    want: [['Invalid', `${C0}.env[0].valueFrom`, 'may not have more than one field specified at a time']],
  },
  {
    name: 'fieldRef path not supported',
    change: (_p, _s, web) => { (web.env ?? [])[1] = { name: 'A', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.schedulerName' } } }; },
    want: [['NotSupported', `${C0}.env[1].valueFrom.fieldRef.fieldPath`, 'supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.podIP", "status.podIPs"']],
  },
  {
    name: 'secretKeyRef key required',
    change: (_p, _s, web) => { (web.env ?? [])[3] = { name: 'A', valueFrom: { secretKeyRef: { name: 's', key: '' } } }; },
    want: [['Required', `${C0}.env[3].valueFrom.secretKeyRef.key`, '']],
  },
  {
    name: 'resourceFieldRef resource unknown',
    change: (_p, _s, web) => { (web.env ?? [])[4] = { name: 'A', valueFrom: { resourceFieldRef: { resource: 'limits.gpu' } } }; },
    want: [['NotSupported', `${C0}.env[4].valueFrom.resourceFieldRef.resource`, 'supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"']],
  },
  { name: 'envFrom without source', change: (_p, _s, web) => { web.envFrom = [{ prefix: 'P_' }]; }, want: [['Invalid', `${C0}.envFrom`, 'must specify one of: `configMapRef` or `secretRef`']] },
  { name: 'envFrom prefix', change: (_p, _s, web) => { web.envFrom = [{ prefix: '1', configMapRef: { name: 'c' } }]; }, want: [['Invalid', `${C0}.envFrom[0].prefix`, ENV_NAME]] },
  {
    name: 'envFrom two sources',
    change: (_p, _s, web) => { web.envFrom = [{ configMapRef: { name: 'c' }, secretRef: { name: 's' } }]; },
    want: [['Invalid', `${C0}.envFrom`, 'may not have more than one field specified at a time']],
  },
  { name: 'envFrom name required', change: (_p, _s, web) => { web.envFrom = [{ secretRef: { name: '' } }]; }, want: [['Required', `${C0}.envFrom[0].secretRef.name`, '']] },
  // Probes and lifecycle
  { name: 'probe without handler', change: (_p, _s, web) => { web.readinessProbe = { periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 }; }, want: [['Required', `${C0}.readinessProbe`, 'must specify a handler type']] },
  {
    name: 'probe with two handlers',
    change: (_p, _s, web) => { web.readinessProbe = { exec: { command: ['true'] }, tcpSocket: { port: 80 }, successThreshold: 1 }; },
    want: [['Forbidden', `${C0}.readinessProbe.tcpSocket`, 'may not specify more than 1 handler type']],
  },
  { name: 'exec command required', change: (_p, _s, web) => { web.readinessProbe = { exec: {}, successThreshold: 1 }; }, want: [['Required', `${C0}.readinessProbe.exec.command`, '']] },
  { name: 'negative probe timing', change: (_p, _s, web) => { (web.readinessProbe ?? {}).periodSeconds = -1; }, want: [['Invalid', `${C0}.readinessProbe.periodSeconds`, 'must be greater than or equal to 0']] },
  { name: 'liveness successThreshold must be 1', change: (_p, _s, web) => { (web.livenessProbe ?? {}).successThreshold = 2; }, want: [['Invalid', `${C0}.livenessProbe.successThreshold`, 'must be 1']] },
  {
    name: 'readiness terminationGracePeriodSeconds',
    change: (_p, _s, web) => { (web.readinessProbe ?? {}).terminationGracePeriodSeconds = 10; },
    want: [['Invalid', `${C0}.readinessProbe.terminationGracePeriodSeconds`, 'must not be set for readinessProbes']],
  },
  { name: 'probe terminationGracePeriodSeconds positive', change: (_p, _s, web) => { (web.livenessProbe ?? {}).terminationGracePeriodSeconds = 0; }, want: [['Invalid', `${C0}.livenessProbe.terminationGracePeriodSeconds`, 'must be greater than 0']] },
  {
    name: 'httpGet port name invalid, scheme unknown, header name invalid',
    change: (_p, _s, web) => { web.livenessProbe = { httpGet: { path: '/', port: 'HTTP', scheme: 'FTP', httpHeaders: [{ name: 'X Y', value: '1' }] }, successThreshold: 1 }; },
    want: [
      ['Invalid', `${C0}.livenessProbe.httpGet.port`, 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)'],
      ['Invalid', `${C0}.livenessProbe.httpGet.port`, 'must contain at least one letter (a-z)'],
      ['NotSupported', `${C0}.livenessProbe.httpGet.scheme`, 'supported values: "HTTP", "HTTPS"'],
      ['Invalid', `${C0}.livenessProbe.httpGet.httpHeaders`, "a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"],
    ],
  },
  { name: 'httpGet path required', change: (_p, _s, web) => { web.livenessProbe = { httpGet: { path: '', port: 80, scheme: 'HTTP' }, successThreshold: 1 }; }, want: [['Required', `${C0}.livenessProbe.httpGet.path`, '']] },
  { name: 'grpc port range', change: (_p, _s, web) => { web.livenessProbe = { grpc: { port: 0, service: '' }, successThreshold: 1 }; }, want: [['Invalid', `${C0}.livenessProbe.grpc.port`, 'must be between 1 and 65535, inclusive']] },
  { name: 'startup successThreshold', change: (_p, _s, web) => { web.startupProbe = { tcpSocket: { port: 80 }, successThreshold: 3 }; }, want: [['Invalid', `${C0}.startupProbe.successThreshold`, 'must be 1']] },
  { name: 'lifecycle handler required', change: (_p, _s, web) => { web.lifecycle = { preStop: {} }; }, want: [['Required', `${C0}.lifecycle.preStop`, 'must specify a handler type']] },
  {
    name: 'init containers may not have probes or lifecycle',
    change: (_p, spec) => {
      spec.initContainers = [{ name: 'init', image: 'busybox', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File', lifecycle: { preStop: { exec: { command: ['x'] } } }, readinessProbe: { exec: { command: ['x'] } } }];
    },
    want: [
      ['Forbidden', 'spec.initContainers[0].lifecycle', 'may not be set for init containers'],
      ['Forbidden', 'spec.initContainers[0].readinessProbe', 'may not be set for init containers'],
    ],
  },
  // Volume mounts and devices
  { name: 'mount of unknown volume', change: (_p, _s, web) => { (web.volumeMounts ?? [])[0] = { name: 'nope', mountPath: '/x' }; }, want: [['NotFound', `${C0}.volumeMounts[0].name`, '']] },
  { name: 'mount path required', change: (_p, _s, web) => { (web.volumeMounts ?? [])[0] = { name: 'config', mountPath: '' }; }, want: [['Required', `${C0}.volumeMounts[0].mountPath`, '']] },
  { name: 'mount path unique', change: (_p, _s, web) => { (web.volumeMounts ?? [])[1] = { name: 'tls', mountPath: '/etc/web' }; }, want: [['Invalid', `${C0}.volumeMounts[1].mountPath`, 'must be unique']] },
  { name: 'subPath absolute', change: (_p, _s, web) => { (web.volumeMounts ?? [])[0] = { name: 'config', mountPath: '/x', subPath: '/abs' }; }, want: [['Invalid', `${C0}.volumeMounts.subPath`, 'must be a relative path']] },
  { name: 'subPath backsteps', change: (_p, _s, web) => { (web.volumeMounts ?? [])[0] = { name: 'config', mountPath: '/x', subPath: 'a/../b' }; }, want: [['Invalid', `${C0}.volumeMounts.subPath`, "must not contain '..'"]] },
  {
    name: 'subPath and subPathExpr',
    change: (_p, _s, web) => { (web.volumeMounts ?? [])[0] = { name: 'config', mountPath: '/x', subPath: 'a', subPathExpr: '$(POD_NAME)' }; },
    want: [['Invalid', `${C0}.volumeMounts[0].subPathExpr`, 'subPathExpr and subPath are mutually exclusive']],
  },
  {
    name: 'bidirectional propagation needs privileged',
    change: (_p, _s, web) => { (web.volumeMounts ?? [])[2] = { name: 'logs', mountPath: '/var/log/web', mountPropagation: 'Bidirectional' }; },
    want: [['Forbidden', `${C0}.volumeMounts.mountPropagation`, 'Bidirectional mount propagation is available only to privileged containers']],
  },
  {
    name: 'propagation unknown',
    change: (_p, _s, web) => { (web.volumeMounts ?? [])[2] = { name: 'logs', mountPath: '/var/log/web', mountPropagation: 'Sideways' }; },
    want: [['NotSupported', `${C0}.volumeMounts.mountPropagation`, 'supported values: "Bidirectional", "HostToContainer", "None"']],
  },
  {
    name: 'volume device needs a claim',
    change: (_p, _s, web) => { web.volumeDevices = [{ name: 'logs', devicePath: '/dev/xvda' }]; },
    want: [
      ['Invalid', `${C0}.volumeMounts[2].name`, 'must not already exist in volumeDevices'],
      ['Invalid', `${C0}.volumeDevices[0].name`, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'],
      ['Invalid', `${C0}.volumeDevices[0].name`, 'must not already exist in volumeMounts'],
    ],
  },
  {
    name: 'volume device of unknown volume with backsteps',
    change: (_p, _s, web) => { web.volumeDevices = [{ name: 'disk', devicePath: '/dev/../x' }]; },
    want: [['NotFound', `${C0}.volumeDevices[0].name`, ''], ['Invalid', `${C0}.volumeDevices[0].devicePath`, "can not contain backsteps ('..')"]],
  },
  // Resources
  {
    name: 'request above limit',
    change: (_p, _s, web) => { web.resources = { limits: { cpu: '1' }, requests: { cpu: '1500m' } }; },
    want: [['Invalid', `${C0}.resources.requests`, 'must be less than or equal to cpu limit']],
  },
  { name: 'negative quantity', change: (_p, _s, web) => { web.resources = { requests: { memory: '-1' } }; }, want: [['Invalid', `${C0}.resources.requests[memory]`, 'must be greater than or equal to 0']] },
  {
    name: 'non-standard resource name',
    change: (_p, _s, web) => { web.resources = { limits: { gpu: '1' }, requests: { gpu: '1' } }; },
    want: [
      ['Invalid', `${C0}.resources.limits[gpu]`, 'must be a standard resource type or fully qualified'],
      ['Invalid', `${C0}.resources.limits[gpu]`, 'must be a standard resource for containers'],
      ['Invalid', `${C0}.resources.requests[gpu]`, 'must be a standard resource type or fully qualified'],
      ['Invalid', `${C0}.resources.requests[gpu]`, 'must be a standard resource for containers'],
    ],
  },
  { name: 'standard but not for containers', change: (_p, _s, web) => { web.resources = { limits: { pods: '1' } }; }, want: [['Invalid', `${C0}.resources.limits[pods]`, 'must be a standard resource for containers']] },
  {
    name: 'extended resource must be integer and equal',
    change: (_p, _s, web) => { web.resources = { limits: { 'example.com/gpu': '1' }, requests: { 'example.com/gpu': '500m' } }; },
    want: [
      ['Invalid', `${C0}.resources.requests[example.com/gpu]`, 'must be an integer'],
      ['Invalid', `${C0}.resources.requests`, 'must be equal to example.com/gpu limit'],
    ],
  },
  {
    name: 'extended resource request without limit',
    change: (_p, _s, web) => { web.resources = { requests: { 'example.com/gpu': '1' } }; },
    want: [['Required', `${C0}.resources.limits`, 'Limit must be set for non overcommitable resources']],
  },
  {
    name: 'hugepages need cpu or memory and a multiple of the page',
    change: (_p, _s, web) => { web.resources = { limits: { 'hugepages-2Mi': '3Mi' }, requests: { 'hugepages-2Mi': '3Mi' } }; },
    want: [
      ['Invalid', `${C0}.resources.limits[hugepages-2Mi]`, '3Mi is not positive integer multiple of hugepages-2Mi'],
      ['Invalid', `${C0}.resources.requests[hugepages-2Mi]`, '3Mi is not positive integer multiple of hugepages-2Mi'],
      ['Forbidden', `${C0}.resources`, 'HugePages require cpu or memory'],
    ],
  },
  // Ephemeral containers (checked by the spec rules; create forbids them anyway)
  {
    name: 'ephemeral container rules',
    change: (_p, spec) => {
      const ec: EphemeralContainer = {
        name: 'web', image: 'busybox', imagePullPolicy: 'IfNotPresent', terminationMessagePolicy: 'File', targetContainerName: 'db',
        ports: [{ containerPort: 80, protocol: 'TCP' }], volumeMounts: [{ name: 'logs', mountPath: '/l', subPath: 'x' }],
      };
      spec.ephemeralContainers = [ec];
    },
    want: [
      ['Duplicate', 'spec.ephemeralContainers[0].name', ''],
      ['NotFound', 'spec.ephemeralContainers[0].targetContainerName', ''],
      ['Forbidden', 'spec.ephemeralContainers[0].ports', 'cannot be set for an Ephemeral Container'],
      ['Forbidden', 'spec.ephemeralContainers[0].volumeMounts[0].subPath', 'cannot be set for an Ephemeral Container'],
      ['Forbidden', 'spec.ephemeralContainers', 'cannot be set on create'],
    ],
  },
];

runCases('pod containers validation (upstream 1.25)', cases, (pod) => validatePod(pod));
