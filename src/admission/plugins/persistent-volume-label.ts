// PersistentVolumeLabel (2-access-control: admission plugins; upstream plugin/pkg/admission/storage/persistentvolume/
// label, deprecated and off by default in 1.25): a new PersistentVolume of a cloud disk (AWS EBS, GCE PD, Azure
// Disk, vSphere) gets the zone and region labels its cloud provider reports, and node affinity to match them.
// kplane links no cloud provider, as a kube-apiserver built without the legacy in-tree ones ("providerless"),
// where GetCloudProvider finds none: such a volume is refused with upstream's "unable to build ... cloud
// provider" error, unless it is the placeholder of one being provisioned, or it was dynamically provisioned and
// already carries both labels (trusted as they are, as upstream trusts them).
import type { NodeSelectorRequirement, PersistentVolume } from '../../apis/core/v1/schemas.generated.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionPlugin } from '../types.js';

const ZONE = 'topology.kubernetes.io/zone';
const REGION = 'topology.kubernetes.io/region';
const BETA_ZONE = 'failure-domain.beta.kubernetes.io/zone';
const BETA_REGION = 'failure-domain.beta.kubernetes.io/region';
/** upstream AnnDynamicallyProvisioned. */
const PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';
/** upstream cloudvolume.ProvisionedVolumeName: a disk a provisioner has yet to create. */
const PLACEHOLDER = 'placeholder-for-provisioning';
/** upstream LabelMultiZoneDelimiter: a volume in several zones lists them in one label value. */
const ZONE_DELIMITER = '__';

/** Logged once when the plugin is made, as upstream's newPersistentVolumeLabel logs it. */
export const PERSISTENT_VOLUME_LABEL_DEPRECATION =
  'PersistentVolumeLabel admission controller is deprecated. Please remove this controller from your configuration files and scripts.';

export function persistentVolumeLabel(warn: (message: string) => void = (message) => console.warn(`kplane: ${message}`)): AdmissionPlugin {
  warn(PERSISTENT_VOLUME_LABEL_DEPRECATION);
  return {
    name: 'PersistentVolumeLabel',
    handles: (a) => a.operation === 'CREATE' && a.def.group === '' && a.def.resource === 'persistentvolumes',
    admit(a) {
      const volume = a.object as PersistentVolume | undefined;
      if (!volume) return;
      let labels: Record<string, string> | undefined;
      try {
        labels = volumeLabels(volume);
      } catch (error) {
        throw admissionForbidden(a, (error as Error).message);
      }
      if (!labels) return;
      const requirements: NodeSelectorRequirement[] = [];
      for (const [key, value] of Object.entries(labels)) {
        (volume.metadata.labels ??= {})[key] = value;
        const zone = key === ZONE || key === BETA_ZONE;
        const values = zone ? zonesOf(value) : [value];
        if (!values) throw admissionForbidden(a, `failed to convert label string for Zone: ${value} to a Set`);
        requirements.push({ key, operator: 'In', values });
      }
      requireNodeAffinity(volume, requirements);
    },
  };
}

/** upstream findVolumeLabels: the labels to set, undefined for none; throws the cloud provider's error. */
function volumeLabels(volume: PersistentVolume): Record<string, string> | undefined {
  const existing = volume.metadata.labels ?? {};
  const ga = existing[ZONE] !== undefined && existing[REGION] !== undefined;
  const [zoneKey, regionKey] = ga ? [ZONE, REGION] : [BETA_ZONE, BETA_REGION];
  const zone = existing[zoneKey];
  const region = existing[regionKey];
  if (volume.metadata.annotations?.[PROVISIONED_BY] !== undefined && zone !== undefined && region !== undefined) return { [zoneKey]: zone, [regionKey]: region };
  const spec = volume.spec ?? {};
  if (spec.awsElasticBlockStore) {
    const id = spec.awsElasticBlockStore.volumeID;
    return id === PLACEHOLDER ? undefined : noProvider(`error querying AWS EBS volume ${id}: unable to build AWS cloud provider for EBS`);
  }
  if (spec.gcePersistentDisk) {
    const name = spec.gcePersistentDisk.pdName;
    return name === PLACEHOLDER ? undefined : noProvider(`error querying GCE PD volume ${name}: unable to build GCE cloud provider for PD`);
  }
  if (spec.azureDisk) {
    const name = spec.azureDisk.diskName;
    return name === PLACEHOLDER ? undefined : noProvider(`error querying AzureDisk volume ${name}: unable to build Azure cloud provider for AzureDisk`);
  }
  if (spec.vsphereVolume) return noProvider(`error querying vSphere Volume ${spec.vsphereVolume.volumePath}: unable to build vSphere cloud provider`);
  return undefined;
}

function noProvider(message: string): never {
  throw new Error(message);
}

/** upstream LabelZonesToSet: the zones of a label value, sorted; undefined when one is empty. */
function zonesOf(value: string): string[] | undefined {
  const zones = new Set<string>();
  for (const zone of value.split(ZONE_DELIMITER)) {
    const trimmed = zone.trim();
    if (trimmed === '') return undefined;
    zones.add(trimmed);
  }
  return [...zones].sort();
}

/**
 * The requirements in every term of the volume's required node affinity (one empty term made when there is
 * none), unless a term already has a requirement of one of their keys: upstream leaves the affinity as it is then.
 */
function requireNodeAffinity(volume: PersistentVolume, requirements: NodeSelectorRequirement[]): void {
  const spec = (volume.spec ??= {});
  const required = ((spec.nodeAffinity ??= {}).required ??= { nodeSelectorTerms: [] });
  // `required: {}` decodes without its list: Go's nil slice, empty all the same.
  required.nodeSelectorTerms ??= [];
  if (required.nodeSelectorTerms.length === 0) required.nodeSelectorTerms.push({});
  const keys = new Set(requirements.map((r) => r.key));
  if (required.nodeSelectorTerms.some((term) => (term.matchExpressions ?? []).some((r) => keys.has(r.key)))) return;
  for (const term of required.nodeSelectorTerms) term.matchExpressions = [...(term.matchExpressions ?? []), ...requirements];
}
