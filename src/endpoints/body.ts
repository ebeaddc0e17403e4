// Reading and decoding request bodies, with the upstream size limit.
import YAML from 'yaml';
import { badRequest, requestEntityTooLarge } from '../errors/status-error.js';
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      drain(req);
      throw requestEntityTooLarge(limit);
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

/** Let the rest of an oversized body flow away so the connection can carry the error answer. */
function drain(req: HttpRequest): void {
  req.on('data', () => undefined);
  req.resume();
}

/** Parse JSON (or YAML when `yaml` is true) into an unknown value; malformed input is 400. */
export function parseBody(body: Buffer, yaml: boolean): unknown {
  const text = body.toString('utf8');
  if (text.trim() === '') throw badRequest('the body of the request was empty');
  if (yaml) {
    try {
      return YAML.parse(text, { version: '1.2', merge: true, uniqueKeys: false });
    } catch (error) {
      throw badRequest(`error converting YAML to JSON: ${(error as Error).message}`);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(`couldn't get version/kind; json parse error: ${(error as Error).message}`);
  }
}
