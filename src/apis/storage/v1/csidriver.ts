// CSIDriver (storage.k8s.io/v1, cluster-scoped; 3-resources "CSIDriver"): defaults (upstream
// SetDefaults_CSIDriver), validation as upstream 1.25 ValidateCSIDriver / ValidateCSIDriverUpdate
// (attachRequired, fsGroupPolicy, podInfoOnMount and volumeLifecycleModes immutable), and the table.
import { ALL_VERBS, type ResourceDefinition, type TableColumn } from '../../../registry/resource-definition.js';
import { duplicate, invalid, notSupported, required, type FieldError } from '../../../errors/field-errors.js';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from '../../meta/v1/validation.js';
import { ageColumn, columnDefinition, nameColumn } from '../../printers/columns.js';
import { canonicalJson } from '../../core/v1/go-struct-diff.js';
import { MAX_TOKEN_EXPIRATION_SECONDS, MIN_TOKEN_EXPIRATION_SECONDS } from '../../core/v1/volumes/projected.js';
import { CSIDriverSchema, type CSIDriver, type CSIDriverSpec, type TokenRequest } from './schemas.generated.js';
import { STORAGE_V1, validateImmutableField } from './storage-meta.js';

export { CSIDriverSchema, type CSIDriver };

const FS_GROUP_POLICIES = ['File', 'None', 'ReadWriteOnceWithFSType'];
const LIFECYCLE_MODES = ['Persistent', 'Ephemeral'];

/** Upstream SetDefaults_CSIDriver (CSIInlineVolume is GA: modes default to Persistent; seLinuxMount's gate is off). */
export function defaultCSIDriver(driver: CSIDriver): void {
  const spec = (driver.spec ??= {});
  spec.attachRequired ??= true;
  spec.podInfoOnMount ??= false;
  spec.storageCapacity ??= false;
  spec.fsGroupPolicy ??= 'ReadWriteOnceWithFSType';
  if (!spec.volumeLifecycleModes?.length) spec.volumeLifecycleModes = ['Persistent'];
  spec.requiresRepublish ??= false;
}

/** Audiences distinct; a set lifetime between 10 minutes and 2^32 seconds. */
function validateTokenRequests(requests: readonly TokenRequest[] | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (requests ?? []).forEach((request, i) => {
    const at = `${path}[${i}]`;
    const audience = request.audience ?? '';
    if (seen.has(audience)) {
      errors.push(duplicate(`${at}.audience`, audience));
      return;
    }
    seen.add(audience);
    const seconds = request.expirationSeconds;
    if (seconds === undefined) return;
    if (seconds < MIN_TOKEN_EXPIRATION_SECONDS) errors.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration less than 10 minutes'));
    if (seconds > MAX_TOKEN_EXPIRATION_SECONDS) errors.push(invalid(`${at}.expirationSeconds`, seconds, 'may not specify a duration larger than 2^32 seconds'));
  });
  return errors;
}

/** Upstream validateCSIDriverSpec (`attachedRequired` is upstream's spelling of the path). */
function validateSpec(spec: CSIDriverSpec): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.attachRequired === undefined) errors.push(required('spec.attachedRequired'));
  if (spec.podInfoOnMount === undefined) errors.push(required('spec.podInfoOnMount'));
  if (spec.storageCapacity === undefined) errors.push(required('spec.storageCapacity'));
  if (spec.fsGroupPolicy !== undefined && !FS_GROUP_POLICIES.includes(spec.fsGroupPolicy)) errors.push(notSupported('spec.fsGroupPolicy', spec.fsGroupPolicy, FS_GROUP_POLICIES));
  errors.push(...validateTokenRequests(spec.tokenRequests, 'spec.tokenRequests'));
  for (const mode of spec.volumeLifecycleModes ?? []) {
    if (!LIFECYCLE_MODES.includes(mode)) errors.push(notSupported('spec.volumeLifecycleModes', mode, LIFECYCLE_MODES));
  }
  return errors;
}

/** Upstream ValidateCSIDriver: metadata (DNS-subdomain names) and the spec. */
export function validateCSIDriver(driver: CSIDriver): FieldError[] {
  return [...validateObjectMeta(driver.metadata, { namespaced: false, nameValidator: nameIsDNSSubdomain }), ...validateSpec(driver.spec ?? {})];
}

