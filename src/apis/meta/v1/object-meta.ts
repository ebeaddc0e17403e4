// TypeBox schemas of the meta/v1 shapes every kind embeds (ObjectMeta, ListMeta, owner references,
// managed fields, Time, MicroTime) and the list-kind builder. Each carries the `$id` of its upstream
// OpenAPI definition, so the emitter hoists it under that name; fields, types, formats, `required`
// and `x-kubernetes-*` markers are exactly upstream's (checked by test/oracle); `x-kplane-protobuf`
// holds each property's field number from upstream's meta/v1 generated.proto, `x-kplane-go` its json tag's
// omitempty and pointer-ness (codegen/facts/go-fields-1.25.json).
import type { Static, TSchema } from '@sinclair/typebox';
import { K } from '../../../schema/builder.js';
import { GO_FIELD as G, goField } from '../../../schema/go-field.js';
import { PROTOBUF_FIELD as N, protobufField } from '../../../schema/protobuf/field-number.js';
import type { ObjectMeta } from './types.js';

/** Prefix of the meta/v1 OpenAPI definition names. */
export const META_V1 = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** One group-version-kind as upstream's `x-kubernetes-group-version-kind` lists it. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** The `x-kubernetes-group-version-kind` marker of a top-level kind. */
export function gvkMarker(gvk: GroupVersionKind): { 'x-kubernetes-group-version-kind': GroupVersionKind[] } {
  return { 'x-kubernetes-group-version-kind': [{ group: gvk.group, kind: gvk.kind, version: gvk.version }] };
}

/** meta/v1 Time: RFC 3339, second precision. */
export const TimeSchema = K.Time({ $id: `${META_V1}.Time` });

/** meta/v1 MicroTime: RFC 3339 with microseconds. */
export const MicroTimeSchema = K.MicroTime({ $id: `${META_V1}.MicroTime` });

/**
 * meta/v1 FieldsV1: the managed-fields set in `f:`/`k:`/`v:` notation. A bare `{type: object}` as
 * upstream; the schema engine reads an object schema without properties as raw JSON (never pruned).
 */
export const FieldsV1Schema = K.RawObject({ $id: `${META_V1}.FieldsV1` });

/** meta/v1 OwnerReference: an atomic struct; all four identity fields required. */
export const OwnerReferenceSchema = K.Object(
  {
    apiVersion: K.String({ [N]: 5, [G]: '' }),
    blockOwnerDeletion: K.Optional(K.Boolean({ [N]: 7, [G]: 'omitempty,pointer' })),
    controller: K.Optional(K.Boolean({ [N]: 6, [G]: 'omitempty,pointer' })),
    kind: K.String({ [N]: 1, [G]: '' }),
    name: K.String({ [N]: 3, [G]: '' }),
    uid: K.String({ [N]: 4, [G]: '' }),
  },
  { $id: `${META_V1}.OwnerReference`, 'x-kubernetes-map-type': 'atomic' },
);

/** meta/v1 ManagedFieldsEntry: one manager's field set (1-conventions: server-side apply rule 3). */
export const ManagedFieldsEntrySchema = K.Object(
  {
    apiVersion: K.Optional(K.String({ [N]: 3, [G]: 'omitempty' })),
    fieldsType: K.Optional(K.String({ [N]: 6, [G]: 'omitempty' })),
    fieldsV1: K.Optional(goField('omitempty,pointer', protobufField(7, FieldsV1Schema))),
    manager: K.Optional(K.String({ [N]: 1, [G]: 'omitempty' })),
    operation: K.Optional(K.String({ [N]: 2, [G]: 'omitempty' })),
    subresource: K.Optional(K.String({ [N]: 8, [G]: 'omitempty' })),
    time: K.Optional(goField('omitempty,pointer', protobufField(4, TimeSchema))),
  },
  { $id: `${META_V1}.ManagedFieldsEntry` },
);

/**
 * meta/v1 ObjectMeta. Markers exactly as upstream: `finalizers` merges by value (patch strategy
 * `merge`, no list type), `ownerReferences` merges on `uid`, `managedFields` is a plain list.
 */
