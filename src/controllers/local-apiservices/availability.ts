// The Available condition of APIServices, as kube-aggregator's availability controller sets it, as far
// as this server can tell: a local APIService (no service) is always available; one whose service does
// not exist is not (ServiceNotFound). Whether an existing service answers discovery is not checked (no
// endpoints are reached from here), so such an APIService's condition is left as it is.
import { localAvailableCondition, type APIService, type APIServiceCondition } from '../../apis/apiregistration/v1/apiservice.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { nowTimestamp } from '../../apis/meta/v1/time.js';
import { isStatusError } from '../../errors/status-error.js';
import type { Store } from '../../registry/store/index.js';

/** The Available condition `apiService` should carry; undefined when this server cannot tell. */
export function desiredAvailability(apiService: Readonly<APIService>, serviceExists: boolean, now: Date): APIServiceCondition | undefined {
  const service = apiService.spec?.service;
  if (!service) return localAvailableCondition(now);
  if (serviceExists) return undefined;
  return {
    type: 'Available',
    status: 'False',
    lastTransitionTime: nowTimestamp(now),
    reason: 'ServiceNotFound',
    message: `service/${service.name ?? ''} in ${JSON.stringify(service.namespace ?? '')} is not present`,
  };
}

/**
 * upstream SetAPIServiceCondition: `apiService` with `condition` in place of its condition of that type
 * (the transition time kept while the status stays), or undefined when nothing would change.
 */
export function withCondition(apiService: Readonly<APIService>, condition: APIServiceCondition): APIService | undefined {
  const conditions = apiService.status?.conditions ?? [];
  const i = conditions.findIndex((c) => c.type === condition.type);
  const have = conditions[i];
  if (have && have.status === condition.status && have.reason === condition.reason && have.message === condition.message) return undefined;
  const next = structuredClone(apiService) as APIService;
  const merged = have && have.status === condition.status ? { ...condition, lastTransitionTime: have.lastTransitionTime } : condition;
  next.status = { ...next.status, conditions: i < 0 ? [...conditions, merged] : conditions.map((c, j) => (j === i ? merged : c)) };
  return next;
}

async function serviceExists(services: Store | undefined, apiService: Readonly<APIService>): Promise<boolean> {
  const ref = apiService.spec?.service;
  if (!services || !ref) return false;
  try {
    await services.get(ref.namespace ?? '', ref.name ?? '');
    return true;
  } catch (error) {
    if (isStatusError(error) && error.code === 404) return false;
    throw error;
  }
}

/** Brings the Available condition of the APIService `name` up to date (through `status`). */
export async function updateAvailability(apiServices: Store, services: Store | undefined, name: string): Promise<void> {
  try {
    const current = (await apiServices.get('', name)).object as Readonly<APIService>;
    const exists = await serviceExists(services, current);
    const next = (obj: Readonly<APIService>): APIService | undefined => {
      const condition = desiredAvailability(obj, exists, new Date());
      return condition && withCondition(obj, condition);
    };
    if (!next(current)) return;
    await apiServices.update('', name, (obj) => (obj && next(obj as APIService)) ?? structuredClone(obj as KubeObject), {
      dryRun: false,
      fieldManager: 'kube-apiserver',
      subresource: 'status',
    });
  } catch (error) {
    if (!(isStatusError(error) && error.code === 404)) throw error; // deleted meanwhile
  }
}
