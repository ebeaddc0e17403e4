// Oracle: the served OpenAPI v2 document against Kubernetes 1.25's structural facts (codegen/facts,
// taken from the public 1.28 document and adjusted to 1.25 by codegen/release-1.25.ts). For every
// served built-in kind found there: same fields, same types and formats, same `required`, same merge
// markers and group-version-kinds, recursively through referenced definitions; and the same REST
// paths, operation ids, actions and parameters.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FACTS_PATH, type Facts } from '../../codegen/facts.js';
import { builtInResources } from '../../src/apis/index.js';
import { withTokenSubresource } from '../../src/auth/service-accounts/token-request.js';
import { buildOpenApiV2 } from '../../src/endpoints/openapi/index.js';
import type { ResourceDefinition } from '../../src/registry/resource-definition.js';


type Schema = Record<string, unknown>;
interface Document {
  definitions: Record<string, Schema>;
  paths: Record<string, Record<string, Schema>>;
}

const MARKERS = ['type', 'format', 'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-patch-strategy', 'x-kubernetes-patch-merge-key'];

class Comparison {
  readonly errors: string[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly ours: Document,
    private readonly reference: Document,
  ) {}

  private resolve(doc: Document, schema: Schema): [string | undefined, Schema] {
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return [undefined, schema];
    const name = ref.slice(ref.lastIndexOf('/') + 1);
    return [name, doc.definitions[name] ?? {}];
  }

  compare(ourSchema: Schema, refSchema: Schema, where: string): void {
    const [ourName, ours] = this.resolve(this.ours, ourSchema);
    const [refName, ref] = this.resolve(this.reference, refSchema);
    if (ourName && refName && ourName !== refName) this.errors.push(`${where}: type ${ourName}, reference ${refName}`);
    const key = `${ourName ?? where}|${refName ?? where}`;
    if ((ourName || refName) && this.seen.has(key)) return;
    this.seen.add(key);
    const owner = refName ?? ourName ?? where;
    for (const marker of MARKERS) {
      if (JSON.stringify(ours[marker]) !== JSON.stringify(ref[marker])) {
        this.errors.push(`${owner === where ? where : `${where} (${owner})`}: ${marker} ${JSON.stringify(ours[marker])}, reference ${JSON.stringify(ref[marker])}`);
      }
    }
    this.compareFields(ours, ref, owner);
    if (ours['items'] || ref['items']) this.compare(asSchema(ours['items']), asSchema(ref['items']), `${where}[]`);
    if (ours['additionalProperties'] || ref['additionalProperties']) this.compare(asSchema(ours['additionalProperties']), asSchema(ref['additionalProperties']), `${where}{}`);
  }

  private compareFields(ours: Schema, ref: Schema, owner: string): void {
    const ourProps = asSchema(ours['properties']);
    const refProps = asSchema(ref['properties']);
    for (const field of new Set([...Object.keys(ourProps), ...Object.keys(refProps)])) {
      const path = `${owner}.${field}`;
      if (!(field in refProps)) this.errors.push(`${path}: not in the reference`);
      else if (!(field in ourProps)) {
        this.errors.push(`${path}: missing`);
      } else this.compare(asSchema(ourProps[field]), asSchema(refProps[field]), path);
    }
    const required = (s: Schema): string[] => ((s['required'] as string[] | undefined) ?? []).slice().sort();
    if (JSON.stringify(required(ours)) !== JSON.stringify(required(ref))) {
      this.errors.push(`${owner}: required ${JSON.stringify(required(ours))}, reference ${JSON.stringify(required(ref))}`);
    }
  }
}

function asSchema(value: unknown): Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Schema) : {};
}

/** Operations of one path: method -> operation id, action, and sorted parameter names (body included). */
function operations(doc: Document, path: string): Record<string, string> {
  const item = doc.paths[path] ?? {};
  const shared = ((item['parameters'] as unknown as Schema[] | undefined) ?? []).map((p) => paramName(doc, p));
  const out: Record<string, string> = {};
  for (const [method, op] of Object.entries(item)) {
    if (method === 'parameters') continue;
    const own = ((op['parameters'] as Schema[] | undefined) ?? []).map((p) => paramName(doc, p));
    const params = [...shared, ...own].sort();
    out[method] = `${String(op['operationId'])} ${String(op['x-kubernetes-action'])} [${params.join(',')}]`;
  }
  return out;
}

function paramName(doc: Document & { parameters?: Record<string, Schema> }, param: Schema): string {
  const ref = param['$ref'];
  if (typeof ref === 'string') return String(doc.parameters?.[ref.slice(ref.lastIndexOf('/') + 1)]?.['name']);
  return String(param['name']);
}

