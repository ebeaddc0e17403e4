// Upstream's OpenAPI ETag / `hash` parameter: the upper-case hex SHA-512 of the served JSON.
import { createHash } from 'node:crypto';

/** Upper-case hex SHA-512 of a served document (kube-openapi computeETag). */
export function openApiHash(json: string | Uint8Array): string {
  return createHash('sha512').update(json).digest('hex').toUpperCase();
}
