// Refreshes codegen/facts/kubernetes-1.25.json: the structural facts of every type Kubernetes 1.25 serves
// by default, from the reference OpenAPI document (descriptions already removed; 1.28, adjusted to 1.25
// by release-1.25.ts) and the protobuf field numbers embedded in a Kubernetes binary. A developer's tool,
// never run by the product or its tests:
//   node dist/codegen/extract-facts.js --reference ../shared/reference/kubernetes-1.28-openapi-v2.json --binary /usr/bin/kubectl
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { readProtoFacts, type ProtoFacts, type ProtoFieldFact } from './protobuf-descriptors.js';
import { ADDED_AFTER_1_25, DEFAULTS_OF_1_25, DEFINITIONS_OF_1_25, PROPERTIES_OF_1_25, PROTOBUF_NUMBERS_OF_1_25, SERVED_1_25, type ServedGroupVersion } from './release-1.25.js';
import { FACTS_PATH, type Definition, type Facts } from './facts.js';

type Definitions = Record<string, Definition>;

const REF = '#/definitions/';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `$ref` target inside a schema. */
function refsOf(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) refsOf(item, out);
  else if (isObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') out.push(value.slice(REF.length));
      else refsOf(value, out);
    }
  }
  return out;
}

/** The named definitions reachable from `roots`. */
function closure(definitions: Definitions, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const def = definitions[name];
    if (!def) throw new Error(`facts: ${name} is referenced but not defined`);
    seen.add(name);
    for (const target of refsOf(def)) visit(target);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** A union member that a later release added is not one of the 1.25 union's fields either. */
function dropFromUnions(def: Definition, fields: readonly string[]): void {
  const unions = def['x-kubernetes-unions'];
  if (!Array.isArray(unions)) return;
  for (const union of unions) {
    const members = isObject(union) ? union['fields-to-discriminateBy'] : undefined;
    if (isObject(members)) for (const field of fields) delete members[field];
  }
}

/** The reference's definitions with the 1.25 differences applied. */
function definitionsOf125(reference: Definitions): Definitions {
  const out: Definitions = structuredClone(reference);
  Object.assign(out, structuredClone(DEFINITIONS_OF_1_25));
  for (const [name, fields] of Object.entries(ADDED_AFTER_1_25)) {
    const properties = out[name]?.properties;
    if (!properties) throw new Error(`facts: ${name} has no properties to drop ${fields.join(', ')} from`);
    for (const field of fields) {
      if (!(field in properties)) throw new Error(`facts: ${name}.${field} is not in the reference`);
      delete properties[field];
    }
    out[name]!.required = out[name]!.required?.filter((r) => !fields.includes(r));
    dropFromUnions(out[name]!, fields);
  }
  for (const [name, fields] of Object.entries(PROPERTIES_OF_1_25)) {
    const def = out[name];
    if (!def) throw new Error(`facts: ${name} is not in the reference`);
    def.properties ??= {};
    for (const [field, fact] of Object.entries(fields)) def.properties[field] = { ...fact.schema, 'x-kplane-protobuf': fact.protobuf };
  }
  for (const [name, fields] of Object.entries(DEFAULTS_OF_1_25)) {
    const properties = out[name]?.properties;
    for (const [field, value] of Object.entries(fields)) {
      const property = properties?.[field];
      if (!property) throw new Error(`facts: ${name}.${field} is not in the reference`);
      property['default'] = value;
    }
  }
  return out;
}

/** Root kinds (with their lists) of a served group-version in `definitions`. */
function kindRoots(definitions: Definitions, gv: ServedGroupVersion, prefix: string): string[] {
  return Object.keys(definitions).filter((name) => {
    if (!name.startsWith(`${prefix}.`) || name.slice(prefix.length + 1).includes('.')) return false;
    const gvks = definitions[name]!['x-kubernetes-group-version-kind'];
    if (!Array.isArray(gvks) || gvks.length === 0) return false;
    const short = name.slice(prefix.length + 1);
    return !gv.kinds || gv.kinds.some((k) => short === k || short === `${k}List`);
  });
}

/** A version the reference lacks: the sibling's definitions under the version's own names. */
function copyVersion(definitions: Definitions, gv: ServedGroupVersion): Definitions {
  const from = gv.copyOf!;
  const fromVersion = from.slice(from.lastIndexOf('.') + 1);
  const toVersion = gv.prefix.slice(gv.prefix.lastIndexOf('.') + 1);
  const names = [...closure(definitions, kindRoots(definitions, gv, from))].filter((n) => n.startsWith(`${from}.`));
  const rename = (text: string): string => text.split(`${REF}${from}.`).join(`${REF}${gv.prefix}.`);
  const out: Definitions = {};
  for (const name of names) {
    const copy = JSON.parse(rename(JSON.stringify(definitions[name]))) as Definition;
    const gvks = copy['x-kubernetes-group-version-kind'];
    if (Array.isArray(gvks)) copy['x-kubernetes-group-version-kind'] = gvks.map((g) => ({ ...g, version: g.version === fromVersion ? toVersion : g.version }));
    out[`${gv.prefix}${name.slice(from.length)}`] = copy;
  }
  return out;
}

const protoName = (definition: string): string => definition.replace(/^io\.k8s\./, 'k8s.io.');

/** Where a JSON property lives in a message: its number, and the embedded messages it is inside. */
interface Placement {
  number: number;
  embedded: number[];
}

/**
 * Finds a JSON property in a message: by name; by name ignoring case (go-to-protobuf keeps Go's spelling
 * where a json tag differs, e.g. `uID`, `Webhooks`); or inside an embedded struct, which JSON inlines
 * and protobuf keeps as a message field of its own (Volume's VolumeSource, Probe's ProbeHandler).
 */
function placement(proto: ProtoFacts, message: Map<string, ProtoFieldFact>, field: string, jsonNames: Set<string>): Placement | undefined {
  const direct = message.get(field) ?? [...message].find(([name]) => name.toLowerCase() === field.toLowerCase())?.[1];
  if (direct) return { number: direct.number, embedded: [] };
  for (const [name, fact] of message) {
    if (jsonNames.has(name) || [...jsonNames].some((j) => j.toLowerCase() === name.toLowerCase())) continue;
    const inner = proto.get(fact.type);
    if (!inner || fact.repeated) continue;
    const found = placement(proto, inner, field, new Set());
    if (found) return { number: found.number, embedded: [fact.number, ...found.embedded] };
  }
  return undefined;
}

/**
 * Puts each property's protobuf number on it (`x-kplane-protobuf`, and `x-kplane-protobuf-embedded` with
 * the path of embedded messages it is inside). A property the message lacks is dropped when the
 * definition was copied from a sibling version, and reported otherwise.
 */
function numberFields(definitions: Definitions, names: Iterable<string>, proto: ProtoFacts, copied: Set<string>, report: string[]): void {
  for (const name of names) {
    const def = definitions[name]!;
    const message = proto.get(protoName(name));
    if (!message || !def.properties) continue;
    const jsonNames = new Set(Object.keys(def.properties));
    for (const [field, schema] of Object.entries(def.properties)) {
      if (typeof schema['x-kplane-protobuf'] === 'number') continue;
      const found = placement(proto, message, field, jsonNames);
      if (found) {
        schema['x-kplane-protobuf'] = found.number;
        if (found.embedded.length > 0) schema['x-kplane-protobuf-embedded'] = found.embedded;
      } else if (field === 'apiVersion' || field === 'kind') continue; // type meta: JSON only, in every version
      else if (copied.has(name)) delete def.properties[field];
      else report.push(`${name}.${field}: no protobuf field`);
    }
    def.required = def.required?.filter((r) => r in def.properties!);
  }
}

/** meta/v1 and version types the documents name, beyond those the kinds reach. */
const DOCUMENT_TYPES = ['Status', 'DeleteOptions', 'WatchEvent', 'ListMeta', 'ObjectMeta', 'APIResourceList', 'APIGroupList', 'APIVersions', 'Patch']
  .map((name) => `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`)
  .concat('io.k8s.apimachinery.pkg.version.Info');

type ReferencePaths = Record<string, Record<string, Record<string, unknown>>>;

/** The REST path prefix of an OpenAPI package: `/apis/<group>/<version>/`, `/api/v1/` for core. */
function pathPrefix(pkg: string): string {
  const [group, version] = [pkg.slice(0, pkg.lastIndexOf('.')), pkg.slice(pkg.lastIndexOf('.') + 1)];
  return group === 'io.k8s.api.core' ? `/api/${version}/` : `/apis/${groupOf(group)}/${version}/`;
}

const capitalVersion = (pkg: string): string => {
  const version = pkg.slice(pkg.lastIndexOf('.') + 1);
  return version.charAt(0).toUpperCase() + version.slice(1);
};

/**
 * The paths of a version the reference lacks: its successor's, under its own version (paths and
 * operation ids, `listFlowcontrolApiserverV1beta2FlowSchema` -> `...V1beta1...`), for the kinds it serves.
 */
function copiedPaths(paths: ReferencePaths, gv: ServedGroupVersion): ReferencePaths {
  const [from, to] = [pathPrefix(gv.copyOf!), pathPrefix(gv.prefix)];
  const versionInId = new RegExp(`${capitalVersion(gv.copyOf!)}(?=[A-Z])`);
  const served = (op: Record<string, unknown>): boolean => {
    const gvk = op['x-kubernetes-group-version-kind'] as { kind?: string } | undefined;
    // Operations of no kind (the group-version's resource list) belong to every copied version.
    return !gv.kinds || !gvk?.kind || gv.kinds.some((k) => gvk.kind === k || gvk.kind === `${k}List`);
  };
  const out: ReferencePaths = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith(from)) continue;
    const ops = Object.entries(item).filter(([method, op]) => method === 'parameters' || served(op));
    if (!ops.some(([method]) => method !== 'parameters')) continue;
    out[`${to}${path.slice(from.length)}`] = Object.fromEntries(
      ops.map(([method, op]) => [method, method === 'parameters' ? op : { ...op, operationId: String(op['operationId']).replace(versionInId, capitalVersion(gv.prefix)) }]),
    );
  }
  return out;
}

