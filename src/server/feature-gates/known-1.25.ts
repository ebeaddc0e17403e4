// The feature gates kube-apiserver 1.25 registers (k8s.io/component-base/featuregate): every gate of
// pkg/features (its binary links all components' gates, and that list relists the generic apiserver's and
// apiextensions-apiserver's), the logging gates of component-base, and the special AllAlpha and AllBeta.
//
// Facts, not code. Where they come from:
// - Alpha and Beta gates with their defaults: the `--feature-gates` help of a 1.25 component linking
//   pkg/features (its `Name=true|false (STAGE - default=x)` lines, upstream KnownFeatures()), as stored
//   in public repositories; cross-checked with kubernetes/website's feature-gates tables.
// - GA and Deprecated gates (not listed by the help): kubernetes/website's feature-gates.md (the 1.27
//   table of graduated gates) and feature-gates-removed/index.md, taking a gate whose GA or Deprecated row
//   has From <= 1.25 <= To.
// - LockToDefault: pkg/features/kube_features.go as stored at a commit of the 1.26 cycle (defaults and
//   stages still 1.25's). Entries marked "derived" are not in that file: their locked-ness follows the
//   1.25 convention (a GA gate of a finished feature is locked to its default) and is not confirmed.
// - LocalStorageCapacityIsolationFSQuotaMonitoring: Beta in 1.25.0, back to Alpha (default false) in the
//   1.25 patch releases and the tables; the later is taken.

export type FeatureStage = 'Alpha' | 'Beta' | 'GA' | 'Deprecated';

export interface FeatureSpec {
  readonly default: boolean;
  readonly stage: FeatureStage;
  /** `LockToDefault`: setting the gate to anything but its default is refused. */
  readonly locked?: boolean;
}

