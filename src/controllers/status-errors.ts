// What a controller makes of a write's failure: the Status codes that mean there is nothing left to do.
import { isStatusError } from '../errors/status-error.js';

export const isNotFound = (error: unknown): boolean => isStatusError(error) && error.code === 404;

/** A 409: the object exists already, or a precondition or resourceVersion no longer holds. */
export const isConflict = (error: unknown): boolean => isStatusError(error) && error.code === 409;

/** Whether a write failed because the object or namespace is gone or going (nothing to retry). */
export function isGoneOrTerminating(error: unknown): boolean {
  return isStatusError(error) && (error.code === 404 || (error.code === 403 && /because it is being terminated|not found/.test(error.message)));
}

/** Whether a write failed because the object is gone, or a precondition or resourceVersion no longer holds. */
export const isGoneOrChanged = (error: unknown): boolean => isStatusError(error) && (error.code === 404 || error.code === 409);
