// Pod field selectors beyond metadata.name and metadata.namespace (upstream pod ToSelectableFields, 1.25).
import type { Pod } from '../schemas.generated.js';

/** Field path -> value; a missing field selects as the empty string, as upstream. */
export const podFieldSelectors: Record<string, (pod: Pod) => string> = {
  'spec.nodeName': (pod) => pod.spec?.nodeName ?? '',
  'spec.restartPolicy': (pod) => pod.spec?.restartPolicy ?? '',
  'spec.schedulerName': (pod) => pod.spec?.schedulerName ?? '',
  'spec.serviceAccountName': (pod) => pod.spec?.serviceAccountName ?? '',
  'status.phase': (pod) => pod.status?.phase ?? '',
  // The first of podIPs, as upstream (not the singular status.podIP field).
  'status.podIP': (pod) => pod.status?.podIPs?.[0]?.ip ?? '',
  'status.nominatedNodeName': (pod) => pod.status?.nominatedNodeName ?? '',
};
