// The `Dangling` condition of FlowSchemas (upstream's APF configuration controller): True with reason
// NotFound when the referenced PriorityLevelConfiguration does not exist, False with reason Found when it
// does; kubectl's MISSINGPL column shows it. Written through `status` only when it changes. FlowSchemas and
// priority levels are read from the informers; a level missing there is asked of the server before a
// FlowSchema is called dangling (the cache may not have seen it created yet).
import type { FlowSchema, FlowSchemaCondition } from '../../apis/flowcontrol/v1beta2/schemas.generated.js';
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { nowTimestamp } from '../../apis/meta/v1/time.js';
import { existsConfirmed, type Followed } from '../queue-controller.js';
import { isNotFound } from '../status-errors.js';

/** The field manager upstream's configuration consumer writes status with. */
export const APF_CONSUMER = 'api-priority-and-fairness-config-consumer-v1';

/** The Dangling condition `fs` should carry, given the priority levels that exist. */
export function danglingCondition(plName: string, exists: boolean, now: Date): FlowSchemaCondition {
  return {
    type: 'Dangling',
    status: exists ? 'False' : 'True',
    lastTransitionTime: nowTimestamp(now),
    reason: exists ? 'Found' : 'NotFound',
    message: exists
      ? `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(plName)} and it exists`
      : `This FlowSchema references the PriorityLevelConfiguration object named ${JSON.stringify(plName)} but there is no such object`,
  };
}

/** `fs` with the Dangling condition set, or undefined when it already says so. */
export function withDangling(fs: Readonly<FlowSchema>, exists: boolean, now: Date): FlowSchema | undefined {
  const want = danglingCondition(fs.spec?.priorityLevelConfiguration?.name ?? '', exists, now);
  const conditions = fs.status?.conditions ?? [];
  const have = conditions.find((c) => c.type === 'Dangling');
  if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) return undefined;
  const next = structuredClone(fs) as FlowSchema;
  next.status = { ...next.status, conditions: [...conditions.filter((c) => c.type !== 'Dangling'), want] };
  return next;
}

/** Sets the Dangling condition of every FlowSchema that needs it. */
export async function updateDanglingConditions(flowSchemas: Followed, priorityLevels: Followed): Promise<void> {
  for (const obj of flowSchemas.informer.list()) {
    const fs = obj as Readonly<FlowSchema>;
    const level = fs.spec?.priorityLevelConfiguration?.name ?? '';
    if (!withDangling(fs, priorityLevels.informer.get('', level) !== undefined, new Date())) continue;
    const exists = await existsConfirmed(priorityLevels.informer, priorityLevels.client, '', level);
    if (!withDangling(fs, exists, new Date())) continue;
    try {
      await flowSchemas.client.update('', fs.metadata.name ?? '', (fresh) => withDangling(fresh as FlowSchema, exists, new Date()) as KubeObject | undefined, {
        subresource: 'status',
        fieldManager: APF_CONSUMER,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error; // deleted meanwhile
    }
  }
}
