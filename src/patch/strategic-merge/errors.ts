// The errors of a strategic merge, as the 1.25 API server reports them (interpretStrategicMergePatchError):
// malformed directive lists are 400 BadRequest, lists of lists 422, and every other merge error is a
// plain Go error, which the server renders as a 500 Status with no reason ("Error from server: ...").
import { StatusError, badRequest, invalid } from '../../errors/status-error.js';
import * as field from '../../errors/field-errors.js';
import { goFormat, goFormatString } from './go-format.js';
import { goTypeName } from './go-values.js';

/** mergepatch.ErrBadPatchFormatFor*: 400 `invalid patch format of <what>`. */
export function badPatchFormat(what: 'primitive list' | 'retainKeys' | 'setElementOrder list'): StatusError {
  return badRequest(`invalid patch format of ${what}`);
}

/** mergepatch.ErrNoListOfLists: upstream's generic 422 (its text is not shown to the client). */
export function listOfLists(): StatusError {
  return new StatusError(422, 'Invalid', 'the server rejected our request due to an error in our request', {});
}

/** A merge error that is not an API status upstream: 500, no reason, the error text as message. */
export function mergeError(message: string): StatusError {
  const error = new StatusError(500, 'InternalError', message);
  delete error.status.reason;
  return error;
}

/** mergepatch.ErrNoMergeKey. */
export function noMergeKey(item: unknown, mergeKey: string): StatusError {
  return mergeError(`map: ${goFormat(item)} does not contain declared merge key: ${mergeKey}`);
}

/** mergepatch.ErrBadArgType, `expected` being the Go type name the code asserted. */
export function badArgType(expected: 'map[string]interface {}' | '[]interface {}', actual: unknown): StatusError {
  return mergeError(`expected a ${expected}, but received a ${goTypeName(actual)}`);
}

/** mergepatch.ErrBadPatchType: a `$patch` value that is not a directive. */
export function badPatchType(directive: unknown, m: unknown): StatusError {
  return mergeError(`unknown patch type: ${goFormatString(directive)} in map: ${goFormat(m)}`);
}

/** `$patch: merge` inside a list, which upstream rejects. */
export function listMergeDirective(): StatusError {
  return mergeError('merging lists cannot yet be specified in the patch');
}

/**
 * The 422 upstream returns when the merged object does not decode into the kind (applyPatchToObject):
 * ` "" is invalid: patch: Invalid value: "<the patch, as Go prints it>": <decode error>`.
 */
export function invalidMergeResult(patch: unknown, detail: string): StatusError {
  return invalid('', '', '', [field.invalid('patch', goFormat(patch), detail)]);
}
