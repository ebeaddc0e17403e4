// The Available condition of APIServices, as kube-aggregator's availability controller sets it, as far
// as this server can tell: a local APIService (no service) is always available; one whose service does
// not exist is not (ServiceNotFound). Whether an existing service answers discovery is not checked (no
// endpoints are reached from here), so such an APIService's condition is left as it is.
import { localAvailableCondition, type APIService, type APIServiceCondition } from '../../apis/apiregistration/v1/apiservice.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { nowTimestamp } from '../../apis/meta/v1/time.js';
import { existsConfirmed, type Followed } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';

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

/** Whether the service of `apiService` exists (none when services are not served). */
async function serviceExists(services: Followed | undefined, apiService: Readonly<APIService>): Promise<boolean> {
  const ref = apiService.spec?.service;
  if (!services || !ref) return false;
  await services.informer.synced();
  return existsConfirmed(services.informer, services.client, ref.namespace ?? '', ref.name ?? '');
}

/** Brings the Available condition of the APIService `name` up to date (through `apiservices/status`). */
export async function updateAvailability(apiServices: Followed, services: Followed | undefined, name: string): Promise<void> {
  const cached = apiServices.informer.get('', name) as Readonly<APIService> | undefined;
  if (!cached) return; // deleted
  const exists = await serviceExists(services, cached);
  const next = (obj: Readonly<APIService>): APIService | undefined => {
    const condition = desiredAvailability(obj, exists, new Date());
    return condition && withCondition(obj, condition);
  };
  if (!next(cached)) return;
  try {
    await apiServices.client.update('', name, (current) => next(current as APIService) as KubeObject | undefined, { subresource: 'status' });
  } catch (error) {
    if (!isNotFound(error)) throw error; // deleted meanwhile
  }
}
