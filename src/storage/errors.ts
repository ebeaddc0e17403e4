// Storage's own error codes. The registry translates them into API `Status` errors in one place
// (registry/storage-errors.ts); nothing below the registry knows about HTTP.
import type { KeyValue } from './interface.js';

export type StorageErrorCode =
  | 'KeyExists'
  | 'KeyNotFound'
  | 'Conflict'
  | 'Compacted'
  | 'FutureRevision'
  | 'Unavailable'
  | 'Timeout';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    readonly key: string,
    message: string,
    /** For `Conflict`: the value found instead, so a retry needs no second read. */
    readonly current?: KeyValue,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

export const keyExists = (key: string): StorageError => new StorageError('KeyExists', key, `key exists: ${key}`);
export const keyNotFound = (key: string): StorageError => new StorageError('KeyNotFound', key, `key not found: ${key}`);
export const conflictAt = (key: string, current: KeyValue | undefined): StorageError =>
  new StorageError('Conflict', key, `mod revision mismatch: ${key}`, current);
export const compacted = (revision: number, compactedRevision: number): StorageError =>
  new StorageError('Compacted', '', `required revision ${revision} has been compacted (compacted revision ${compactedRevision})`);
export const futureRevision = (revision: number, current: number): StorageError =>
  new StorageError('FutureRevision', '', `required revision ${revision} is a future revision (current ${current})`);
export const unavailable = (message: string): StorageError => new StorageError('Unavailable', '', message);