export const KNOWN_FEATURE_GATES_1_25 = {
  APIListChunking: { default: true, stage: 'Beta' },
  APIPriorityAndFairness: { default: true, stage: 'Beta' },
  APIResponseCompression: { default: true, stage: 'Beta' },
  APIServerIdentity: { default: false, stage: 'Alpha' },
  APIServerTracing: { default: false, stage: 'Alpha' },
  AdvancedAuditing: { default: true, stage: 'GA' },
  AllAlpha: { default: false, stage: 'Alpha' },
  AllBeta: { default: false, stage: 'Beta' },
  AllowInsecureBackendProxy: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  AnyVolumeDataSource: { default: true, stage: 'Beta' },
  AppArmor: { default: true, stage: 'Beta' },
  CPUManager: { default: true, stage: 'Beta' },
  CPUManagerPolicyAlphaOptions: { default: false, stage: 'Alpha' },
  CPUManagerPolicyBetaOptions: { default: true, stage: 'Beta' },
  CPUManagerPolicyOptions: { default: true, stage: 'Beta' },
  CSIInlineVolume: { default: true, stage: 'GA', locked: true },
  CSIMigration: { default: true, stage: 'GA', locked: true },
  CSIMigrationAWS: { default: true, stage: 'GA', locked: true },
  CSIMigrationAzureDisk: { default: true, stage: 'GA', locked: true },
  CSIMigrationAzureFile: { default: true, stage: 'Beta' },
  CSIMigrationGCE: { default: true, stage: 'GA', locked: true },
  CSIMigrationOpenStack: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  CSIMigrationPortworx: { default: false, stage: 'Beta' },
  CSIMigrationRBD: { default: false, stage: 'Alpha' },
  CSIMigrationvSphere: { default: true, stage: 'Beta' },
  CSINodeExpandSecret: { default: false, stage: 'Alpha' },
  CSIStorageCapacity: { default: true, stage: 'GA', locked: true },
  CSIVolumeFSGroupPolicy: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  CSIVolumeHealth: { default: false, stage: 'Alpha' },
  CSRDuration: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  ConfigurableFSGroupPolicy: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  ConsistentHTTPGetHandlers: { default: true, stage: 'GA' }, // locked-ness derived, not confirmed
  ContainerCheckpoint: { default: false, stage: 'Alpha' },
  ContextualLogging: { default: false, stage: 'Alpha' },
  ControllerManagerLeaderMigration: { default: true, stage: 'GA', locked: true },
  CronJobTimeZone: { default: true, stage: 'Beta' },
  CustomCPUCFSQuotaPeriod: { default: false, stage: 'Alpha' },
  CustomResourceValidationExpressions: { default: true, stage: 'Beta' },
  DaemonSetUpdateSurge: { default: true, stage: 'GA', locked: true },
  DefaultPodTopologySpread: { default: true, stage: 'GA', locked: true },
  DelegateFSGroupToCSIDriver: { default: true, stage: 'Beta' },
  DevicePlugins: { default: true, stage: 'Beta' },
  DisableAcceleratorUsageMetrics: { default: true, stage: 'GA', locked: true },
  DisableCloudProviders: { default: false, stage: 'Alpha' },
  DisableKubeletCloudCredentialProviders: { default: false, stage: 'Alpha' },
  DownwardAPIHugePages: { default: true, stage: 'Beta' },
  DryRun: { default: true, stage: 'GA' }, // locked-ness derived, not confirmed
  DynamicKubeletConfig: { default: false, stage: 'Deprecated' },
  EfficientWatchResumption: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  EndpointSliceTerminatingCondition: { default: true, stage: 'Beta' },
  EphemeralContainers: { default: true, stage: 'GA', locked: true },
  ExecProbeTimeout: { default: true, stage: 'GA' },
  ExpandCSIVolumes: { default: true, stage: 'GA' },
  ExpandInUsePersistentVolumes: { default: true, stage: 'GA' },
  ExpandPersistentVolumes: { default: true, stage: 'GA' },
  ExpandedDNSConfig: { default: false, stage: 'Alpha' },
  ExperimentalHostUserNamespaceDefaulting: { default: false, stage: 'Beta' },
  GRPCContainerProbe: { default: true, stage: 'Beta' },
  GracefulNodeShutdown: { default: true, stage: 'Beta' },
  GracefulNodeShutdownBasedOnPodPriority: { default: true, stage: 'Beta' },
  HPAContainerMetrics: { default: false, stage: 'Alpha' },
  HPAScaleToZero: { default: false, stage: 'Alpha' },
  HonorPVReclaimPolicy: { default: false, stage: 'Alpha' },
  IPTablesOwnershipCleanup: { default: false, stage: 'Alpha' },
  IdentifyPodOS: { default: true, stage: 'GA', locked: true },
  InTreePluginAWSUnregister: { default: false, stage: 'Alpha' },
  InTreePluginAzureDiskUnregister: { default: false, stage: 'Alpha' },
  InTreePluginAzureFileUnregister: { default: false, stage: 'Alpha' },
  InTreePluginGCEUnregister: { default: false, stage: 'Alpha' },
  InTreePluginOpenStackUnregister: { default: false, stage: 'Alpha' },
  InTreePluginPortworxUnregister: { default: false, stage: 'Alpha' },
  InTreePluginRBDUnregister: { default: false, stage: 'Alpha' },
  InTreePluginvSphereUnregister: { default: false, stage: 'Alpha' },
  IndexedJob: { default: true, stage: 'GA', locked: true },
  JobMutableNodeSchedulingDirectives: { default: true, stage: 'Beta' },
  JobPodFailurePolicy: { default: false, stage: 'Alpha' },
  JobReadyPods: { default: true, stage: 'Beta' },
  JobTrackingWithFinalizers: { default: true, stage: 'Beta' },
  KMSv2: { default: false, stage: 'Alpha' },
  KubeletCredentialProviders: { default: true, stage: 'Beta' },
  KubeletInUserNamespace: { default: false, stage: 'Alpha' },
  KubeletPodResources: { default: true, stage: 'Beta' },
  KubeletPodResourcesGetAllocatable: { default: true, stage: 'Beta' },
  KubeletTracing: { default: false, stage: 'Alpha' },
  LegacyServiceAccountTokenNoAutoGeneration: { default: true, stage: 'Beta' },
  LocalStorageCapacityIsolation: { default: true, stage: 'GA', locked: true },
  LocalStorageCapacityIsolationFSQuotaMonitoring: { default: false, stage: 'Alpha' },
  LogarithmicScaleDown: { default: true, stage: 'Beta' },
  LoggingAlphaOptions: { default: false, stage: 'Alpha' },
  LoggingBetaOptions: { default: true, stage: 'Beta' },
  MatchLabelKeysInPodTopologySpread: { default: false, stage: 'Alpha' },
  MaxUnavailableStatefulSet: { default: false, stage: 'Alpha' },
  MemoryManager: { default: true, stage: 'Beta' },
  MemoryQoS: { default: false, stage: 'Alpha' },
  MinDomainsInPodTopologySpread: { default: false, stage: 'Beta' },
  MixedProtocolLBService: { default: true, stage: 'Beta' },
  MultiCIDRRangeAllocator: { default: false, stage: 'Alpha' },
  NetworkPolicyEndPort: { default: true, stage: 'GA', locked: true },
  NetworkPolicyStatus: { default: false, stage: 'Alpha' },
  NodeInclusionPolicyInPodTopologySpread: { default: false, stage: 'Alpha' },
  NodeOutOfServiceVolumeDetach: { default: false, stage: 'Alpha' },
  NodeSwap: { default: false, stage: 'Alpha' },
  NonPreemptingPriority: { default: true, stage: 'GA', locked: true },
  OpenAPIEnums: { default: true, stage: 'Beta' },
  OpenAPIV3: { default: true, stage: 'Beta' },
  PodAffinityNamespaceSelector: { default: true, stage: 'GA', locked: true },
  PodAndContainerStatsFromCRI: { default: false, stage: 'Alpha' },
  PodDeletionCost: { default: true, stage: 'Beta' },
  PodDisruptionBudget: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  PodDisruptionConditions: { default: false, stage: 'Alpha' },
  PodHasNetworkCondition: { default: false, stage: 'Alpha' },
  PodOverhead: { default: true, stage: 'GA', locked: true },
  PodSecurity: { default: true, stage: 'GA', locked: true },
  PreferNominatedNode: { default: true, stage: 'GA', locked: true },
  ProbeTerminationGracePeriod: { default: true, stage: 'Beta' },
  ProcMountType: { default: false, stage: 'Alpha' },
  ProxyTerminatingEndpoints: { default: false, stage: 'Alpha' },
  QOSReserved: { default: false, stage: 'Alpha' },
  ReadWriteOncePod: { default: false, stage: 'Alpha' },
  RecoverVolumeExpansionFailure: { default: false, stage: 'Alpha' },
  RemainingItemCount: { default: true, stage: 'Beta' },
  RemoveSelfLink: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  RetroactiveDefaultStorageClass: { default: false, stage: 'Alpha' },
  RotateKubeletServerCertificate: { default: true, stage: 'Beta' },
  SELinuxMountReadWriteOncePod: { default: false, stage: 'Alpha' },
  SeccompDefault: { default: true, stage: 'Beta' },
  SelectorIndex: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  ServerSideApply: { default: true, stage: 'GA' },
  ServerSideFieldValidation: { default: true, stage: 'Beta' },
  ServiceIPStaticSubrange: { default: true, stage: 'Beta' },
  ServiceInternalTrafficPolicy: { default: true, stage: 'Beta' },
  ServiceLBNodePortControl: { default: true, stage: 'GA', locked: true },
  ServiceLoadBalancerClass: { default: true, stage: 'GA', locked: true },
  SizeMemoryBackedVolumes: { default: true, stage: 'Beta' },
  StatefulSetAutoDeletePVC: { default: false, stage: 'Alpha' },
  StatefulSetMinReadySeconds: { default: true, stage: 'GA', locked: true },
  StorageVersionAPI: { default: false, stage: 'Alpha' },
  StorageVersionHash: { default: true, stage: 'Beta' },
  SuspendJob: { default: true, stage: 'GA', locked: true },
  TopologyAwareHints: { default: true, stage: 'Beta' },
  TopologyManager: { default: true, stage: 'Beta' },
  UserNamespacesStatelessPodsSupport: { default: false, stage: 'Alpha' },
  VolumeCapacityPriority: { default: false, stage: 'Alpha' },
  WatchBookmark: { default: true, stage: 'GA', locked: true }, // locked-ness derived, not confirmed
  WinDSR: { default: false, stage: 'Alpha' },
  WinOverlay: { default: true, stage: 'Beta' },
  WindowsHostProcessContainers: { default: true, stage: 'Beta' },
} as const satisfies Readonly<Record<string, FeatureSpec>>;

export type FeatureGateName = keyof typeof KNOWN_FEATURE_GATES_1_25;
