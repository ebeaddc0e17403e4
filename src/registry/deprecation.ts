// Deprecated API versions (1-conventions: Versioning, rule 5): a call gets a `Warning` header, the
// `k8s.io/deprecated` audit annotation and the `apiserver_requested_deprecated_apis` gauge. The text is
// upstream's (k8s.io/apiserver endpoints/deprecation): `<group/version> <Kind> is deprecated in vX.Y+,
// unavailable in vX.Y+; use <group/version> <Kind>`.
import type { GroupVersionKind } from '../apis/meta/v1/object-meta.js';

export interface Deprecation {
  /** The release that deprecated the version, `1.23`. */
  deprecated: string;
  /** The release that removes it, `1.26`, if planned. */
  removed?: string;
  /** What to use instead. */
  replacement?: GroupVersionKind;
}

const groupVersion = (group: string, version: string): string => (group ? `${group}/${version}` : version);

/** The warning upstream sends with every request to a deprecated version. */
export function deprecationWarning(kind: GroupVersionKind, deprecation: Deprecation): string {
  let text = `${groupVersion(kind.group, kind.version)} ${kind.kind} is deprecated in v${deprecation.deprecated}+`;
  if (deprecation.removed) text += `, unavailable in v${deprecation.removed}+`;
  const use = deprecation.replacement;
  if (use) text += `; use ${groupVersion(use.group, use.version)} ${use.kind}`;
  return text;
}
