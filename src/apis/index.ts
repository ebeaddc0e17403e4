// The built-in API kinds: one ResourceDefinition per served group/version/kind, each defined in
// `apis/<group>/<version>/<kind>.ts`. This list is what the server serves; keep it here only.
import type { ResourceDefinition } from '../registry/resource-definition.js';
import type { KubeObject } from './meta/v1/types.js';
import { mutatingWebhookConfigurationDefinition, validatingWebhookConfigurationDefinition } from './admissionregistration/v1/webhookconfiguration.js';
import { apiServiceDefinition } from './apiregistration/v1/apiservice.js';
import { tokenReviewDefinition } from './authentication/v1/tokenreview.js';
import { accessReviewDefinitions } from './authorization/v1/access-reviews.js';
import { controllerRevisionDefinition, daemonSetDefinition, deploymentDefinition, replicaSetDefinition, statefulSetDefinition } from './apps/v1/index.js';
import { horizontalPodAutoscalerV1Definition } from './autoscaling/v1/horizontalpodautoscaler.js';
import { horizontalPodAutoscalerV2Definition } from './autoscaling/v2/horizontalpodautoscaler.js';
import { horizontalPodAutoscalerV2beta2Definition } from './autoscaling/v2beta2/horizontalpodautoscaler.js';
import { cronJobDefinition } from './batch/v1/cronjob/cronjob.js';
import { jobDefinition } from './batch/v1/job/job.js';
import { leaseDefinition } from './coordination/v1/lease.js';
import { bindingDefinition } from './core/v1/binding.js';
import { componentStatusDefinition } from './core/v1/componentstatus/componentstatus.js';
import { configMapDefinition } from './core/v1/configmap.js';
import { endpointsDefinition } from './core/v1/endpoints.js';
import { serviceDefinition } from './core/v1/service/index.js';
import { endpointSliceDefinition } from './discovery/v1/endpointslice.js';
import { coreEventDefinition } from './core/v1/event.js';
import { limitRangeDefinition } from './core/v1/limitrange.js';
import { namespaceDefinition } from './core/v1/namespace.js';
import { podDefinition } from './core/v1/pod/pod.js';
import { podTemplateDefinition } from './core/v1/podtemplate.js';
import { replicationControllerDefinition } from './core/v1/replicationcontroller/replicationcontroller.js';
import { nodeDefinition } from './core/v1/node/node.js';
import { persistentVolumeDefinition } from './core/v1/persistentvolume/index.js';
import { persistentVolumeClaimDefinition } from './core/v1/persistentvolumeclaim/index.js';
import { resourceQuotaDefinition } from './core/v1/resourcequota.js';
import { secretDefinition } from './core/v1/secret.js';
import { serviceAccountDefinition } from './core/v1/serviceaccount.js';
import { eventsV1EventDefinition } from './events/v1/event.js';
import { ingressDefinition } from './networking/v1/ingress/index.js';
import { ingressClassDefinition } from './networking/v1/ingressclass.js';
import { networkPolicyDefinition } from './networking/v1/networkpolicy/index.js';
import { flowSchemaV1beta1Definition, priorityLevelConfigurationV1beta1Definition } from './flowcontrol/v1beta1/flowcontrol.js';
import { flowSchemaDefinition } from './flowcontrol/v1beta2/flowschema.js';
import { priorityLevelConfigurationDefinition } from './flowcontrol/v1beta2/prioritylevelconfiguration.js';
import { runtimeClassDefinition } from './node/v1/runtimeclass.js';
import { certificateSigningRequestDefinition } from './certificates/v1/csr/index.js';
import { podDisruptionBudgetDefinition } from './policy/v1/poddisruptionbudget.js';
import { clusterRoleBindingDefinition, clusterRoleDefinition, roleBindingDefinition, roleDefinition } from './rbac/v1/index.js';
import { priorityClassDefinition } from './scheduling/v1/priorityclass.js';
import { csiDriverDefinition } from './storage/v1/csidriver.js';
import { csiNodeDefinition } from './storage/v1/csinode.js';
import { csiStorageCapacityDefinition } from './storage/v1/csistoragecapacity.js';
import { storageClassDefinition } from './storage/v1/storageclass.js';
import { volumeAttachmentDefinition } from './storage/v1/volumeattachment.js';
import { csiStorageCapacityV1beta1Definition } from './storage/v1beta1/csistoragecapacity.js';

/**
 * A kind's definition as the registry holds it. Its hooks take the kind's own type (with the fields
 * its schema requires), which plain KubeObject does not satisfy; the store only ever hands a
 * definition objects decoded through that definition's schema.
 */
const served = <T extends KubeObject>(def: ResourceDefinition<T>): ResourceDefinition => def as unknown as ResourceDefinition;

/** Every built-in kind the server serves, core group first. */
export function builtInResources(): ResourceDefinition[] {
  return [
    namespaceDefinition,
    configMapDefinition,
    secretDefinition,
    coreEventDefinition,
    serviceDefinition,
    endpointsDefinition,
    podDefinition,
    bindingDefinition,
    podTemplateDefinition,
    replicationControllerDefinition,
    persistentVolumeDefinition,
    persistentVolumeClaimDefinition,
    nodeDefinition,
    serviceAccountDefinition,
    limitRangeDefinition,
    resourceQuotaDefinition,
    componentStatusDefinition,
    leaseDefinition,
    eventsV1EventDefinition,
    served(runtimeClassDefinition),
    served(priorityClassDefinition),
    served(storageClassDefinition),
    served(volumeAttachmentDefinition),
    served(csiDriverDefinition),
    served(csiNodeDefinition),
    served(csiStorageCapacityDefinition),
    served(csiStorageCapacityV1beta1Definition),
    apiServiceDefinition,
    served(mutatingWebhookConfigurationDefinition),
    served(validatingWebhookConfigurationDefinition),
    served(deploymentDefinition),
    served(replicaSetDefinition),
    served(statefulSetDefinition),
    served(daemonSetDefinition),
    served(controllerRevisionDefinition),
    served(tokenReviewDefinition),
    served(certificateSigningRequestDefinition),
    ...accessReviewDefinitions,
    // v1beta2 is the storage version; v1beta1 (deprecated) serves the same objects.
    flowSchemaDefinition,
    priorityLevelConfigurationDefinition,
    flowSchemaV1beta1Definition,
    priorityLevelConfigurationV1beta1Definition,
    endpointSliceDefinition,
    // autoscaling/v2 is the storage version; v1 and the deprecated v2beta2 serve the same objects.
    served(horizontalPodAutoscalerV2Definition),
    served(horizontalPodAutoscalerV1Definition),
    served(horizontalPodAutoscalerV2beta2Definition),
    served(podDisruptionBudgetDefinition),
    jobDefinition,
    cronJobDefinition,
    served(networkPolicyDefinition),
    served(ingressDefinition),
    served(ingressClassDefinition),
    served(roleDefinition),
    served(clusterRoleDefinition),
    served(roleBindingDefinition),
    served(clusterRoleBindingDefinition),
  ];
}
