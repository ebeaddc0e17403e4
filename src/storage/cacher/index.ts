// The watch cache (ARCHITECTURE §3): per stored resource, the current objects (their JSON, serialized
// once), a time-windowed ring of recent events for resumable watches, and the watchers it fans events out to.
export { Cacher, type CacherOptions, type CacheWatchOptions, type CacherStats } from './cacher.js';
export { metadataStart, sharedDecoded, type CachedObject } from './cached-object.js';
export type { CacheEvent, CacheEventType, BookmarkItem, WatchItem, ObjectPredicate } from './cache-event.js';
export { keyMatches } from './cache-store.js';
export type { CacheWatch } from './watcher.js';
