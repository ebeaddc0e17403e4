// Where the stages of a write meet: requests that reach a stage boundary in one turn of the event loop wait
// for that turn's check phase and go on together, in the order they came, each to its next boundary.
//
// Why: under load, one turn's poll phase reads dozens of requests, and each ran its whole write (parse,
// decode, defaults, the field manager, admission, validation, encoding) before the next one started. Every
// stage touches its own code and schema tables, and run that way none of them stayed in the CPU's caches:
// in place each cost 2.5-3× its time in a loop (docs/architecture.md §4). With the stages batched, a turn
// runs one stage for every request before the next stage; a Pod create took ~25% less CPU at 50 connections
// (the same Pod create at 100 connections, whose turns batch more by themselves, had shown it). A boundary
// costs one pass of the event loop (a few microseconds, not measurable with one client).
//
// The queue is the process's, as the event loop is: every server of the process shares its turns.
let waiting: Array<() => void> = [];

function release(): void {
  const batch = waiting;
  waiting = [];
  for (const resume of batch) resume();
}

/** Whether writes wait at a stage boundary now (on their way to storage: a group commit waits for them). */
export function writesBetweenStages(): boolean {
  return waiting.length > 0;
}

/** Resolves in the check phase of the current turn, together with every other write that reached a boundary in it. */
export function nextWriteStage(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(release);
  });
}
