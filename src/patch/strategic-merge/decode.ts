// Decoding the body of a strategic merge patch as upstream does (json.Unmarshal into
// map[string]interface{}): its errors are 400 BadRequest with the decoder's text, whatever the
// fieldValidation directive; `null` is an empty patch.
import { badRequest } from '../../errors/status-error.js';
import { goJsonType, parseJsonText } from '../go-json.js';
import { type JsonMap, isJsonMap } from './go-values.js';

/** Parses a strategic merge patch body into a JSON object (400 when it is not one). */
export function decodeStrategicMergePatchBody(body: string): JsonMap {
  const parsed = parseJsonText(body);
  if (!parsed.ok) throw badRequest(parsed.message);
  if (parsed.value === null) return {};
  if (!isJsonMap(parsed.value)) throw badRequest(`json: cannot unmarshal ${goJsonType(parsed.value)} into Go value of type map[string]interface {}`);
  return parsed.value;
}
