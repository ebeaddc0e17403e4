// Which generated module a definition lives in, and which definitions are written by hand instead.

/** A definition's package (`io.k8s.api.core.v1`) and short name (`PodSpec`). */
export function splitName(definition: string): { pkg: string; short: string } {
  const dot = definition.lastIndexOf('.');
  return { pkg: definition.slice(0, dot), short: definition.slice(dot + 1) };
}

/** Definitions written by hand in `src/apis/meta/v1/object-meta.ts`: their schema const and TS type. */
export const HAND_WRITTEN: Record<string, { schema: string; type: string }> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta': { schema: 'ObjectMetaSchema', type: 'ObjectMeta' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta': { schema: 'ListMetaSchema', type: 'ListMeta' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { schema: 'TimeSchema', type: 'string' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': { schema: 'MicroTimeSchema', type: 'string' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': { schema: 'FieldsV1Schema', type: 'Record<string, unknown>' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry': { schema: 'ManagedFieldsEntrySchema', type: 'ManagedFieldsEntry' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference': { schema: 'OwnerReferenceSchema', type: 'OwnerReference' },
};

/** Definitions that are scalars on the wire with a builder of their own (and a `$id`). */
export const SCALAR_DEFINITIONS: Record<string, { builder: string; type: string }> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { builder: 'K.Quantity', type: 'string' },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { builder: 'K.IntOrString', type: 'number | string' },
};

/** The apimachinery packages generated into the meta/v1 module (besides the hand-written ones). */
const APIMACHINERY = /^io\.k8s\.apimachinery\./;

/** Packages not generated yet (apiextensions' JSONSchemaProps is recursive: the CRD work brings it). */
export const NOT_GENERATED = new Set(['io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1']);

/** The module of a package, relative to `src/apis/`, without extension: `core/v1/schemas.generated`. */
export function modulePath(pkg: string): string {
  if (APIMACHINERY.test(pkg)) return 'meta/v1/schemas.generated';
  const api = /^io\.k8s\.api\.([a-z0-9]+)\.(v[a-z0-9]+)$/.exec(pkg);
  if (api) return `${api[1]}/${api[2]}/schemas.generated`;
  const other = /^io\.k8s\.[a-z-]+\.pkg\.apis\.([a-z0-9]+)\.(v[a-z0-9]+)$/.exec(pkg);
  if (other) return `${other[1]}/${other[2]}/schemas.generated`;
  throw new Error(`codegen: no module for package ${pkg}`);
}

/** A prefix that keeps an imported name apart from a local one: `core/v1/...` -> `CoreV1`. */
export function moduleAlias(module: string): string {
  const [group = '', version = ''] = module.split('/');
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return `${cap(group)}${cap(version)}`;
}
