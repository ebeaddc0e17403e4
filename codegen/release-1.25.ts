// What Kubernetes 1.25 serves, and how its types differ from the 1.28 reference document the facts are
// read from. Facts only (group-versions, kinds, field names, protobuf numbers), from upstream's
// changelogs of 1.26–1.28 and the generated.proto files of 1.25.

/** A group-version whose definitions the facts hold, by its OpenAPI package. */
export interface ServedGroupVersion {
  /** OpenAPI definition prefix, e.g. `io.k8s.api.apps.v1`. */
  prefix: string;
  /** The protobuf package of its generated.proto, when one is embedded in the binary read. */
  protoPackage?: string;
  /**
   * A version the reference no longer has (removed after 1.25): its definitions are the named sibling's,
   * renamed, with the fields its own protobuf descriptor lacks dropped.
   */
  copyOf?: string;
  /** Only these kinds are served (default: every kind the prefix defines). */
  kinds?: string[];
}

const api = (path: string, extra: Partial<ServedGroupVersion> = {}): ServedGroupVersion => ({
  prefix: `io.k8s.api.${path}`,
  protoPackage: `k8s.io.api.${path}`,
  ...extra,
});

/** Every group-version of k8s.io/api (and the aggregator's and apiextensions') that 1.25 serves by default. */
export const SERVED_1_25: ServedGroupVersion[] = [
  api('core.v1'),
  api('admissionregistration.v1'),
  api('apps.v1'),
  api('authentication.v1', { kinds: ['TokenReview', 'TokenRequest'] }),
  api('authorization.v1'),
  api('autoscaling.v1'),
  api('autoscaling.v2'),
  api('autoscaling.v2beta2', { copyOf: 'io.k8s.api.autoscaling.v2' }),
  api('batch.v1'),
  api('certificates.v1'),
  api('coordination.v1'),
  api('discovery.v1'),
  api('events.v1'),
  api('flowcontrol.v1beta1', { copyOf: 'io.k8s.api.flowcontrol.v1beta2' }),
  api('flowcontrol.v1beta2'),
  api('networking.v1'),
  api('node.v1'),
  api('policy.v1'),
  api('rbac.v1'),
  api('scheduling.v1'),
  api('storage.v1'),
  api('storage.v1beta1', { copyOf: 'io.k8s.api.storage.v1', kinds: ['CSIStorageCapacity'] }),
  { prefix: 'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1' },
  { prefix: 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1' },
];

/** Fields added in 1.26–1.28: not part of the 1.25 types. */
export const ADDED_AFTER_1_25: Record<string, string[]> = {
  'io.k8s.api.core.v1.PodSpec': ['schedulingGates', 'resourceClaims'],
  'io.k8s.api.core.v1.ResourceRequirements': ['claims'],
  'io.k8s.api.core.v1.Container': ['resizePolicy', 'restartPolicy'],
  'io.k8s.api.core.v1.EphemeralContainer': ['resizePolicy', 'restartPolicy'],
  'io.k8s.api.core.v1.ContainerStatus': ['allocatedResources', 'resources'],
  'io.k8s.api.core.v1.PodStatus': ['resize', 'hostIPs', 'resourceClaimStatuses'],
  'io.k8s.api.core.v1.PersistentVolumeClaimStatus': ['allocatedResourceStatuses'],
  'io.k8s.api.core.v1.PersistentVolumeStatus': ['lastPhaseTransitionTime'],
  'io.k8s.api.apps.v1.StatefulSetSpec': ['ordinals'],
  'io.k8s.api.batch.v1.JobSpec': ['backoffLimitPerIndex', 'maxFailedIndexes', 'podReplacementPolicy'],
  'io.k8s.api.batch.v1.JobStatus': ['failedIndexes', 'terminating'],
  'io.k8s.api.policy.v1.PodDisruptionBudgetSpec': ['unhealthyPodEvictionPolicy'],
  'io.k8s.api.admissionregistration.v1.MutatingWebhook': ['matchConditions'],
  'io.k8s.api.admissionregistration.v1.ValidatingWebhook': ['matchConditions'],
  'io.k8s.api.flowcontrol.v1beta2.LimitedPriorityLevelConfiguration': ['lendablePercent', 'borrowingLimitPercent'],
  // The `exempt` configuration of a priority level arrived in 1.28 (1.25: `type` and `limited` only).
  'io.k8s.api.flowcontrol.v1beta2.PriorityLevelConfigurationSpec': ['exempt'],
};

/** A property of a 1.25 type that later releases removed or retyped: its 1.25 schema and protobuf number. */
export interface PropertyFact {
  schema: Record<string, unknown>;
  protobuf: number;
}

const ref = (name: string): Record<string, unknown> => ({ $ref: `#/definitions/${name}` });

/** Properties as 1.25 has them where the reference differs (removed later, or given another type). */
export const PROPERTIES_OF_1_25: Record<string, Record<string, PropertyFact>> = {
  // 1.28 replaced resizeStatus with allocatedResourceStatuses.
  'io.k8s.api.core.v1.PersistentVolumeClaimStatus': { resizeStatus: { schema: { type: 'string' }, protobuf: 6 } },
  // 1.26 widened dataSourceRef to TypedObjectReference (with a namespace).
  'io.k8s.api.core.v1.PersistentVolumeClaimSpec': {
    dataSourceRef: { schema: ref('io.k8s.api.core.v1.TypedLocalObjectReference'), protobuf: 8 },
  },
  // 1.28 removed NetworkPolicy's status (served 1.24–1.27).
  'io.k8s.api.networking.v1.NetworkPolicy': { status: { schema: ref('io.k8s.api.networking.v1.NetworkPolicyStatus'), protobuf: 3 } },
  // 1.26 gave Ingress its own load balancer types (IngressLoadBalancerStatus, ...); 1.25 uses core's, same wire form.
  'io.k8s.api.networking.v1.IngressStatus': { loadBalancer: { schema: ref('io.k8s.api.core.v1.LoadBalancerStatus'), protobuf: 1 } },
};

/**
 * Schema defaults of 1.25's `+default=` markers that server-side apply needs: the key fields of list-maps
 * (structured-merge-diff fills an item's missing key from its default, so `ports` without `protocol`
 * apply as TCP). The reference document carries no defaults.
 */
export const DEFAULTS_OF_1_25: Record<string, Record<string, unknown>> = {
  'io.k8s.api.core.v1.ContainerPort': { protocol: 'TCP' },
  'io.k8s.api.core.v1.ServicePort': { protocol: 'TCP' },
};

/** Definitions 1.25 has that the reference lacks, with protobuf numbers on their properties. */
export const DEFINITIONS_OF_1_25: Record<string, Record<string, unknown>> = {
  'io.k8s.api.networking.v1.NetworkPolicyStatus': {
    type: 'object',
    properties: {
      conditions: {
        type: 'array',
        items: ref('io.k8s.apimachinery.pkg.apis.meta.v1.Condition'),
        'x-kubernetes-list-map-keys': ['type'],
        'x-kubernetes-list-type': 'map',
        'x-kubernetes-patch-merge-key': 'type',
        'x-kubernetes-patch-strategy': 'merge',
        'x-kplane-protobuf': 1,
      },
    },
  },
};

/**
 * Protobuf numbers of types whose descriptors no Kubernetes client binary embeds (kube-aggregator's
 * apiregistration.k8s.io/v1, from its generated.proto): definition -> field -> number.
 */
export const PROTOBUF_NUMBERS_OF_1_25: Record<string, Record<string, number>> = {
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIService': { metadata: 1, spec: 2, status: 3 },
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceCondition': { type: 1, status: 2, lastTransitionTime: 3, reason: 4, message: 5 },
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceList': { metadata: 1, items: 2 },
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceSpec': {
    service: 1, group: 2, version: 3, insecureSkipTLSVerify: 4, caBundle: 5, groupPriorityMinimum: 7, versionPriority: 8,
  },
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIServiceStatus': { conditions: 1 },
  'io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.ServiceReference': { namespace: 1, name: 2, port: 3 },
  // kubectl 1.32 embeds certificates/v1beta1's descriptor but not v1's; v1 kept v1beta1's numbers.
  'io.k8s.api.certificates.v1.CertificateSigningRequest': { metadata: 1, spec: 2, status: 3 },
  'io.k8s.api.certificates.v1.CertificateSigningRequestList': { metadata: 1, items: 2 },
  'io.k8s.api.certificates.v1.CertificateSigningRequestSpec': {
    request: 1, username: 2, uid: 3, groups: 4, usages: 5, extra: 6, signerName: 7, expirationSeconds: 8,
  },
  'io.k8s.api.certificates.v1.CertificateSigningRequestStatus': { conditions: 1, certificate: 2 },
  'io.k8s.api.certificates.v1.CertificateSigningRequestCondition': { type: 1, status: 6, reason: 2, message: 3, lastUpdateTime: 4, lastTransitionTime: 5 },
};
