// Following one resource for the collector through the shared informers' reflector of it: every list is
// handed over whole, so a relist (after a failed watch, or when another subscriber joins) tells which
// objects the resource still holds and deletions missed meanwhile are seen (a plain restarted watch re-adds
// what exists but says nothing of what went). No object is cached: the dependency graph is the cache.
import type { KubeObject } from '../../apis/meta/v1/types.js';
import type { ListWatchSubscriber } from '../../client/list-watch.js';

export interface FollowResourceOptions {
  onObject(object: Readonly<KubeObject>, type: 'ADDED' | 'MODIFIED' | 'DELETED'): void;
  /** After each list: the uids it held (anything else of this resource is gone). */
  onRelisted(seen: ReadonlySet<string>): void;
  onWatching(watching: boolean): void;
  /** A list or watch failed (garbagecollector_controller_resources_sync_error_total). */
  onSyncError?(): void;
}

/** The subscriber that tells `options` of one resource's objects. */
export function resourceFollower(options: FollowResourceOptions): ListWatchSubscriber {
  return {
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
  };
}