/** The reference paths of a resource that our definition serves (its subresources only). */
function resourcePaths(reference: Document, def: ResourceDefinition): string[] {
  const prefix = def.group === '' ? `/api/${def.version}/` : `/apis/${def.group}/${def.version}/`;
  const served = new Set(['', ...(def.subresources ?? []).map((s) => s.name)]);
  return Object.keys(reference.paths).filter((path) => {
    if (!path.startsWith(prefix)) return false;
    const parts = path.slice(prefix.length).split('/').filter((p) => p !== 'watch');
    const at = parts[0] === 'namespaces' && def.resource !== 'namespaces' ? 2 : 0;
    if (parts[at] !== def.resource) return false;
    return served.has(parts[at + 2] ?? '') && parts.length <= at + 3;
  });
}

describe('OpenAPI v2 against the Kubernetes reference', () => {
  const facts = JSON.parse(readFileSync(FACTS_PATH, 'utf8')) as Facts;
  const reference = { definitions: { ...facts.definitions, ...facts.documentDefinitions }, paths: facts.paths } as unknown as Document;
  // As the server serves them: with ServiceAccount's `token`, which needs a token issuer.
  const issuing = { generator: { issuer: '', generate: async () => '' }, apiAudiences: [], maxExpirationSeconds: 0, extendExpiration: true };
  const defs = withTokenSubresource(builtInResources(), issuing);
  const ours = buildOpenApiV2(defs, { version: 'v1.25.0' }) as unknown as Document;

  for (const def of defs) {
    const inReference = def.definitionName in reference.definitions;
    it(`${def.group || 'core'}/${def.version} ${def.kind}: schema`, { skip: !inReference && 'not in the reference (a version removed after 1.25)' }, () => {
      const comparison = new Comparison(ours, reference);
      const ref = { $ref: `#/definitions/${def.definitionName}` };
      comparison.compare(ref, ref, def.definitionName);
      const listed = def.verbs.includes('list');
      if (listed) comparison.compare({ $ref: `#/definitions/${def.definitionName}List` }, { $ref: `#/definitions/${def.definitionName}List` }, `${def.definitionName}List`);
      for (const name of listed ? [def.definitionName, `${def.definitionName}List`] : [def.definitionName]) {
        const gvk = (doc: Document): string => JSON.stringify(doc.definitions[name]?.['x-kubernetes-group-version-kind']);
        if (gvk(ours) !== gvk(reference)) comparison.errors.push(`${name}: x-kubernetes-group-version-kind ${gvk(ours)}, reference ${gvk(reference)}`);
      }
      assert.deepEqual(comparison.errors, []);
    });

    // Versions removed after 1.25 keep their definitions in the facts, not their paths.
    const prefix = def.group === '' ? `/api/${def.version}/` : `/apis/${def.group}/${def.version}/`;
    const pathsInReference = Object.keys(reference.paths).some((path) => path.startsWith(prefix));
    it(`${def.group || 'core'}/${def.version} ${def.kind}: paths`, { skip: !(inReference && pathsInReference) && 'not in the reference (a version removed after 1.25)' }, () => {
      const expected = Object.fromEntries(resourcePaths(reference, def).map((path) => [path, operations(reference, path)]));
      assert.ok(Object.keys(expected).length >= 1, 'the reference lists the resource paths');
      const served = Object.fromEntries(resourcePaths(ours, def).map((path) => [path, operations(ours, path)]));
      assert.deepEqual(served, expected);
    });
  }

  it('detects differences (self-check)', () => {
    const configMap = defs.find((def) => def.kind === 'ConfigMap' && def.group === '');
    assert.ok(configMap);
    const schema = configMap.schema as unknown as Schema;
    const properties = { ...asSchema(schema['properties']), data: { type: 'string' }, extra: { type: 'string' } };
    delete (properties as Record<string, unknown>)['immutable'];
    const mutated = buildOpenApiV2([{ ...configMap, schema: { ...schema, properties } as unknown as typeof configMap.schema }], { version: 'v1.25.0' }) as unknown as Document;
    const comparison = new Comparison(mutated, reference);
    const ref = { $ref: `#/definitions/${configMap.definitionName}` };
    comparison.compare(ref, ref, configMap.definitionName);
    assert.deepEqual(comparison.errors, [
      'io.k8s.api.core.v1.ConfigMap.data: type "string", reference "object"',
      'io.k8s.api.core.v1.ConfigMap.data{}: type undefined, reference "string"',
      'io.k8s.api.core.v1.ConfigMap.extra: not in the reference',
      'io.k8s.api.core.v1.ConfigMap.immutable: missing',
    ]);
  });

  it('meta definitions', () => {
    const comparison = new Comparison(ours, reference);
    for (const name of ['Status', 'DeleteOptions', 'WatchEvent', 'ListMeta', 'ObjectMeta', 'APIResourceList', 'APIGroupList', 'APIVersions', 'Patch']) {
      const ref = { $ref: `#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.${name}` };
      comparison.compare(ref, ref, name);
    }
    const info = { $ref: '#/definitions/io.k8s.apimachinery.pkg.version.Info' };
    comparison.compare(info, info, 'version.Info');
    assert.deepEqual(comparison.errors, []);
  });
});
