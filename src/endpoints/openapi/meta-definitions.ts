// The meta/v1 (and version, runtime, resource, intstr) definitions every served OpenAPI document
// carries besides the kinds: what operations return or accept (Status, DeleteOptions, WatchEvent,
// Patch, discovery types) and the shared scalar types. Written with the same builders as kinds, so
// one emitter handles both; names, fields, types and markers follow upstream's definitions.
import type { TSchema } from '@sinclair/typebox';
import { K } from '../../schema/builder.js';
import { ListMetaSchema, META_V1, MicroTimeSchema, ObjectMetaSchema, TimeSchema } from '../../apis/meta/v1/object-meta.js';

/** Definition names the operations refer to. */
export const STATUS = `${META_V1}.Status`;
export const DELETE_OPTIONS = `${META_V1}.DeleteOptions`;
export const WATCH_EVENT = `${META_V1}.WatchEvent`;
export const PATCH = `${META_V1}.Patch`;
export const API_RESOURCE_LIST = `${META_V1}.APIResourceList`;
export const API_GROUP = `${META_V1}.APIGroup`;
export const API_GROUP_LIST = `${META_V1}.APIGroupList`;
export const API_VERSIONS = `${META_V1}.APIVersions`;
export const VERSION_INFO = 'io.k8s.apimachinery.pkg.version.Info';

const coreV1 = (kind: string) => ({ 'x-kubernetes-group-version-kind': [{ group: '', kind, version: 'v1' }] });

const StatusCause = K.Object(
  { field: K.Optional(K.String()), message: K.Optional(K.String()), reason: K.Optional(K.String()) },
  { $id: `${META_V1}.StatusCause` },
);

const StatusDetails = K.Object(
  {
    causes: K.Optional(K.List(StatusCause)),
    group: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    name: K.Optional(K.String()),
    retryAfterSeconds: K.Optional(K.Int32()),
    uid: K.Optional(K.String()),
  },
  { $id: `${META_V1}.StatusDetails` },
);

const Status = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    code: K.Optional(K.Int32()),
    details: K.Optional(StatusDetails),
    kind: K.Optional(K.String()),
    message: K.Optional(K.String()),
    metadata: K.Optional(ListMetaSchema),
    reason: K.Optional(K.String()),
    status: K.Optional(K.String()),
  },
  { $id: STATUS, ...coreV1('Status') },
);

const Preconditions = K.Object({ resourceVersion: K.Optional(K.String()), uid: K.Optional(K.String()) }, { $id: `${META_V1}.Preconditions` });

/** DeleteOptions; its group-version-kinds (one per served group-version) are added by the emitter. */
const DeleteOptions = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    dryRun: K.Optional(K.List(K.String())),
    gracePeriodSeconds: K.Optional(K.Int64()),
    kind: K.Optional(K.String()),
    orphanDependents: K.Optional(K.Boolean()),
    preconditions: K.Optional(Preconditions),
    propagationPolicy: K.Optional(K.String()),
  },
  { $id: DELETE_OPTIONS },
);

const RawExtension = K.Object({}, { $id: 'io.k8s.apimachinery.pkg.runtime.RawExtension' });

/** WatchEvent; group-version-kinds added by the emitter like DeleteOptions. */
const WatchEvent = K.Object({ type: K.String(), object: RawExtension }, { $id: WATCH_EVENT });

const Patch = K.Object({}, { $id: PATCH });

const GroupVersionForDiscovery = K.Object(
  { groupVersion: K.String(), version: K.String() },
  { $id: `${META_V1}.GroupVersionForDiscovery` },
);

const ServerAddressByClientCIDR = K.Object(
  { clientCIDR: K.String(), serverAddress: K.String() },
  { $id: `${META_V1}.ServerAddressByClientCIDR` },
);

// Properties in Go field order: `required` keeps that order, as upstream's does.
const APIResource = K.Object(
  {
    name: K.String(),
    singularName: K.String(),
    namespaced: K.Boolean(),
    group: K.Optional(K.String()),
    version: K.Optional(K.String()),
    kind: K.String(),
    verbs: K.List(K.String()),
    shortNames: K.Optional(K.List(K.String())),
    categories: K.Optional(K.List(K.String())),
    storageVersionHash: K.Optional(K.String()),
  },
  { $id: `${META_V1}.APIResource` },
);

const APIResourceList = K.Object(
  { apiVersion: K.Optional(K.String()), groupVersion: K.String(), kind: K.Optional(K.String()), resources: K.List(APIResource) },
  { $id: API_RESOURCE_LIST, ...coreV1('APIResourceList') },
);

const APIGroup = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    name: K.String(),
    versions: K.List(GroupVersionForDiscovery),
    preferredVersion: K.Optional(GroupVersionForDiscovery),
    serverAddressByClientCIDRs: K.Optional(K.List(ServerAddressByClientCIDR)),
  },
  { $id: API_GROUP, ...coreV1('APIGroup') },
);

const APIGroupList = K.Object(
  { apiVersion: K.Optional(K.String()), groups: K.List(APIGroup), kind: K.Optional(K.String()) },
  { $id: API_GROUP_LIST, ...coreV1('APIGroupList') },
);

const APIVersions = K.Object(
  {
    apiVersion: K.Optional(K.String()),
    kind: K.Optional(K.String()),
    versions: K.List(K.String()),
    serverAddressByClientCIDRs: K.List(ServerAddressByClientCIDR),
  },
  { $id: API_VERSIONS, ...coreV1('APIVersions') },
);

const VersionInfo = K.Object(
  {
    major: K.String(),
    minor: K.String(),
    gitVersion: K.String(),
    gitCommit: K.String(),
    gitTreeState: K.String(),
    buildDate: K.String(),
    goVersion: K.String(),
    compiler: K.String(),
    platform: K.String(),
  },
  { $id: VERSION_INFO },
);

const Quantity = K.String({ $id: 'io.k8s.apimachinery.pkg.api.resource.Quantity' });
const IntOrString = K.IntOrString({ $id: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString' });

/** Every meta definition the full (v2) document carries; v3 documents keep the reachable ones. */
export const META_DEFINITIONS: readonly TSchema[] = [
  Status,
  DeleteOptions,
  WatchEvent,
  Patch,
  APIResourceList,
  APIGroupList,
  APIVersions,
  VersionInfo,
  ListMetaSchema,
  ObjectMetaSchema,
  TimeSchema,
  MicroTimeSchema,
  Quantity,
  IntOrString,
];

/** The definitions whose group-version-kinds list every served group-version (as upstream). */
export const PER_GROUP_VERSION_KINDS: Readonly<Record<string, string>> = {
  [DELETE_OPTIONS]: 'DeleteOptions',
  [WATCH_EVENT]: 'WatchEvent',
};
