// Operation ids and tags as upstream derives them from a route's path (`/api/v1/...` is read as
// `/apis/core/v1/...`; the group loses its `.k8s.io` suffix): `listCoreV1NamespacedConfigMap`,
// tag `core_v1`; `patchRbacAuthorizationV1ClusterRole`, tag `rbacAuthorization_v1`.

/** Upstream ToValidOperationID: letters and `_` kept, other characters capitalize the next letter. */
export function toValidOperationId(text: string, capitalizeFirst: boolean): string {
  let out = '';
  let capitalize = capitalizeFirst;
  let index = 0;
  for (const char of text) {
    const isLetter = /\p{L}/u.test(char);
    if (isLetter || char === '_' || (index !== 0 && /\p{Nd}/u.test(char))) {
      out += capitalize ? char.toUpperCase() : char;
      capitalize = false;
    } else {
      capitalize = true;
    }
    index++;
  }
  return out;
}

const groupSegment = (group: string): string => (group === '' ? 'core' : group.replace(/\.k8s\.io$/, ''));

/** The operation-id infix of a group-version: `CoreV1`, `EventsV1`, `FlowcontrolApiserverV1beta2`. */
export function groupVersionOperationPart(group: string, version?: string): string {
  const head = toValidOperationId(groupSegment(group), true);
  return version === undefined ? head : head + toValidOperationId(version, true);
}

/** The tag of a group (`core`, `rbacAuthorization`) or group-version (`core_v1`). */
export function groupVersionTag(group: string, version?: string): string {
  const head = toValidOperationId(groupSegment(group), false);
  return version === undefined ? head : `${head}_${toValidOperationId(version, false)}`;
}

/** `verb` + group-version + rest: `operationId('list', '', 'v1', 'NamespacedConfigMap')`. */
export function operationId(verb: string, group: string, version: string | undefined, rest: string): string {
  return verb + groupVersionOperationPart(group, version) + toValidOperationId(rest, true);
}

/** The URL prefix of a group-version: `/api/v1` or `/apis/<group>/<version>`. */
export function groupVersionPrefix(group: string, version: string): string {
  return group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
}

/** The `/openapi/v3` key of a group-version: `api/v1`, `apis/apps/v1`. */
export function groupVersionDocumentKey(group: string, version: string): string {
  return groupVersionPrefix(group, version).slice(1);
}
