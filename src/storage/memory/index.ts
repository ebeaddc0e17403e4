// The in-process backend: the full backend contract without durability (fast tests, --storage-backend=memory).
export { createMemoryBackend, type MemoryBackend, type MemoryBackendOptions } from './memory-backend.js';
