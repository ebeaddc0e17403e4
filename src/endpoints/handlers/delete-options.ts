// The body of a DELETE as upstream's delete handlers decode it (handlers/delete.go, 1.25): DeleteOptions in any
// media type the meta codecs read (JSON, YAML, or protobuf as client-go's typed clients send it), the
// Content-Type negotiated as for other bodies (none is JSON; another is 415). The decoder's errors go back as
// they are, plain Go errors: a 500 with no reason, and nothing is deleted.
import { isStatusError, unknownError, unsupportedMediaType } from '../../errors/status-error.js';
import type { DeleteOptions } from '../../apis/meta/v1/types.js';
import { DeleteOptionsSchema } from '../../apis/meta/v1/schemas.generated.js';
import { decodeObject } from '../../schema/decode.js';
import { goJsonSyntaxError } from '../../schema/go-json-syntax.js';
import { PROTOBUF_MEDIA_TYPE, decodeProtobufObject } from '../../schema/protobuf/index.js';
import { parseYamlDocument } from '../../schema/yaml-document.js';
import { parseMediaType } from '../negotiation.js';
import { BODY_MEDIA_TYPES } from './decode-body.js';
import { errorMessage } from '../../errors/error-message.js';

const CANNOT_CONVERT = 'decoded object cannot be converted to DeleteOptions';

/** A DELETE's body as DeleteOptions; undefined when it is empty. */
export function deleteOptionsBody(body: Buffer, contentType?: string): DeleteOptions | undefined {
  if (body.length === 0) return undefined;
  const mediaType = contentType === undefined || contentType === '' ? 'application/json' : parseMediaType(contentType);
  if (mediaType === PROTOBUF_MEDIA_TYPE) return shaped(protobufOptions(body));
  if (mediaType !== 'application/json' && mediaType !== 'application/yaml') throw unsupportedMediaType(BODY_MEDIA_TYPES);
  return shaped(mediaType === 'application/yaml' ? yamlOptions(body) : jsonOptions(body));
}

function jsonOptions(body: Buffer): unknown {
  const text = body.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unknownError(`couldn't get version/kind; json parse error: ${goJsonSyntaxError(text)}`);
  }
}

function yamlOptions(body: Buffer): unknown {
  try {
    return parseYamlDocument(body);
  } catch (error) {
    throw unknownError(`error converting YAML to JSON: ${errorMessage(error)}`);
  }
}

/** The `k8s\0` envelope around a DeleteOptions message; another kind in the envelope is not converted. */
function protobufOptions(body: Buffer): unknown {
  try {
    const decoded = decodeProtobufObject(DeleteOptionsSchema, body);
    if (decoded.kind !== '' && decoded.kind !== 'DeleteOptions') throw unknownError(CANNOT_CONVERT);
    return decoded.object;
  } catch (error) {
    if (isStatusError(error) && error.code === 400) throw unknownError(error.message);
    throw error;
  }
}

/** The decoded value typed as Go's DeleteOptions (type errors as the JSON decoder words them). */
function shaped(raw: unknown): DeleteOptions {
  try {
    const { object } = decodeObject<DeleteOptions>(DeleteOptionsSchema, raw, { kind: 'DeleteOptions', version: 'v1', fieldValidation: 'Ignore' });
    if (object.kind && object.kind !== 'DeleteOptions') throw unknownError(CANNOT_CONVERT);
    return object;
  } catch (error) {
    // The 400 wording of object bodies ("... cannot be handled as a DeleteOptions: <cause>") keeps only the decoder's cause.
    if (isStatusError(error) && error.code === 400) throw unknownError(error.message.replace(/^.*?cannot be handled as a DeleteOptions: |^the object provided is unrecognized \(must be of type DeleteOptions\): /, ''));
    throw error;
  }
}
