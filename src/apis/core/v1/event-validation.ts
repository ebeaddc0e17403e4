// Event validation as upstream pkg/apis/core/validation/events.go. Every event passes the legacy
// rules; writes through events.k8s.io/v1 (`strict`) also get the new-style rules: metadata, eventTime,
// type, series, no deprecated fields on create, and immutable content on update. Field paths are the
// core ones (`message`, `involvedObject`, `reportingController`...) for both groups, as upstream reports them.
import { invalid, required, type FieldError } from '../../../errors/field-errors.js';
import { isZeroTime, sameInstant } from '../../meta/v1/time.js';
import {
  isDNS1123Subdomain,
  isQualifiedName,
  nameIsDNSSubdomain,
  validateObjectMeta,
  validateObjectMetaUpdate,
} from '../../meta/v1/validation.js';
import { utf8Length } from './data-maps.js';
import type { CoreEvent } from './event.js';
import type { ObjectReference } from './object-reference.js';

/** Length limits of new-style events, in bytes (3-resources "Event"). */
export const EventLimits = { reportingInstance: 128, action: 128, reason: 128, note: 1024 } as const;

export const EventType = { Normal: 'Normal', Warning: 'Warning' } as const;

const mismatch = (e: CoreEvent): FieldError =>
  invalid('involvedObject.namespace', e.involvedObject?.namespace ?? '', 'does not match event.namespace');

/** A required, length-limited string of a new-style event. */
function requiredWithin(value: string | undefined, field: string, limit: number): FieldError[] {
  const text = value ?? '';
  const errors: FieldError[] = [];
  if (text === '') errors.push(required(field));
  if (utf8Length(text) > limit) errors.push(invalid(field, '', `can have at most ${limit} characters`));
  return errors;
}

/** New-style events (eventTime set): reporting fields, lengths, and the namespace of the involved object. */
function validateNewStyleFields(e: CoreEvent, namespace: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!e.involvedObject?.namespace && namespace !== 'default' && namespace !== 'kube-system') errors.push(mismatch(e));
  const controller = e.reportingComponent ?? '';
  if (controller === '') errors.push(required('reportingController'));
  for (const message of isQualifiedName(controller)) errors.push(invalid('reportingController', controller, message));
  errors.push(...requiredWithin(e.reportingInstance, 'reportingInstance', EventLimits.reportingInstance));
  errors.push(...requiredWithin(e.action, 'action', EventLimits.action));
  errors.push(...requiredWithin(e.reason, 'reason', EventLimits.reason));
  if (utf8Length(e.message ?? '') > EventLimits.note) {
    errors.push(invalid('message', '', `can have at most ${EventLimits.note} characters`));
  }
  return errors;
}

/** upstream legacyValidateEvent: what every event must satisfy, whichever group wrote it. */
export function legacyValidateEvent(e: CoreEvent): FieldError[] {
  const namespace = e.metadata.namespace ?? '';
  const errors: FieldError[] = [];
  if (!isZeroTime(e.eventTime)) {
    errors.push(...validateNewStyleFields(e, namespace));
  } else if (!e.involvedObject?.namespace) {
    // Old clients may file cluster-scoped objects' events in `default`.
    if (namespace !== '' && namespace !== 'default') errors.push(mismatch(e));
  } else if (namespace !== e.involvedObject.namespace) {
    errors.push(mismatch(e));
  }
  for (const message of isDNS1123Subdomain(namespace)) errors.push(invalid('namespace', namespace, message));
  return errors;
}

/** upstream validateV1EventSeries: a series counts at least 2 and has a last observation. */
function validateSeries(e: CoreEvent): FieldError[] {
  if (!e.series) return [];
  const errors: FieldError[] = [];
  if ((e.series.count ?? 0) < 2) errors.push(invalid('series.count', '', 'should be at least 2'));
  if (isZeroTime(e.series.lastObservedTime)) errors.push(required('series.lastObservedTime'));
  return errors;
}

/** The deprecated fields a new events.k8s.io/v1 event may not set. */
function deprecatedFieldErrors(e: CoreEvent): FieldError[] {
  const errors: FieldError[] = [];
  const unset = (field: string): FieldError => invalid(field, '', 'needs to be unset');
  if (!isZeroTime(e.firstTimestamp)) errors.push(unset('firstTimestamp'));
  if (!isZeroTime(e.lastTimestamp)) errors.push(unset('lastTimestamp'));
  if ((e.count ?? 0) !== 0) errors.push(unset('count'));
  if (e.source?.component || e.source?.host) errors.push(unset('source'));
  return errors;
}

