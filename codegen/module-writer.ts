// Writes one generated module: a TypeBox schema const and a TypeScript type per definition, from the
// structural facts. Property schemas become `K` builder calls with upstream's markers verbatim and the
// protobuf number as `[N]`; references become the referenced const (imported when it lives elsewhere).
import type { Definition } from './facts.js';
import type { GoFieldFact } from './go-field-facts.js';
import { HAND_WRITTEN, SCALAR_DEFINITIONS, moduleAlias, modulePath, splitName } from './modules.js';

type Schema = Record<string, unknown>;

const MARKER = /^x-kubernetes-/;
const REF = '#/definitions/';

/** Options of a builder call: upstream's markers, then the protobuf number and embedding. */
function options(schema: Schema, go?: string): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(schema)) if (MARKER.test(key)) parts.push(`'${key}': ${JSON.stringify(value)}`);
  if (typeof schema['x-kplane-protobuf'] === 'number') parts.push(`[N]: ${schema['x-kplane-protobuf']}`);
  if (Array.isArray(schema['x-kplane-protobuf-embedded'])) parts.push(`[E]: ${JSON.stringify(schema['x-kplane-protobuf-embedded'])}`);
  if ('default' in schema) parts.push(`default: ${JSON.stringify(schema['default'])}`);
  if (go !== undefined) parts.push(`[G]: '${go}'`);
  return parts.length ? `{ ${parts.join(', ')} }` : '';
}

