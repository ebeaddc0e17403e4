// Go's `%#v` of a meta/v1 ObjectMeta value, for the field errors whose bad value is a whole ObjectMeta
// (the access reviews' "metadata: Invalid value: v1.ObjectMeta{...}: must be empty"). Fields in 1.25's
// order (clusterName is gone since 1.25). Go prints pointers as addresses, which no one can reproduce:
// a set pointer (owner references' booleans, a managed fields entry's fieldsV1) is shown with a fixed one.
import { goQuote, goStringMap } from '../../../registry/selectors/go-format.js';
import type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './types.js';

const POINTER = '0xc000000000';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Go's `%#v` of a time.Time: `time.Date(2022, time.August, 23, 10, 0, 0, 0, time.UTC)`; the zero time for none. */
export function goTime(timestamp: string | undefined | null): string {
  const date = timestamp ? new Date(timestamp) : undefined;
  if (!date || Number.isNaN(date.getTime())) return 'time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC)';
  const nanos = date.getUTCMilliseconds() * 1_000_000;
  return `time.Date(${date.getUTCFullYear()}, time.${MONTHS[date.getUTCMonth()]}, ${date.getUTCDate()}, ${date.getUTCHours()}, ${date.getUTCMinutes()}, ${date.getUTCSeconds()}, ${nanos}, time.UTC)`;
}

const goStrings = (values: readonly string[] | undefined): string => (values ? `[]string{${values.map(goQuote).join(', ')}}` : '[]string(nil)');
const goBoolPointer = (value: boolean | undefined): string => (value === undefined ? '(*bool)(nil)' : `(*bool)(${POINTER})`);

function goOwnerReference(ref: OwnerReference): string {
  return `v1.OwnerReference{APIVersion:${goQuote(ref.apiVersion ?? '')}, Kind:${goQuote(ref.kind ?? '')}, Name:${goQuote(ref.name ?? '')}, UID:${goQuote(ref.uid ?? '')}, Controller:${goBoolPointer(ref.controller)}, BlockOwnerDeletion:${goBoolPointer(ref.blockOwnerDeletion)}}`;
}

function goManagedFieldsEntry(entry: ManagedFieldsEntry): string {
  const time = entry.time ? goTime(entry.time) : '<nil>';
  const fields = entry.fieldsV1 ? `(*v1.FieldsV1)(${POINTER})` : '(*v1.FieldsV1)(nil)';
  return `v1.ManagedFieldsEntry{Manager:${goQuote(entry.manager ?? '')}, Operation:${goQuote(entry.operation ?? '')}, APIVersion:${goQuote(entry.apiVersion ?? '')}, Time:${time}, FieldsType:${goQuote(entry.fieldsType ?? '')}, FieldsV1:${fields}, Subresource:${goQuote(entry.subresource ?? '')}}`;
}

const goList = <T>(type: string, items: readonly T[] | undefined, render: (item: T) => string): string =>
  items ? `[]v1.${type}{${items.map(render).join(', ')}}` : `[]v1.${type}(nil)`;

/** Go's `%#v` of an ObjectMeta value as decoded from `meta`. */
export function goObjectMeta(meta: ObjectMeta): string {
  const fields = [
    `Name:${goQuote(meta.name ?? '')}`,
    `GenerateName:${goQuote(meta.generateName ?? '')}`,
    `Namespace:${goQuote(meta.namespace ?? '')}`,
    `SelfLink:${goQuote(meta.selfLink ?? '')}`,
    `UID:${goQuote(meta.uid ?? '')}`,
    `ResourceVersion:${goQuote(meta.resourceVersion ?? '')}`,
    `Generation:${meta.generation ?? 0}`,
    `CreationTimestamp:${goTime(meta.creationTimestamp)}`,
    `DeletionTimestamp:${meta.deletionTimestamp ? goTime(meta.deletionTimestamp) : '<nil>'}`,
    `DeletionGracePeriodSeconds:${meta.deletionGracePeriodSeconds === undefined ? '(*int64)(nil)' : `(*int64)(${POINTER})`}`,
    `Labels:${goStringMap(meta.labels)}`,
    `Annotations:${goStringMap(meta.annotations)}`,
    `OwnerReferences:${goList('OwnerReference', meta.ownerReferences, goOwnerReference)}`,
    `Finalizers:${goStrings(meta.finalizers)}`,
    `ManagedFields:${goList('ManagedFieldsEntry', meta.managedFields, goManagedFieldsEntry)}`,
  ];
  return `v1.ObjectMeta{${fields.join(', ')}}`;
}
