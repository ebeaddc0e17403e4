// Reading and decoding request bodies, with the upstream size limit.
import { badRequest, requestEntityTooLarge } from '../errors/status-error.js';
import { unrecognizedBody } from '../schema/decode-errors.js';
import { exceedsMaxJsonDepth, goJsonSyntaxError } from '../schema/go-json-syntax.js';
import { parseYamlDocument } from '../schema/yaml-document.js';
import type { HttpRequest } from './context.js';

/** Upstream's limit on request bodies (3 MiB). */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;

/** Read the whole body, failing with 413 as soon as it passes the limit. */
export async function readBody(req: HttpRequest, limit = MAX_REQUEST_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    drain(req);
    throw requestEntityTooLarge(limit);
  }
  // Plain stream events: an async iterator over the request cost several microseconds per create.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      settle();
      drain(req);
      reject(requestEntityTooLarge(limit));
    };
    const onEnd = (): void => {
      settle();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    // A client gone before the end of its body (an abort or a close): nothing will be answered, but the
    // handler must not hang, and this is the client's doing, not a server error to log.
    const onError = (): void => {
      settle();
      reject(badRequest('the client closed the request before the end of its body'));
    };
    const onClose = onError;
    const settle = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** Let the rest of an oversized body flow away so the connection can carry the error answer. */
function drain(req: HttpRequest): void {
  req.on('data', () => undefined);
  req.resume();
}

/**
 * Parse JSON (or YAML when `yaml` is true) into an unknown value; malformed input is 400, with Go's
 * syntax error inside upstream's "unrecognized" message when the body was to be a `kind`.
 * `text`: the body already decoded as UTF-8, when the caller has it.
 */
export function parseBody(body: Buffer, yaml: boolean, kind?: string, text: string = body.toString('utf8')): unknown {
  if (text.trim() === '') throw badRequest('the body of the request was empty');
  if (yaml) {
    try {
      return parseYamlDocument(body);
    } catch (error) {
      throw badRequest(`error converting YAML to JSON: ${(error as Error).message}`);
    }
  }
  try {
    if (exceedsMaxJsonDepth(text)) throw new SyntaxError('exceeded max depth');
    return JSON.parse(text) as unknown;
  } catch {
    const cause = `couldn't get version/kind; json parse error: ${goJsonSyntaxError(text)}`;
    throw kind === undefined ? badRequest(cause) : unrecognizedBody(kind, cause, body);
  }
}
