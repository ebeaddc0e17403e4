// Writes `src/apis/<group>/<version>/schemas.generated.ts` (and `meta/v1/schemas.generated.ts` for the
// apimachinery types not written by hand) from codegen/facts/kubernetes-1.25.json and the Go json facts of
// codegen/facts/go-fields-1.25.json:
//   npm run codegen
// Each definition becomes a TypeBox schema (`PodSpecSchema`) and a TypeScript type (`PodSpec`); kinds
// then add by hand only what a schema cannot say (validation, strategy, columns, field selectors).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACTS_PATH, type Definition, type Facts } from './facts.js';
import { GO_FIELDS_PATH, type GoFieldFact } from './go-field-facts.js';
import { ModuleWriter } from './module-writer.js';
import { HAND_WRITTEN, NOT_GENERATED, modulePath, splitName } from './modules.js';

const APIS = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../src/apis/' : '../src/apis/', import.meta.url));
const REF = '#/definitions/';

/** Definitions in dependency order (referenced ones first); a cycle inside one module is an error. */
function ordered(definitions: Record<string, Definition>, names: string[]): string[] {
  const out: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`codegen: ${name} refers to itself`);
    state.set(name, 'visiting');
    const text = JSON.stringify(definitions[name]);
    for (const match of text.matchAll(/"\$ref":"([^"]+)"/g)) {
      const target = match[1]!.slice(REF.length);
      if (names.includes(target)) visit(target);
    }
    state.set(name, 'done');
    out.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return out;
}

function main(): void {
  const { definitions } = JSON.parse(readFileSync(FACTS_PATH, 'utf8')) as Facts;
  // omitempty and pointer-ness of every field (go-field-facts.ts), carried into the schemas for the engine.
  const goFields = JSON.parse(readFileSync(GO_FIELDS_PATH, 'utf8')) as Record<string, Record<string, GoFieldFact>>;
  const byModule = new Map<string, string[]>();
  for (const name of Object.keys(definitions)) {
    const { pkg } = splitName(name);
    if (HAND_WRITTEN[name] || NOT_GENERATED.has(pkg)) continue;
    const module = modulePath(pkg);
    byModule.set(module, [...(byModule.get(module) ?? []), name]);
  }
  for (const [module, names] of byModule) {
    const writer = new ModuleWriter(module, definitions, goFields);
    for (const name of ordered(definitions, names)) writer.define(name, definitions[name]!);
    const file = join(APIS, `${module}.ts`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, writer.render('codegen/facts/kubernetes-1.25.json'));
    console.log(`${names.length} definitions -> src/apis/${module}.ts`);
  }
}

main();
