// Pod defaults (upstream 1.25 pkg/apis/core/v1/defaults.go as the generated SetObjectDefaults_Pod
// applies them): SetDefaults_Pod (requests from limits, enableServiceLinks), SetDefaults_PodSpec,
// SetDefaults_Container, probes, ports, HTTP actions, env field references, resource lists rounded up
// to milli precision, and the volume sources' defaults (volumes/defaults.ts).
import { quantityValue } from '../../../../schema/quantity-value.js';
import type { Container, EphemeralContainer, LifecycleHandler, Pod, PodSpec, Probe } from '../schemas.generated.js';
import { defaultVolumes } from '../volumes/index.js';
import { imageTag } from './image-reference.js';

type AnyContainer = Container | EphemeralContainer;

const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;
const WHOLE_AT_MILLI_OR_COARSER = /^[0-9]+(?:m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** Upstream SetDefaults_ResourceList: values finer than a milli-unit round up to it (e.g. `1n` -> `1m`). */
function roundResourceList(list: Record<string, string> | undefined): void {
  if (!list) return;
  for (const name in list) {
    const text = list[name] ?? '';
    // Whole numbers with a milli or larger suffix need no rounding (the common case, checked cheaply).
    if (WHOLE_AT_MILLI_OR_COARSER.test(text)) continue;
    const value = quantityValue(text);
    if (!value || value.binary || value.den <= 1000n || (value.num * 1000n) % value.den === 0n) continue;
    const num = value.num * 1000n;
    const milli = num / value.den + (num > 0n ? 1n : 0n);
    list[name] = milli % 1000n === 0n ? `${milli / 1000n}` : `${milli}m`;
  }
}

function defaultHandler(handler: LifecycleHandler | Probe | undefined): void {
  const http = handler?.httpGet;
  if (http) {
    http.path ||= '/';
    http.scheme ||= 'HTTP';
  }
}

function defaultProbe(probe: Probe | undefined): void {
  if (!probe) return;
  probe.timeoutSeconds ||= 1;
  probe.periodSeconds ||= 10;
  probe.successThreshold ||= 1;
  probe.failureThreshold ||= 3;
  defaultHandler(probe);
  // GRPCAction.service carries `+default=""`.
  if (probe.grpc) probe.grpc.service ??= '';
}

/** Upstream SetDefaults_Container (and the nested defaults of one container). */
function defaultContainer(c: AnyContainer): void {
  if (!c.imagePullPolicy) c.imagePullPolicy = imageTag(c.image ?? '') === 'latest' ? 'Always' : 'IfNotPresent';
  c.terminationMessagePath ||= '/dev/termination-log';
  c.terminationMessagePolicy ||= 'File';
  for (const port of c.ports ?? []) port.protocol ||= 'TCP';
  for (const env of c.env ?? []) {
    const ref = env.valueFrom?.fieldRef;
    if (ref) ref.apiVersion ||= 'v1';
  }
  roundResourceList(c.resources?.limits);
  roundResourceList(c.resources?.requests);
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  defaultHandler(c.lifecycle?.postStart);
  defaultHandler(c.lifecycle?.preStop);
}

/** Upstream defaultHostNetworkPorts: with hostNetwork, a host port equals its container port. */
function defaultHostNetworkPorts(containers: readonly Container[] | undefined): void {
  for (const c of containers ?? []) for (const port of c.ports ?? []) if (!port.hostPort) port.hostPort = port.containerPort;
}

/**
 * Upstream SetDefaults_PodSpec with the nested defaults of its containers and volumes: what every
 * object embedding a PodSpec gets (PodTemplate, ReplicationController, workloads).
 */
export function defaultPodSpec(spec: PodSpec): void {
  spec.dnsPolicy ||= 'ClusterFirst';
  spec.restartPolicy ||= 'Always';
  if (spec.hostNetwork) {
    defaultHostNetworkPorts(spec.containers);
    defaultHostNetworkPorts(spec.initContainers);
  }
  spec.securityContext ??= {};
  spec.terminationGracePeriodSeconds ??= DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS;
  spec.schedulerName ||= 'default-scheduler';
  defaultVolumes(spec.volumes);
  for (const c of spec.initContainers ?? []) defaultContainer(c);
  for (const c of spec.containers ?? []) defaultContainer(c);
  for (const c of spec.ephemeralContainers ?? []) defaultContainer(c);
  roundResourceList(spec.overhead);
}

/** Requests default to limits, per resource (upstream SetDefaults_Pod: pods only, not templates). */
function defaultRequestsFromLimits(containers: readonly Container[] | undefined): void {
  for (const c of containers ?? []) {
    const limits = c.resources?.limits;
    if (!c.resources || !limits || Object.keys(limits).length === 0) continue;
    const requests = (c.resources.requests ??= {});
    for (const [name, value] of Object.entries(limits)) if (!(name in requests)) requests[name] = value;
  }
}

/** Upstream SetObjectDefaults_Pod: SetDefaults_Pod, then the PodSpec defaults. */
export function defaultPod(pod: Pod): void {
  const spec = (pod.spec ??= { containers: [] });
  defaultRequestsFromLimits(spec.containers);
  defaultRequestsFromLimits(spec.initContainers);
  spec.enableServiceLinks ??= true;
  defaultPodSpec(spec);
}