/** A field's Go facts as the schema marker spells them (`omitempty,pointer`), or undefined without facts. */
function goFlags(fact: GoFieldFact | undefined): string | undefined {
  if (!fact) return undefined;
  return [...(fact.omitempty ? ['omitempty'] : []), ...(fact.pointer ? ['pointer'] : [])].join(',');
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

export class ModuleWriter {
  private readonly imports = new Map<string, Map<string, string>>();
  private readonly body: string[] = [];

  constructor(
    readonly module: string,
    private readonly definitions: Record<string, Definition>,
    private readonly goFields: Record<string, Record<string, GoFieldFact>>,
  ) {}

  /** The schema const (or the type, with `type`) of a referenced definition, imported when needed. */
  private ref(name: string, kind: 'schema' | 'type'): string {
    const hand = HAND_WRITTEN[name];
    if (hand) {
      if (kind === 'schema') this.use('meta/v1/object-meta', hand.schema);
      else if (/^[A-Z]/.test(hand.type)) this.use('meta/v1/types', hand.type, true);
      return hand[kind];
    }
    const scalarType = SCALAR_DEFINITIONS[name]?.type;
    if (kind === 'type' && scalarType) return scalarType;
    const { pkg, short } = splitName(name);
    const target = modulePath(pkg);
    const local = kind === 'schema' ? `${short}Schema` : short;
    if (target === this.module) return local;
    const alias = this.definesLocally(short) ? `${moduleAlias(target)}${local}` : local;
    this.use(target, local, kind === 'type', alias);
    return alias;
  }

  private definesLocally(short: string): boolean {
    return Object.keys(this.definitions).some((n) => modulePath(splitName(n).pkg) === this.module && splitName(n).short === short);
  }

  private use(module: string, name: string, typeOnly = false, alias = name): void {
    let names = this.imports.get(module);
    if (!names) this.imports.set(module, (names = new Map()));
    names.set(`${typeOnly ? 'type ' : ''}${name}`, alias);
  }

  /** The builder expression of a property (with its Go facts `go`, see src/schema/go-field.ts) or item schema. */
  schemaExpr(schema: Schema, go?: string): string {
    const opts = options(schema, go);
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      const target = this.ref(ref.slice(REF.length), 'schema');
      if (go !== undefined) return `goField('${go}', ${this.schemaExpr(schema)})`;
      const embedded = schema['x-kplane-protobuf-embedded'];
      const numbered = typeof schema['x-kplane-protobuf'] === 'number' ? `protobufField(${schema['x-kplane-protobuf']}, ${target}${Array.isArray(embedded) ? `, ${JSON.stringify(embedded)}` : ''})` : target;
      // Markers beside a reference (PersistentVolumeSpec.claimRef's map type, DeploymentSpec.strategy's retainKeys).
      const markers = Object.entries(schema).filter(([key]) => MARKER.test(key));
      if (markers.length === 0) return numbered;
      return `withMarkers(${numbered}, { ${markers.map(([key, value]) => `'${key}': ${JSON.stringify(value)}`).join(', ')} })`;
    }
    const args = opts ? `, ${opts}` : '';
    switch (schema['type']) {
      case 'string':
        return schema['format'] === 'byte' ? `K.Bytes(${opts})` : `K.String(${opts})`;
      case 'integer':
        return schema['format'] === 'int32' ? `K.Int32(${opts})` : `K.Int64(${opts})`;
      case 'number':
        return `K.Number(${opts})`;
      case 'boolean':
        return `K.Boolean(${opts})`;
      case 'array':
        return `K.List(${this.schemaExpr(schema['items'] as Schema)}${args})`;
      case 'object':
        if (isObject(schema['additionalProperties'])) return `K.Map(${this.schemaExpr(schema['additionalProperties'])}${args})`;
        return `K.RawObject(${opts})`;
      default:
        throw new Error(`codegen: ${this.module}: unsupported schema ${JSON.stringify(schema)}`);
    }
  }

  /** The TypeScript type of a property or item schema. */
  typeExpr(schema: Schema): string {
    const ref = schema['$ref'];
    if (typeof ref === 'string') {
      return this.ref(ref.slice(REF.length), 'type');
    }
    switch (schema['type']) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array': {
        const item = this.typeExpr(schema['items'] as Schema);
        return item.includes(' ') ? `Array<${item}>` : `${item}[]`;
      }
      case 'object':
        return isObject(schema['additionalProperties']) ? `Record<string, ${this.typeExpr(schema['additionalProperties'])}>` : 'Record<string, unknown>';
      default:
        return 'unknown';
    }
  }

  /** Writes one definition: `export const XSchema` and `export type X`. */
  define(name: string, def: Definition): void {
    const { short } = splitName(name);
    const scalar = SCALAR_DEFINITIONS[name];
    if (scalar) {
      this.body.push(`/** ${name}. */`, `export const ${short}Schema: TSchema = ${scalar.builder}({ $id: '${name}' });`, '');
      return;
    }
    const defOptions = [`$id: '${name}'`];
    for (const [key, value] of Object.entries(def)) if (MARKER.test(key)) defOptions.push(`'${key}': ${JSON.stringify(value)}`);
    const properties = def.properties ?? {};
    if (Object.keys(properties).length === 0) {
      this.body.push(`/** ${name}: raw JSON. */`, `export const ${short}Schema: TSchema = K.RawObject({ ${defOptions.join(', ')} });`);
      this.body.push(`export type ${short} = Record<string, unknown>;`, '');
      return;
    }
    const required = new Set(def.required ?? []);
    const isKind = Array.isArray(def['x-kubernetes-group-version-kind']) && 'metadata' in properties && !short.endsWith('List');
    const fields: string[] = [];
    const types: string[] = [];
    for (const field of Object.keys(properties).sort()) {
      const expr = this.schemaExpr(properties[field]!, goFlags(this.goFields[name]?.[field]));
      fields.push(`    ${field}: ${required.has(field) ? expr : `K.Optional(${expr})`},`);
      const metadata = isKind && field === 'metadata';
      types.push(`  ${field}${required.has(field) || metadata ? '' : '?'}: ${this.typeExpr(properties[field]!)};`);
    }
    this.body.push(`/** ${name}. */`, `export const ${short}Schema: TSchema = K.Object(`, '  {', ...fields, '  },', `  { ${defOptions.join(', ')} },`, ');');
    this.body.push(`export type ${short} = {`, ...types, '};', '');
  }

  /** The module's text (every module sits at `src/apis/<group>/<version>/`). */
  render(source: string): string {
    const body = this.body.join('\n');
    const numbering = [
      ...(body.includes('[E]:') ? ['PROTOBUF_EMBEDDED as E'] : []),
      ...(body.includes('[N]:') ? ['PROTOBUF_FIELD as N'] : []),
      ...(body.includes('protobufField(') ? ['protobufField'] : []),
      ...(body.includes('withMarkers(') ? ['withMarkers'] : []),
    ];
    const goImports = [...(body.includes('[G]:') ? ['GO_FIELD as G'] : []), ...(body.includes('goField(') ? ['goField'] : [])];
    const lines = [
      `// Generated by codegen/generate-schemas.ts from ${source}: do not edit.`,
      '// Structural facts only (fields, types, required, x-kubernetes markers, protobuf numbers, Go json facts).',
      `import type { TSchema } from '@sinclair/typebox';`,
      `import { K } from '../../../schema/builder.js';`,
    ];
    if (goImports.length) lines.push(`import { ${goImports.join(', ')} } from '../../../schema/go-field.js';`);
    if (numbering.length) lines.push(`import { ${numbering.join(', ')} } from '../../../schema/protobuf/field-number.js';`);
    for (const [module, names] of [...this.imports].sort(([a], [b]) => a.localeCompare(b))) {
      const specifiers = [...names].map(([name, alias]) => (name.endsWith(` ${alias}`) || name === alias ? name : `${name} as ${alias}`));
      specifiers.sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', '')));
      lines.push(`import { ${specifiers.join(', ')} } from '../../${module}.js';`);
    }
    return `${[...lines, '', body].join('\n').trimEnd()}\n`;
  }
}
