// Probes and lifecycle handlers (upstream 1.25 validateProbe, validateHandler, validateLifecycle and
// the actions: exec, httpGet, tcpSocket, grpc).
import * as field from '../../../../../errors/field-errors.js';
import type { FieldError } from '../../../../../errors/field-errors.js';
import type { ExecAction, GRPCAction, HTTPGetAction, Lifecycle, Probe, TCPSocketAction } from '../../schemas.generated.js';
import { num, validatePortNumOrName } from './common.js';

const HTTP_SCHEMES: readonly string[] = ['HTTP', 'HTTPS'];
const HTTP_HEADER_NAME_FMT = '[-A-Za-z0-9]+';
const HTTP_HEADER_NAME_RE = new RegExp(`^${HTTP_HEADER_NAME_FMT}$`);
const HTTP_HEADER_NAME_MSG =
  `a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '${HTTP_HEADER_NAME_FMT}')`;

interface Handler {
  exec?: ExecAction;
  httpGet?: HTTPGetAction;
  tcpSocket?: TCPSocketAction;
  grpc?: GRPCAction;
}

function validateHTTPGet(http: HTTPGetAction, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!http.path) errs.push(field.required(`${path}.path`));
  errs.push(...validatePortNumOrName(http.port, `${path}.port`));
  const scheme = http.scheme ?? '';
  if (!HTTP_SCHEMES.includes(scheme)) errs.push(field.notSupported(`${path}.scheme`, scheme, HTTP_SCHEMES));
  for (const header of http.httpHeaders ?? []) {
    if (!HTTP_HEADER_NAME_RE.test(header.name ?? '')) errs.push(field.invalid(`${path}.httpHeaders`, header.name ?? '', HTTP_HEADER_NAME_MSG));
  }
  return errs;
}

/** The rules of one action kind, keyed as the handler fields are (and in upstream's order). */
const ACTIONS: readonly [keyof Handler, (action: never, path: string) => FieldError[]][] = [
  ['exec', (exec: ExecAction, path) => ((exec.command ?? []).length === 0 ? [field.required(`${path}.command`)] : [])],
  ['httpGet', validateHTTPGet],
  ['tcpSocket', (tcp: TCPSocketAction, path) => validatePortNumOrName(tcp.port, `${path}.port`)],
  ['grpc', (grpc: GRPCAction, path) => validatePortNumOrName(num(grpc.port), `${path}.port`)],
];

/** Upstream validateHandler: exactly one action; a second one is forbidden, none is required. */
export function validateHandler(handler: Handler, path: string): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const [key, check] of ACTIONS) {
    const action = handler[key];
    if (!action) continue;
    if (count > 0) {
      errs.push(field.forbidden(`${path}.${key}`, 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    errs.push(...check(action as never, `${path}.${key}`));
  }
  if (count === 0) errs.push(field.required(path, 'must specify a handler type'));
  return errs;
}

const nonNegative = (value: number | undefined, path: string): FieldError[] =>
  num(value) < 0 ? [field.invalid(path, num(value), 'must be greater than or equal to 0')] : [];

/** Upstream validateProbe: one handler, non-negative timings, positive terminationGracePeriodSeconds. */
export function validateProbe(probe: Probe | undefined, path: string): FieldError[] {
  if (!probe) return [];
  const errs = validateHandler(probe, path);
  errs.push(
    ...nonNegative(probe.initialDelaySeconds, `${path}.initialDelaySeconds`),
    ...nonNegative(probe.timeoutSeconds, `${path}.timeoutSeconds`),
    ...nonNegative(probe.periodSeconds, `${path}.periodSeconds`),
    ...nonNegative(probe.successThreshold, `${path}.successThreshold`),
    ...nonNegative(probe.failureThreshold, `${path}.failureThreshold`),
  );
  const grace = probe.terminationGracePeriodSeconds;
  if (grace !== undefined && grace <= 0) errs.push(field.invalid(`${path}.terminationGracePeriodSeconds`, grace, 'must be greater than 0'));
  return errs;
}

/** Upstream validateLifecycle: postStart and preStop handlers (no grpc field exists there). */
export function validateLifecycle(lifecycle: Lifecycle, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (lifecycle.postStart) errs.push(...validateHandler(lifecycle.postStart, `${path}.postStart`));
  if (lifecycle.preStop) errs.push(...validateHandler(lifecycle.preStop, `${path}.preStop`));
  return errs;
}

/** The probe rules only regular containers have (successThreshold 1 for liveness and startup, no readiness grace). */
export function validateRegularContainerProbes(ctr: { livenessProbe?: Probe; readinessProbe?: Probe; startupProbe?: Probe }, path: string): FieldError[] {
  const errs = validateProbe(ctr.livenessProbe, `${path}.livenessProbe`);
  if (ctr.livenessProbe && num(ctr.livenessProbe.successThreshold) !== 1) {
    errs.push(field.invalid(`${path}.livenessProbe.successThreshold`, num(ctr.livenessProbe.successThreshold), 'must be 1'));
  }
  errs.push(...validateProbe(ctr.readinessProbe, `${path}.readinessProbe`));
  if (ctr.readinessProbe?.terminationGracePeriodSeconds !== undefined) {
    errs.push(field.invalid(`${path}.readinessProbe.terminationGracePeriodSeconds`, ctr.readinessProbe.terminationGracePeriodSeconds,
      'must not be set for readinessProbes'));
  }
  errs.push(...validateProbe(ctr.startupProbe, `${path}.startupProbe`));
  if (ctr.startupProbe && num(ctr.startupProbe.successThreshold) !== 1) {
    errs.push(field.invalid(`${path}.startupProbe.successThreshold`, num(ctr.startupProbe.successThreshold), 'must be 1'));
  }
  return errs;
}
