// Refreshes codegen/facts/go-fields-1.25.json: per definition and field, what Go's encoding/json needs to
// know and the OpenAPI document does not say: whether the json tag has `omitempty`, whether the Go field
// is a pointer, and the kind of its Go type. A developer's tool, never run by the product or its tests:
//   node dist/codegen/go-field-facts.js --binary /usr/bin/kubectl
// How each fact is derived:
// - kind: from the structural OpenAPI schema of the field (array: slice, object with
//   additionalProperties: map, $ref: struct, a scalar type: scalar; Quantity, IntOrString, Time, MicroTime,
//   RawExtension and FieldsV1 are Go structs with their own JSON encoding, so struct; []byte is a slice).
// - pointer: from the gogoproto options in the FileDescriptorProtos every Kubernetes Go binary embeds:
//   go-to-protobuf writes `(gogoproto.nullable) = false` for every field that is not a pointer. Slices and
//   maps are never pointers. Definitions without a descriptor (apiregistration) are in NO_DESCRIPTOR,
//   read from kube-aggregator's types.go.
// - omitempty: kube-openapi (gen-openapi of the 1.28 reference document) marks a field required exactly
//   when it has neither `+optional` nor `omitempty` (its isOptional), so a required field has no
//   omitempty and an optional one has it, except the optional fields whose json tag lacks it: those are
//   OPTIONAL_WITHOUT_OMITEMPTY, read field by field from types.go: k8s.io/api v0.26.0 for rbac/v1 and core/v1
//   up to TopologySpreadConstraint; the rest from the versions the public code index stores (no 1.25 commit
//   is stored, so newer ones; a field is listed only when the 1.25 facts call it optional and the tag had no
//   omitempty in every version seen): kubernetes/api core/v1 from PodCondition to the end @3fed8b5a, apps/v1
//   @3bd457f5, autoscaling/v1 and v2 @3fecd54e, batch/v1 @8b76f66a, networking/v1 @1ff85247, storage/v1
//   @1b4e6c3a, discovery/v1 @426b1b99; kubernetes/kubernetes staging/src/k8s.io/api autoscaling/v2 @00c836b4,
//   autoscaling/v2beta2 @046d201c, policy/v1 @083e3f3e, node/v1 @088a77d4, events/v1 @111ee70e,
//   coordination/v1 @01f7553b, scheduling/v1 @01d0b727, authentication/v1, flowcontrol/v1beta2 and
//   storage/v1beta1 @008b3652, authorization/v1 @0147e495, certificates/v1 @0eb1b82d, flowcontrol/v1beta1
//   @0492528e, admissionregistration/v1 @0d9a8ced, kube-aggregator apiregistration/v1 @02179429;
//   kubernetes/apimachinery pkg/apis/meta/v1/types.go @048d7833. Tags that lost omitempty after 1.25 while
//   the 1.25 facts call the field optional (HostAlias.ip, PodIP.ip) keep omitempty, and so does
//   APIServiceSpec.service: the stored kube-aggregator file is older than its +optional (1.18/1.19) and
//   published 1.19-era output of local APIServices omits it where 2018 etcd dumps show `"service":null`.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FACTS_PATH, type Definition, type Facts } from './facts.js';
import { type ProtobufFieldFacts, readNullability } from './protobuf-nullability.js';

/** The kind of a field's Go type, as encoding/json treats it. */
export type GoKind = 'scalar' | 'slice' | 'map' | 'struct';

/** What encoding/json needs to know of one struct field. */
export interface GoFieldFact {
  omitempty: boolean;
  pointer: boolean;
  kind: GoKind;
}

/** codegen/facts/go-fields-1.25.json, from dist/codegen/ or codegen/. */
export const GO_FIELDS_PATH = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../codegen/facts/go-fields-1.25.json' : './facts/go-fields-1.25.json', import.meta.url));

/** Optional fields whose json tag has no `omitempty` (Go writes `null` or the zero value when unset). */
export const OPTIONAL_WITHOUT_OMITEMPTY: Record<string, string[]> = {
  'io.k8s.api.rbac.v1.Role': ['rules'],
  'io.k8s.api.rbac.v1.ClusterRole': ['rules'],
  'io.k8s.api.core.v1.TypedLocalObjectReference': ['apiGroup'],
  'io.k8s.api.core.v1.AzureFilePersistentVolumeSource': ['secretNamespace'],
  'io.k8s.api.core.v1.ProjectedVolumeSource': ['sources'],
  'io.k8s.api.core.v1.GRPCAction': ['service'],
  'io.k8s.api.core.v1.ContainerImage': ['names'],
  'io.k8s.api.core.v1.Event': ['reportingComponent', 'reportingInstance'],
  'io.k8s.api.discovery.v1.EndpointSlice': ['ports'],
  'io.k8s.api.storage.v1.CSINodeDriver': ['topologyKeys'],
  'io.k8s.api.apps.v1.StatefulSetStatus': ['availableReplicas'],
  'io.k8s.api.events.v1.Event': ['metadata'],
  'io.k8s.api.flowcontrol.v1beta1.ResourcePolicyRule': ['namespaces'],
  'io.k8s.api.flowcontrol.v1beta1.FlowSchemaSpec': ['matchingPrecedence'],
  'io.k8s.api.flowcontrol.v1beta1.LimitedPriorityLevelConfiguration': ['assuredConcurrencyShares'],
  'io.k8s.api.flowcontrol.v1beta1.QueuingConfiguration': ['queues', 'handSize', 'queueLengthLimit'],
  'io.k8s.api.flowcontrol.v1beta2.ResourcePolicyRule': ['namespaces'],
  'io.k8s.api.flowcontrol.v1beta2.FlowSchemaSpec': ['matchingPrecedence'],
  'io.k8s.api.flowcontrol.v1beta2.LimitedPriorityLevelConfiguration': ['assuredConcurrencyShares'],
  'io.k8s.api.flowcontrol.v1beta2.QueuingConfiguration': ['queues', 'handSize', 'queueLengthLimit'],
};