/** upstream ValidateEventCreate; `strict` for events.k8s.io/v1 requests. */
export function validateEventCreate(e: CoreEvent, strict: boolean): FieldError[] {
  const errors = legacyValidateEvent(e);
  if (!strict) return errors;
  errors.push(...validateObjectMeta(e.metadata, { namespaced: true, nameValidator: nameIsDNSSubdomain }));
  errors.push(...validateSeries(e));
  if (isZeroTime(e.eventTime)) errors.push(required('eventTime'));
  if (e.type !== EventType.Normal && e.type !== EventType.Warning) errors.push(invalid('type', '', `has invalid value: ${e.type ?? ''}`));
  return [...errors, ...deprecatedFieldErrors(e)];
}

const REFERENCE_FIELDS = ['apiVersion', 'fieldPath', 'kind', 'name', 'namespace', 'resourceVersion', 'uid'] as const;

/** Go struct equality of two references: absent fields are empty strings. */
function sameReference(a: ObjectReference | undefined, b: ObjectReference | undefined): boolean {
  return REFERENCE_FIELDS.every((f) => (a?.[f] ?? '') === (b?.[f] ?? ''));
}

/** Equality of optional (pointer) references: absent differs from an empty one. */
function sameOptionalReference(a: ObjectReference | undefined, b: ObjectReference | undefined): boolean {
  return a === undefined || b === undefined ? a === b : sameReference(a, b);
}

function sameSource(a: CoreEvent['source'], b: CoreEvent['source']): boolean {
  return (a?.component ?? '') === (b?.component ?? '') && (a?.host ?? '') === (b?.host ?? '');
}

function sameSeries(a: CoreEvent['series'], b: CoreEvent['series']): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (a.count ?? 0) === (b.count ?? 0) && sameInstant(a.lastObservedTime, b.lastObservedTime);
}

/** One immutability rule: the field path, whether the values agree, and the new value shown. */
type ImmutableRule = [field: string, same: (e: CoreEvent, o: CoreEvent) => boolean, value: (e: CoreEvent) => unknown];

const str = (get: (e: CoreEvent) => string | undefined): ImmutableRule[1] => (e, o) => (get(e) ?? '') === (get(o) ?? '');
const time = (get: (e: CoreEvent) => string | undefined): ImmutableRule[1] => (e, o) => sameInstant(get(e), get(o));

/** upstream's list, in its order (`reason` is checked twice there, so it is here). */
const IMMUTABLE_RULES: ImmutableRule[] = [
  ['involvedObject', (e, o) => sameReference(e.involvedObject, o.involvedObject), (e) => e.involvedObject ?? {}],
  ['reason', str((e) => e.reason), (e) => e.reason ?? ''],
  ['message', str((e) => e.message), (e) => e.message ?? ''],
  ['source', (e, o) => sameSource(e.source, o.source), (e) => e.source ?? {}],
  ['firstTimestamp', time((e) => e.firstTimestamp), (e) => e.firstTimestamp ?? null],
  ['lastTimestamp', time((e) => e.lastTimestamp), (e) => e.lastTimestamp ?? null],
  ['count', (e, o) => (e.count ?? 0) === (o.count ?? 0), (e) => e.count ?? 0],
  ['reason', str((e) => e.reason), (e) => e.reason ?? ''],
  ['type', str((e) => e.type), (e) => e.type ?? ''],
  ['eventTime', time((e) => e.eventTime), (e) => e.eventTime ?? null],
  ['action', str((e) => e.action), (e) => e.action ?? ''],
  ['related', (e, o) => sameOptionalReference(e.related, o.related), (e) => e.related ?? null],
  ['reportingController', str((e) => e.reportingComponent), (e) => e.reportingComponent ?? ''],
  ['reportingInstance', str((e) => e.reportingInstance), (e) => e.reportingInstance ?? ''],
];

/** upstream ValidateEventUpdate; `strict` for events.k8s.io/v1 requests: only a series may change. */
export function validateEventUpdate(e: CoreEvent, old: CoreEvent, strict: boolean): FieldError[] {
  const errors = legacyValidateEvent(e);
  if (!strict) return errors;
  errors.push(...validateObjectMetaUpdate(e.metadata, old.metadata));
  if (!sameSeries(e.series, old.series)) errors.push(...validateSeries(e));
  for (const [field, same, value] of IMMUTABLE_RULES) {
    if (!same(e, old)) errors.push(invalid(field, value(e), 'field is immutable'));
  }
  return errors;
}
