// Following one resource for the collector as an informer does: list, then watch from the list's revision.
// A relist after a failed watch tells which objects it still holds, so deletions missed meanwhile are seen
// (a plain restarted watch re-adds what exists but says nothing of what went).
import type { KubeObject } from '../../apis/meta/v1/types.js';
import { listThenWatch, type ListerWatcher } from '../../client/list-watch.js';

export interface FollowResourceOptions {
  signal: AbortSignal;
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** After each list: the uids it held (anything else of this resource is gone). */
  onRelisted(seen: ReadonlySet<string>): void;
  onWatching(watching: boolean): void;
  /** A list or watch failed (garbagecollector_controller_resources_sync_error_total). */
  onSyncError?(): void;
}

/** Follows `source` (all namespaces) until `signal` aborts. Never rejects. */
export function followResource(source: ListerWatcher, options: FollowResourceOptions): Promise<void> {
  return listThenWatch(source, {
    signal: options.signal,
    who: 'garbagecollector watch',
    onList: (objects) => {
      const seen = new Set<string>();
      for (const object of objects) {
        seen.add(object.metadata.uid ?? '');
        options.onObject(object, 'ADDED');
      }
      options.onRelisted(seen);
    },
    onEvent: options.onObject,
    onWatching: options.onWatching,
    ...(options.onSyncError ? { onError: options.onSyncError } : {}),
  });
}
