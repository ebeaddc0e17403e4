// The generic store: every REST verb of a definition over a backend and its watch cache.
export { createStore } from './store.js';
export { parseResourceVersion } from './read.js';
export type * from './types.js';
export { getIfExists, sharedIfExists } from './get-if-exists.js';
