/** A header block that does not decode (RFC 7541): a connection error of type COMPRESSION_ERROR. */
export class HpackError extends Error {
  override readonly name = 'HpackError';
}
