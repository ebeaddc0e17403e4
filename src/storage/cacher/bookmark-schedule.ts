// When each watch that asked for bookmarks gets its next one, as upstream's cacher times them (cacheWatcher's
// nextBookmarkTime and the cacher's time-bucketed bookmark watchers, 1.25): a bookmark every bookmark interval
// (a minute) after the watch started, and one 2 s before the watch's deadline when that comes sooner, so that a
// client resumes from a fresh resourceVersion when its watch times out; none once the deadline is that close.
import type { Watcher } from './watcher.js';

/** How long before its deadline a watch gets its last bookmark. */
const PRE_TIMEOUT_MS = 2_000;

/** upstream nextBookmarkTime: the next bookmark's time after `now`, or undefined when there is none. */
export function nextBookmarkTime(now: number, deadline: number | undefined, frequencyMs: number): number | undefined {
  let next = now + frequencyMs;
  if (deadline === undefined) return next;
  next = Math.min(next, deadline - PRE_TIMEOUT_MS);
  return next < now ? undefined : next;
}

/** The bookmark-taking watchers and when each is due. */
export class BookmarkSchedule {
  readonly #due = new Map<Watcher, { at: number; deadline: number | undefined }>();

  constructor(private readonly frequencyMs: number) {}

  add(watcher: Watcher, now: number, deadline: number | undefined): void {
    const at = nextBookmarkTime(now, deadline, this.frequencyMs);
    if (at !== undefined) this.#due.set(watcher, { at, deadline });
  }

  remove(watcher: Watcher): void {
    this.#due.delete(watcher);
  }

  /** The watchers due at `now`, each scheduled again (or dropped when its deadline is too close). */
  takeDue(now: number): Watcher[] {
    const due: Watcher[] = [];
    for (const [watcher, entry] of this.#due) {
      if (entry.at > now) continue;
      due.push(watcher);
      const at = nextBookmarkTime(now, entry.deadline, this.frequencyMs);
      // A time not after now goes to the next check, as upstream's time buckets put it in the next second's.
      if (at === undefined) this.#due.delete(watcher);
      else entry.at = Math.max(at, now + 1);
    }
    return due;
  }

  get size(): number {
    return this.#due.size;
  }
}
