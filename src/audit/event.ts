// An audit event (k8s.io/apiserver pkg/apis/audit v1 Event, 1.25) and its two log formats: JSON in the Go
// struct's field order (one line per event), and the `legacy` one-line text of upstream's EventString.
import { userInfoJson, type UserInfo, type UserInfoJson } from '../auth/user-info.js';
import type { AuditLevel, AuditStage } from './policy.js';

export type AuditUser = UserInfoJson;

export interface AuditObjectReference {
  resource?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiGroup?: string;
  apiVersion?: string;
  resourceVersion?: string;
  subresource?: string;
}

/** metav1.Status as the event keeps it: `metadata` always there (Go's ListMeta has no omitempty). */
export interface AuditResponseStatus {
  status?: string;
  message?: string;
  reason?: string;
  details?: unknown;
  code?: number;
}

export interface AuditEvent {
  level: AuditLevel;
  auditID: string;
  stage: AuditStage;
  requestURI: string;
  verb: string;
  user: AuditUser;
  impersonatedUser?: AuditUser;
  sourceIPs?: readonly string[];
  userAgent?: string;
  objectRef?: AuditObjectReference;
  responseStatus?: AuditResponseStatus;
  requestObject?: unknown;
  responseObject?: unknown;
  requestReceivedTimestamp: Date;
  stageTimestamp: Date;
  annotations?: Readonly<Record<string, string>>;
}

/** authentication/v1 UserInfo as the event writes it. */
export const auditUser = (user: UserInfo): AuditUser => userInfoJson(user);

/** metav1.MicroTime: RFC 3339 with six fractional digits, UTC (kplane's clock reads milliseconds). */
export function microTime(date: Date): string {
  return `${date.toISOString().slice(0, 23)}000Z`;
}

/** Go's time.RFC3339Nano: the fraction without trailing zeros. */
function rfc3339Nano(date: Date): string {
  return date.toISOString().replace(/\.?0+Z$/, 'Z');
}

/** The event as audit.k8s.io/v1 JSON, fields in the Go struct's order. */
export function eventJson(event: AuditEvent): string {
  const ordered: Record<string, unknown> = {
    kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: event.level, auditID: event.auditID, stage: event.stage,
    requestURI: event.requestURI, verb: event.verb, user: event.user,
  };
  if (event.impersonatedUser) ordered['impersonatedUser'] = event.impersonatedUser;
  if (event.sourceIPs && event.sourceIPs.length > 0) ordered['sourceIPs'] = event.sourceIPs;
  if (event.userAgent) ordered['userAgent'] = event.userAgent;
  if (event.objectRef) ordered['objectRef'] = objectRefJson(event.objectRef);
  if (event.responseStatus) ordered['responseStatus'] = { metadata: {}, ...event.responseStatus };
  if (event.requestObject !== undefined) ordered['requestObject'] = event.requestObject;
  if (event.responseObject !== undefined) ordered['responseObject'] = event.responseObject;
  ordered['requestReceivedTimestamp'] = microTime(event.requestReceivedTimestamp);
  ordered['stageTimestamp'] = microTime(event.stageTimestamp);
  if (event.annotations) {
    // A Go map: encoding/json writes its keys sorted.
    const keys = Object.keys(event.annotations).sort();
    if (keys.length > 0) ordered['annotations'] = Object.fromEntries(keys.map((key) => [key, event.annotations![key]]));
  }
  return JSON.stringify(ordered);
}

/** ObjectReference in Go's field order, empty fields left out. */
function objectRefJson(ref: AuditObjectReference): AuditObjectReference {
  const out: AuditObjectReference = {};
  for (const key of ['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'] as const) {
    if (ref[key]) out[key] = ref[key];
  }
  return out;
}

/** Go's %q of a string (JSON's quoting matches it for the printable text these fields hold). */
const q = (value: string): string => JSON.stringify(value);

/** upstream EventString: the `legacy` log format. */
export function eventLegacyLine(event: AuditEvent): string {
  const username = event.user.username || '<none>';
  const groups = event.user.username && event.user.groups?.length ? event.user.groups.map(q).join(',') : '<none>';
  const asUser = event.impersonatedUser ? event.impersonatedUser.username ?? '' : '<self>';
  const asGroups = event.impersonatedUser?.groups ? event.impersonatedUser.groups.map(q).join(',') : '<lookup>';
  const namespace = event.objectRef?.namespace || '<none>';
  const response = event.responseStatus?.code !== undefined ? String(event.responseStatus.code) : '<deferred>';
  const ip = event.sourceIPs?.[0] ?? '<unknown>';
  return `${rfc3339Nano(event.requestReceivedTimestamp)} AUDIT: id=${q(event.auditID)} stage=${q(event.stage)} ip=${q(ip)} method=${q(event.verb)} user=${q(username)} groups=${q(groups)} as=${q(asUser)} asgroups=${q(asGroups)} user-agent=${q(event.userAgent ?? '')} namespace=${q(namespace)} uri=${q(event.requestURI)} response="${response}"`;
}
