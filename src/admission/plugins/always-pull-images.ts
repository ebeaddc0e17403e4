// AlwaysPullImages (2-access-control: admission plugins; upstream plugin/pkg/admission/alwayspullimages, off by
// default): a pod created, or updated with an image none of its containers had, has every container's
// `imagePullPolicy` set to Always (init, regular and ephemeral containers, as pods.VisitContainersWithPath);
// validation refuses such a pod if a later mutation (a webhook) set another policy. Subresources are left alone.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { unknownError } from '../../errors/status-error.js';
import { aggregateMessage } from '../../errors/aggregate.js';
import { fieldErrorMessage, notSupported } from '../../errors/field-errors.js';
import { admissionForbidden } from '../forbidden.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';

interface ContainerFields {
  image?: string;
  imagePullPolicy?: string;
}

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** Each container of a pod with its field path, in upstream's order (init, regular, ephemeral). */
function containersOf(pod: Readonly<KubeObject> | undefined): Array<[ContainerFields, string]> {
  const spec = (pod?.['spec'] ?? {}) as Partial<Record<(typeof CONTAINER_LISTS)[number], ContainerFields[]>>;
  return CONTAINER_LISTS.flatMap((list) => (spec[list] ?? []).map((c, i): [ContainerFields, string] => [c, `spec.${list}[${i}]`]));
}

/** upstream isUpdateWithNoNewImages: an update whose every image some container of the old pod had. */
function isUpdateWithNoNewImages(a: AdmissionAttributes): boolean {
  if (a.operation !== 'UPDATE' || !a.oldObject) return false;
  const old = new Set(containersOf(a.oldObject).map(([c]) => c.image ?? ''));
  return containersOf(a.object).every(([c]) => old.has(c.image ?? ''));
}

/** upstream shouldIgnore, both phases. */
const ignored = (a: AdmissionAttributes): boolean =>
  !!a.subresource || a.def.group !== '' || a.def.resource !== 'pods' || !a.object || isUpdateWithNoNewImages(a);

export function alwaysPullImages(): AdmissionPlugin {
  return {
    name: 'AlwaysPullImages',
    handles: (a) => (a.operation === 'CREATE' || a.operation === 'UPDATE') && a.def.group === '' && a.def.resource === 'pods' && !a.subresource,
    admit(a) {
      if (ignored(a)) return;
      for (const [container] of containersOf(a.object)) container.imagePullPolicy = 'Always';
    },
    validate(a) {
      if (ignored(a)) return;
      const refusals = containersOf(a.object)
        .filter(([c]) => c.imagePullPolicy !== 'Always')
        .map(([c, path]) => admissionForbidden(a, fieldErrorMessage(notSupported(`${path}.imagePullPolicy`, c.imagePullPolicy ?? '', ['Always']))));
      if (refusals.length === 0) return;
      // upstream returns a utilerrors aggregate of the 403s, not a Status: its handlers answer it as a 500.
      throw unknownError(aggregateMessage(refusals.map((e) => e.message)));
    },
  };
}