/** The reference's paths of the served group-versions, each operation cut to id, action and parameter names. */
function servedPaths(referencePaths: ReferencePaths, parameters: Record<string, { name: string }>): Facts['paths'] {
  const paths: ReferencePaths = { ...referencePaths };
  for (const gv of SERVED_1_25.filter((g) => g.copyOf)) Object.assign(paths, copiedPaths(referencePaths, gv));
  const prefixes = SERVED_1_25.map((gv) => pathPrefix(gv.prefix));
  const nameOf = (p: Record<string, unknown>): { name: string } => {
    const ref = p['$ref'];
    return { name: typeof ref === 'string' ? parameters[ref.slice(ref.lastIndexOf('/') + 1)]!.name : String(p['name']) };
  };
  const out: Facts['paths'] = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!prefixes.some((prefix) => path.startsWith(prefix))) continue;
    const shared = ((item['parameters'] as unknown as Record<string, unknown>[] | undefined) ?? []).map(nameOf);
    out[path] = {};
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const own = ((op['parameters'] as Record<string, unknown>[] | undefined) ?? []).map(nameOf);
      // sendInitialEvents arrived in 1.27.
      const parameters = [...shared, ...own].filter((p) => p.name !== 'sendInitialEvents');
      out[path][method] = { operationId: String(op['operationId']), 'x-kubernetes-action': String(op['x-kubernetes-action']), parameters };
    }
  }
  return out;
}

