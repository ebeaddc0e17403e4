// What the claim strategies do besides validation (upstream pkg/registry/core/persistentvolumeclaim
// and pkg/api/persistentvolumeclaim): status reset on create, data source compatibility, and the
// status subresource dropping the alpha status fields.
import { keepAllButStatus } from '../../../../registry/subresource.js';
import type { PersistentVolumeClaim, PersistentVolumeClaimSpec } from '../schemas.generated.js';
import { defaultClaimSpec } from '../volumes/index.js';

/** Upstream SetDefaults_PersistentVolumeClaim and SetDefaults_PersistentVolumeClaimSpec. */
export function defaultPersistentVolumeClaim(pvc: PersistentVolumeClaim): void {
  defaultClaimSpec((pvc.spec ??= {}));
  const status = (pvc.status ??= {});
  status.phase ||= 'Pending';
}

/** dataSource keeps only a claim or a VolumeSnapshot (unless the old spec already had one). */
function enforceDataSourceCompatibility(spec: PersistentVolumeClaimSpec, old: PersistentVolumeClaimSpec | undefined): void {
  const source = spec.dataSource;
  if (!source || old?.dataSource) return;
  const group = source.apiGroup ?? '';
  const allowed = (source.kind === 'PersistentVolumeClaim' && group === '') || (source.kind === 'VolumeSnapshot' && group === 'snapshot.storage.k8s.io');
  if (!allowed) delete spec.dataSource;
}

/** With AnyVolumeDataSource (beta, on in 1.25): when only one of dataSource / dataSourceRef is set, both are. */
function normalizeDataSources(spec: PersistentVolumeClaimSpec): void {
  if (spec.dataSource && !spec.dataSourceRef) spec.dataSourceRef = structuredClone(spec.dataSource);
  else if (spec.dataSourceRef && !spec.dataSource) spec.dataSource = structuredClone(spec.dataSourceRef);
}

/**
 * Create: the client's status is dropped (upstream's storage answers with the object decoded again,
 * so the phase reads Pending), then the data sources are made consistent.
 */
export function preparePersistentVolumeClaimForCreate(pvc: PersistentVolumeClaim): void {
  pvc.status = { phase: 'Pending' };
  const spec = (pvc.spec ??= {});
  enforceDataSourceCompatibility(spec, undefined);
  normalizeDataSources(spec);
}

/** Update of the main resource (status is kept by the store). */
export function preparePersistentVolumeClaimForUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): void {
  enforceDataSourceCompatibility((pvc.spec ??= {}), old.spec);
}

/** Update of `status`: the spec stays; allocatedResources and resizeStatus need an alpha gate (off) unless already set. */
export function preparePersistentVolumeClaimForStatusUpdate(pvc: PersistentVolumeClaim, old: PersistentVolumeClaim): void {
  keepAllButStatus(pvc, old);
  const status = pvc.status;
  if (!status) return;
  if (status.allocatedResources && !old.status?.allocatedResources) delete status.allocatedResources;
  if (status.resizeStatus !== undefined && old.status?.resizeStatus === undefined) delete status.resizeStatus;
}
