// The one translation from storage errors to API Status errors (STYLE: translated in exactly one place).
import { isStorageError } from '../storage/errors.js';
import {
  alreadyExists,
  conflict,
  expired,
  internalError,
  notFound,
  serviceUnavailable,
  timeout,
  tooLargeResourceVersion,
  type GroupResource,
} from '../errors/status-error.js';

export function toStatusFromStorage(error: unknown, gr: GroupResource, name: string): unknown {
  if (!isStorageError(error)) return error;
  switch (error.code) {
    case 'KeyExists':
      return alreadyExists(gr, name);
    case 'KeyNotFound':
      return notFound(gr, name);
    case 'Conflict':
      return conflict(gr, name);
    case 'Compacted':
      return expired(`The resourceVersion for the provided list is too old.`);
    case 'FutureRevision': {
      const match = /required revision (\d+) is a future revision \(current (\d+)\)/.exec(error.message);
      return tooLargeResourceVersion(Number(match?.[1] ?? 0), Number(match?.[2] ?? 0));
    }
    case 'Timeout':
      return timeout(error.message, 1);
    case 'Unavailable':
      return serviceUnavailable(`storage is unavailable: ${error.message}`, 1);
    default:
      return internalError(error.message);
  }
}
