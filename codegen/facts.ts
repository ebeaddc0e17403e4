// The facts file: the structural OpenAPI definitions of every type Kubernetes 1.25 serves by default,
// each property carrying its protobuf field number as `x-kplane-protobuf`. Written by extract-facts.ts,
// read by generate-schemas.ts and by the oracle tests.
import { fileURLToPath } from 'node:url';

/** A structural OpenAPI v2 schema (no descriptions). */
export interface Definition {
  type?: string;
  format?: string;
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  [marker: string]: unknown;
}

export interface Facts {
  definitions: Record<string, Definition>;
}

/** codegen/facts/kubernetes-1.25.json, from dist/codegen/ or codegen/. */
export const FACTS_PATH = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../codegen/facts/kubernetes-1.25.json' : './facts/kubernetes-1.25.json', import.meta.url));