export const ObjectMetaSchema = K.Object(
  {
    annotations: K.Optional(K.Map(K.String(), { [N]: 12, [G]: 'omitempty' })),
    creationTimestamp: K.Optional(goField('omitempty', protobufField(8, TimeSchema))),
    deletionGracePeriodSeconds: K.Optional(K.Int64({ [N]: 10, [G]: 'omitempty,pointer' })),
    deletionTimestamp: K.Optional(goField('omitempty,pointer', protobufField(9, TimeSchema))),
    finalizers: K.Optional(K.List(K.String(), { 'x-kubernetes-patch-strategy': 'merge', [N]: 14, [G]: 'omitempty' })),
    generateName: K.Optional(K.String({ [N]: 2, [G]: 'omitempty' })),
    generation: K.Optional(K.Int64({ [N]: 7, [G]: 'omitempty' })),
    labels: K.Optional(K.Map(K.String(), { [N]: 11, [G]: 'omitempty' })),
    managedFields: K.Optional(K.List(ManagedFieldsEntrySchema, { [N]: 17, [G]: 'omitempty' })),
    name: K.Optional(K.String({ [N]: 1, [G]: 'omitempty' })),
    namespace: K.Optional(K.String({ [N]: 3, [G]: 'omitempty' })),
    ownerReferences: K.Optional(
      K.List(OwnerReferenceSchema, { 'x-kubernetes-patch-merge-key': 'uid', 'x-kubernetes-patch-strategy': 'merge', [N]: 13, [G]: 'omitempty' }),
    ),
    resourceVersion: K.Optional(K.String({ [N]: 6, [G]: 'omitempty' })),
    selfLink: K.Optional(K.String({ [N]: 4, [G]: 'omitempty' })),
    uid: K.Optional(K.String({ [N]: 5, [G]: 'omitempty' })),
  },
  { $id: `${META_V1}.ObjectMeta` },
);

/** meta/v1 ListMeta: the metadata of every list kind. */
export const ListMetaSchema = K.Object(
  {
    continue: K.Optional(K.String({ [N]: 3, [G]: 'omitempty' })),
    remainingItemCount: K.Optional(K.Int64({ [N]: 4, [G]: 'omitempty,pointer' })),
    resourceVersion: K.Optional(K.String({ [N]: 2, [G]: 'omitempty' })),
    selfLink: K.Optional(K.String({ [N]: 1, [G]: 'omitempty' })),
  },
  { $id: `${META_V1}.ListMeta` },
);

/** The group-version-kind an item schema declares, if any. */
function itemGroupVersionKind(itemSchema: TSchema): GroupVersionKind | undefined {
  const marker: unknown = itemSchema['x-kubernetes-group-version-kind'];
  if (!Array.isArray(marker)) return undefined;
  const first: unknown = marker[0];
  if (typeof first !== 'object' || first === null) return undefined;
  const { group, version, kind } = first as Record<string, unknown>;
  if (typeof group !== 'string' || typeof version !== 'string' || typeof kind !== 'string') return undefined;
  return { group, version, kind };
}

/**
 * The list kind of `itemSchema` (`ConfigMapList` for ConfigMap): `apiVersion`, `kind`, `metadata`
 * (ListMeta) and the required `items`. Its group-version-kind is the item's with `List` appended.
 */
export function listSchema<I extends TSchema>(itemSchema: I, listKindDefinitionName: string) {
  const gvk = itemGroupVersionKind(itemSchema);
  const marker = gvk ? gvkMarker({ ...gvk, kind: `${gvk.kind}List` }) : {};
  return K.Object(
    {
      apiVersion: K.Optional(K.String()),
      items: K.List(itemSchema, { [N]: 2 }),
      kind: K.Optional(K.String()),
      metadata: K.Optional(protobufField(1, ListMetaSchema)),
    },
    { $id: listKindDefinitionName, ...marker },
  );
}

/**
 * The TypeScript type of a kind from its schema, with `metadata` required and typed as the shared
 * ObjectMeta (the store always fills it), so it satisfies `KubeObject`.
 */
export type KindObject<S extends TSchema> = Omit<Static<S>, 'metadata'> & { metadata: ObjectMeta };