/** The API group of an OpenAPI package prefix: `io.k8s.api.storage` -> `storage.k8s.io`. */
function groupOf(pkg: string): string {
  const name = pkg.slice(pkg.lastIndexOf('.') + 1);
  const groups: Record<string, string> = {
    apps: 'apps', autoscaling: 'autoscaling', batch: 'batch', policy: 'policy', flowcontrol: 'flowcontrol.apiserver.k8s.io',
    rbac: 'rbac.authorization.k8s.io', authentication: 'authentication.k8s.io', authorization: 'authorization.k8s.io',
    apiregistration: 'apiregistration.k8s.io', apiextensions: 'apiextensions.k8s.io',
  };
  return groups[name] ?? `${name}.k8s.io`;
}

function main(): void {
  const { values } = parseArgs({ options: { reference: { type: 'string' }, binary: { type: 'string', default: '/usr/bin/kubectl' } } });
  if (!values.reference) throw new Error('usage: extract-facts --reference <openapi-v2.json> [--binary /usr/bin/kubectl]');
  const document = JSON.parse(readFileSync(values.reference, 'utf8')) as { definitions: Definitions; paths: ReferencePaths; parameters: Record<string, { name: string }> };
  const reference = document.definitions;
  const proto = readProtoFacts(values.binary!);
  const all = definitionsOf125(reference);
  const copied = new Set<string>();
  for (const gv of SERVED_1_25.filter((g) => g.copyOf)) {
    const copies = copyVersion(all, gv);
    for (const name of Object.keys(copies)) copied.add(name);
    Object.assign(all, copies);
  }
  const roots = SERVED_1_25.flatMap((gv) => kindRoots(all, gv, gv.prefix));
  const kept = closure(all, roots);
  const report: string[] = [];
  numberFields(all, kept, proto, copied, report);
  for (const [name, numbers] of Object.entries(PROTOBUF_NUMBERS_OF_1_25)) {
    for (const [field, number] of Object.entries(numbers)) {
      const property = all[name]?.properties?.[field];
      if (!property) throw new Error(`facts: ${name}.${field} is not a property`);
      property['x-kplane-protobuf'] = number;
    }
  }
  const documentTypes = [...closure(all, DOCUMENT_TYPES)].filter((name) => !kept.has(name)).sort();
  const facts: Facts = {
    definitions: Object.fromEntries([...kept].sort().map((name) => [name, all[name]!])),
    documentDefinitions: Object.fromEntries(documentTypes.map((name) => [name, all[name]!])),
    paths: servedPaths(document.paths, document.parameters),
  };
  mkdirSync(dirname(FACTS_PATH), { recursive: true });
  writeFileSync(FACTS_PATH, `${JSON.stringify(facts, null, 1)}\n`);
  console.log(`${kept.size} definitions (${roots.length} kinds and lists) -> ${FACTS_PATH}`);
  for (const line of report) console.log(`  ${line}`);
}

main();