/** Upstream strategy ValidateUpdate: the create rules, then ValidateCSIDriverUpdate (spec rules again, immutable fields). */
export function validateCSIDriverUpdate(driver: CSIDriver, old: CSIDriver): FieldError[] {
  const spec = driver.spec ?? {};
  const oldSpec = old.spec ?? {};
  return [
    ...validateCSIDriver(driver),
    ...validateObjectMetaUpdate(driver.metadata, old.metadata),
    ...validateSpec(spec),
    ...validateImmutableField(spec.attachRequired, oldSpec.attachRequired, 'spec.attachedRequired'),
    ...validateImmutableField(spec.fsGroupPolicy, oldSpec.fsGroupPolicy, 'spec.fsGroupPolicy'),
    ...validateImmutableField(spec.podInfoOnMount, oldSpec.podInfoOnMount, 'spec.podInfoOnMount'),
    ...validateImmutableField(spec.volumeLifecycleModes, oldSpec.volumeLifecycleModes, 'spec.volumeLifecycleModes'),
  ];
}

/** seLinuxMount needs the alpha gate SELinuxMountReadWriteOncePod (off in 1.25): dropped unless already set. */
function dropSELinuxMount(driver: CSIDriver, old: CSIDriver | undefined): void {
  if (driver.spec?.seLinuxMount !== undefined && old?.spec?.seLinuxMount === undefined) delete driver.spec.seLinuxMount;
}

/** Update: changes to tokenRequests or requiresRepublish bump the generation (upstream PrepareForUpdate). */
function prepareCSIDriverForUpdate(driver: CSIDriver, old: CSIDriver): void {
  dropSELinuxMount(driver, old);
  const changed = (key: keyof CSIDriverSpec): boolean => canonicalJson(driver.spec?.[key]) !== canonicalJson(old.spec?.[key]);
  const generation = old.metadata.generation;
  if (changed('tokenRequests') || changed('requiresRepublish')) driver.metadata.generation = (generation ?? 0) + 1;
  else if (generation === undefined) delete driver.metadata.generation;
  else driver.metadata.generation = generation;
}

const bool = (name: string, description: string, cell: (d: CSIDriverSpec) => boolean): TableColumn<CSIDriver> => ({
  definition: columnDefinition(name, 'boolean', description),
  cell: (d) => cell(d.spec ?? {}),
});

/** Upstream printCSIDriver's columns. */
export const csiDriverColumns: TableColumn<CSIDriver>[] = [
  nameColumn(),
  bool('AttachRequired', 'attachRequired indicates this CSI volume driver requires an attach operation.', (s) => s.attachRequired ?? true),
  bool('PodInfoOnMount', 'podInfoOnMount indicates this CSI volume driver requires additional pod information during mount operations.', (s) => s.podInfoOnMount ?? false),
  bool('StorageCapacity', 'storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report.', (s) => s.storageCapacity ?? false),
  {
    definition: columnDefinition('TokenRequests', 'string', 'tokenRequests indicates the CSI driver needs pods\' service account tokens it is mounting volume for to do necessary authentication.'),
    cell: (d) => (d.spec?.tokenRequests?.length ? d.spec.tokenRequests.map((t) => t.audience ?? '').join(',') : '<unset>'),
  },
  bool('RequiresRepublish', 'requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume.', (s) => s.requiresRepublish ?? false),
  {
    definition: columnDefinition('Modes', 'string', 'volumeLifecycleModes defines what kind of volumes this CSI volume driver supports.'),
    cell: (d) => (d.spec?.volumeLifecycleModes?.length ? d.spec.volumeLifecycleModes.join(',') : '<none>'),
  },
  ageColumn(),
];

/** The CSIDriver resource: `csidrivers`; delete returns the object. */
export const csiDriverDefinition: ResourceDefinition<CSIDriver> = {
  group: 'storage.k8s.io',
  version: 'v1',
  kind: 'CSIDriver',
  listKind: 'CSIDriverList',
  resource: 'csidrivers',
  singular: 'csidriver',
  namespaced: false,
  schema: CSIDriverSchema,
  definitionName: `${STORAGE_V1}.CSIDriver`,
  verbs: ALL_VERBS,
  defaults: defaultCSIDriver,
  strategy: {
    prepareForCreate: (driver) => dropSELinuxMount(driver, undefined),
    validate: validateCSIDriver,
    prepareForUpdate: prepareCSIDriverForUpdate,
    validateUpdate: validateCSIDriverUpdate,
  },
  tableColumns: csiDriverColumns,
  deleteReturnsObject: true,
};