/**
 * Pointers and slices also tagged without omitempty (so `null` when unset), not applied yet: the engine
 * writes that `null` when it decodes a body, before the kind's defaults and validation run, which read an
 * unset field as `undefined` (IngressClass's `scope` default, the pod failure policy's one-of check). They
 * can join OPTIONAL_WITHOUT_OMITEMPTY once the null is written at encoding instead:
 * TokenRequestSpec expirationSeconds, boundObjectRef; autoscaling v2 HorizontalPodAutoscalerStatus
 * currentMetrics (v2beta2 also conditions); batch/v1 PodFailurePolicyRule onExitCodes, onPodConditions and
 * PodFailurePolicyOnExitCodesRequirement containerName; networking/v1 IngressClassParametersReference scope.
 */

/** Pointer fields of definitions no embedded descriptor covers (kube-aggregator's apiregistration/v1 types.go). */
const NO_DESCRIPTOR: Record<string, string[]> = {
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceSpec': ['service'],
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.ServiceReference': ['port'],
};

/** Referenced definitions that are Go structs encoded as scalars or raw JSON. */
const CUSTOM_STRUCTS = /\.(Quantity|IntOrString|Time|MicroTime|RawExtension|FieldsV1|JSON)$/;

function kindOf(schema: Record<string, unknown>): GoKind {
  if (typeof schema['$ref'] === 'string') return 'struct';
  if (schema['type'] === 'array' || schema['format'] === 'byte') return 'slice';
  if (schema['type'] === 'object') return typeof schema['additionalProperties'] === 'object' ? 'map' : 'struct';
  return 'scalar';
}

/** The protobuf message of a definition (`io.k8s.api.core.v1.Pod` -> `k8s.io.api.core.v1.Pod`). */
function messageName(definition: string): string {
  return definition.replace(/^io\.k8s\.api\./, 'k8s.io.api.').replace(/^io\.k8s\.apimachinery\./, 'k8s.io.apimachinery.');
}

type Descriptors = Map<string, Map<string, ProtobufFieldFacts>>;

/**
 * The descriptor of `field` of `message`: for a field of an embedded Go struct (`x-kplane-protobuf-embedded`,
 * e.g. Volume's hostPath inside VolumeSource, field 2), the one of the embedded message it sits in, whose
 * nullability is the Go field's (VolumeSource.HostPath is a pointer, the embedding is not).
 */
function descriptorOf(descriptors: Descriptors, message: string, field: string, embedded: unknown): ProtobufFieldFacts | undefined {
  let fields = descriptors.get(message);
  for (const number of Array.isArray(embedded) ? embedded : []) {
    const holder = [...(fields?.values() ?? [])].find((f) => f.number === number);
    fields = holder ? descriptors.get(holder.typeName) : undefined;
  }
  return fields?.get(field);
}

function factsOf(name: string, def: Definition, nullable: Descriptors): Record<string, GoFieldFact> {
  const required = new Set(def.required ?? []);
  const exceptions = new Set(OPTIONAL_WITHOUT_OMITEMPTY[name] ?? []);
  const message = nullable.get(messageName(name));
  const out: Record<string, GoFieldFact> = {};
  for (const [field, schema] of Object.entries(def.properties ?? {})) {
    const kind = kindOf(schema);
    const ref = typeof schema['$ref'] === 'string' ? schema['$ref'] : '';
    const scalarOrStruct = kind === 'scalar' || kind === 'struct';
    // TypeMeta's apiVersion and kind have no protobuf field: plain omitempty strings.
    const isNullable = message ? (descriptorOf(nullable, messageName(name), field, schema['x-kplane-protobuf-embedded'])?.nullable ?? false) : (NO_DESCRIPTOR[name]?.includes(field) ?? false);
    out[field] = {
      omitempty: !required.has(field) && !exceptions.has(field),
      pointer: scalarOrStruct && isNullable && !(CUSTOM_STRUCTS.test(ref) && message === undefined),
      kind,
    };
  }
  return out;
}

function main(): void {
  const { values } = parseArgs({ options: { binary: { type: 'string', default: '/usr/bin/kubectl' } } });
  const { definitions } = JSON.parse(readFileSync(FACTS_PATH, 'utf8')) as Facts;
  const nullable = readNullability(values.binary);
  const out: Record<string, Record<string, GoFieldFact>> = {};
  const missing: string[] = [];
  for (const name of Object.keys(definitions).sort()) {
    const def = definitions[name]!;
    if (!def.properties) continue;
    if (!nullable.has(messageName(name)) && !name.includes('apiregistration')) missing.push(name);
    out[name] = factsOf(name, def, nullable);
  }
  for (const [name, fields] of Object.entries(OPTIONAL_WITHOUT_OMITEMPTY)) {
    for (const field of fields) if (!definitions[name]?.properties?.[field] || definitions[name]?.required?.includes(field)) throw new Error(`go facts: ${name}.${field} is not an optional field`);
  }
  writeFileSync(GO_FIELDS_PATH, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`${Object.keys(out).length} definitions -> codegen/facts/go-fields-1.25.json; without descriptor: ${missing.join(', ') || 'none'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
