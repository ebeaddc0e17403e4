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

/** One operation of a path, as the oracle tests compare it: id, action and parameter names. */
export interface OperationFact {
  operationId: string;
  'x-kubernetes-action': string;
  parameters: { name: string }[];
}

export interface Facts {
  /** The served types, with protobuf numbers: what the generator turns into schemas. */
  definitions: Record<string, Definition>;
  /** meta/v1 and version types the discovery and OpenAPI documents name (Status, DeleteOptions, ...). */
  documentDefinitions: Record<string, Definition>;
  /** The reference's REST paths of the served group-versions (1.25's copies excepted): method -> operation. */
  paths: Record<string, Record<string, OperationFact>>;
}

/** codegen/facts/kubernetes-1.25.json, from dist/codegen/ or codegen/. */
export const FACTS_PATH = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../codegen/facts/kubernetes-1.25.json' : './facts/kubernetes-1.25.json', import.meta.url));
