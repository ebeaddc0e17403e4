// Moving from client-side to server-side apply, for the `kubectl` field manager only (upstream
// lastAppliedManager and lastAppliedUpdater): managers that own the client-side annotation
// `kubectl.kubernetes.io/last-applied-configuration` give way to the applier; conflicts on fields
// whose live value still equals the annotation's are forced; the annotation, when present, is kept
// equal to the applied configuration.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { compareObjects } from './compare.js';
import { difference, hasPath, type FieldSet } from './field-set.js';
import { goJson } from './go-json.js';
import type { Managed } from './managed-fields.js';
import { fieldElement } from './path-element.js';
import { toFieldSet } from './to-field-set.js';
import { ApplyConflictError } from './updater.js';
import type { ApplyResult, FieldManagerScope, LiveObject } from './field-manager.js';

/** The client-side apply annotation. */
export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration';

/** Upstream totalAnnotationSizeLimitB: the annotation is dropped rather than overflow this. */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

const LAST_APPLIED_PATH = [fieldElement('metadata'), fieldElement('annotations'), fieldElement(LAST_APPLIED_ANNOTATION)];

/** One apply of the chain below the client-side-apply handling. */
export type ApplyRun = (scope: FieldManagerScope, live: LiveObject, config: KubeObject, managed: Managed, manager: string, force: boolean) => ApplyResult;

function removeLastAppliedManagers(managed: Managed): void {
  for (const [id, owned] of [...managed.fields]) if (hasPath(owned.set, LAST_APPLIED_PATH)) managed.fields.delete(id);
}

/** Fields of the annotation whose live value is still the annotated one (upstream allowedConflictsFromLastApplied). */
function allowedConflicts(scope: FieldManagerScope, live: KubeObject): FieldSet | undefined {
  const text = live.metadata.annotations?.[LAST_APPLIED_ANNOTATION];
  if (!text) return undefined;
  let lastApplied: unknown;
  try {
    lastApplied = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  if (typeof lastApplied !== 'object' || lastApplied === null || (lastApplied as { apiVersion?: unknown }).apiVersion !== scope.apiVersion) return undefined;
  const applied = toFieldSet(lastApplied, scope.type);
  const changed = compareObjects(lastApplied, live, scope.type);
  return difference(difference(difference(applied, changed.modified), changed.added), changed.removed);
}

/** Keeps an existing annotation equal to the applied configuration (upstream lastAppliedUpdater). */
function updateLastApplied(object: KubeObject, config: KubeObject): void {
  const annotations = object.metadata.annotations;
  if (!annotations?.[LAST_APPLIED_ANNOTATION]) return;
  const { [LAST_APPLIED_ANNOTATION]: _dropped, ...configAnnotations } = config.metadata.annotations ?? {};
  const { annotations: _all, ...metadata } = config.metadata;
  if (Object.keys(configAnnotations).length > 0) Object.assign(metadata, { annotations: configAnnotations });
  const next: Record<string, string> = { ...annotations, [LAST_APPLIED_ANNOTATION]: `${goJson({ ...config, metadata })}\n` };
  let size = 0;
  for (const [k, v] of Object.entries(next)) size += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) delete next[LAST_APPLIED_ANNOTATION];
  object.metadata.annotations = next;
  if (Object.keys(next).length === 0) delete object.metadata.annotations;
}

/** An apply by the `kubectl` field manager, with the client-side apply migration around `run`. */
export function applyAsKubectl(scope: FieldManagerScope, live: LiveObject, config: KubeObject, managed: Managed, force: boolean, run: ApplyRun): ApplyResult {
  let result: ApplyResult;
  try {
    result = run(scope, live, config, managed, 'kubectl', force);
    removeLastAppliedManagers(result.managed);
  } catch (error) {
    if (!(error instanceof ApplyConflictError)) throw error;
    const allowed = allowedConflicts(scope, live.view);
    if (!allowed) throw error;
    const remaining = error.conflicts.filter((c) => !hasPath(allowed, c.path));
    if (remaining.length > 0) throw new ApplyConflictError(remaining);
    const withoutClientSide: Managed = { fields: new Map(managed.fields), times: managed.times };
    removeLastAppliedManagers(withoutClientSide);
    result = run(scope, live, config, withoutClientSide, 'kubectl', true);
  }
  updateLastApplied(result.object, config);
  return result;
}
