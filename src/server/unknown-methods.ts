// HTTP/1 requests whose method Node's parser (llhttp) does not know. Go's net/http takes any token as a
// method (http.validMethod), so kube-apiserver's handler chain answers `FROB /api/v1/...` as it answers
// TRACE: authentication, authorization with the empty verb, then go-restful's 405 MethodNotAllowed.
// llhttp stops at the method with HPE_INVALID_METHOD before any handler runs, and Node would answer a
// bare 400 and close. The server's 'clientError' event hands over the bytes llhttp was reading
// (`rawPacket`); the request head is read from them as Go's http.ReadRequest reads it and served by the
// handler chain like any request. The connection closes after the answer (`Connection: close`): Go would
// keep it open, but this connection's parser has stopped and cannot read a next request.
import { IncomingMessage, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** A request line and its header fields, as read off the wire. */
export interface RequestHead {
  method: string;
  target: string;
  /** 0 for HTTP/1.0, 1 for HTTP/1.1. */
  minorVersion: 0 | 1;
  /** Header fields in order, names as sent. */
  fields: Array<[string, string]>;
}

/** RFC 7230's token characters, which Go's validMethod accepts. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Header fields whose repeats Node drops (it keeps the first), as IncomingMessage._addHeaderLine. */
const SINGLE_VALUED = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer',
  'retry-after', 'server', 'user-agent',
]);

/**
 * The request head at the start of `raw`, or undefined when it is not a complete, well-formed head
 * (Go answers such requests 400, as Node does): `METHOD SP request-target SP HTTP/1.x CRLF`, then
 * `name: value` lines up to an empty line (upstream net/http readRequest and textproto's ReadMIMEHeader).
 */
export function parseRequestHead(raw: Buffer): RequestHead | undefined {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [line = '', ...headerLines] = text.slice(0, end).split('\r\n');
  const match = /^(\S+) (\S+) HTTP\/1\.([01])$/.exec(line);
  if (!match || !TOKEN.test(match[1] ?? '')) return undefined;
  const fields: Array<[string, string]> = [];
  for (const headerLine of headerLines) {
    const colon = headerLine.indexOf(':');
    const name = headerLine.slice(0, colon);
    if (colon <= 0 || !TOKEN.test(name)) return undefined;
    fields.push([name, headerLine.slice(colon + 1).trim()]);
  }
  return { method: match[1] ?? '', target: match[2] ?? '', minorVersion: match[3] === '0' ? 0 : 1, fields };
}

/** The request Node's parser would have made of `head` on `socket`, its body left empty. */
export function requestOf(head: RequestHead, socket: Socket): IncomingMessage {
  const req = new IncomingMessage(socket);
  req.method = head.method;
  req.url = head.target;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = head.minorVersion;
  req.httpVersion = `1.${head.minorVersion}`;
  req.rawHeaders = head.fields.flat();
  const headers: Record<string, string | string[]> = {};
  for (const [rawName, value] of head.fields) {
    const name = rawName.toLowerCase();
    const seen = headers[name];
    if (name === 'set-cookie') headers[name] = [...(Array.isArray(seen) ? seen : []), value];
    else if (seen === undefined) headers[name] = value;
    else if (!SINGLE_VALUED.has(name)) headers[name] = `${String(seen)}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  req.headers = headers;
  // The handler answers an unknown method without reading a body; one that was sent goes with the connection.
  req.complete = true;
  req.push(null);
  return req;
}

/** How long a refused connection still reads before it closes (Go's rstAvoidanceDelay, net/http server.go). */
const RST_AVOIDANCE_DELAY_MS = 500;

/**
 * Node's own answer to a request its parser refused (http's socketOnError when nobody listens to
 * 'clientError'): a bare status and the end of the connection. Node writes it unless a response on the
 * connection has sent its headers; here, unless one is under way at all (it is cut either way).
 * Closed as Go's closeWriteAndWait closes it, not as Node destroys it: the answer, our side's end, and what
 * the client still sends (the rest of a request past the 1 MiB limit) read and dropped for a while. A close
 * with unread input is a TCP reset, which can reach the client before it read the answer.
 */
export function refuseUnparsable(error: Error & { code?: string }, socket: Socket, responseUnderway: boolean): void {
  // A request that did not arrive in time (Node's headersTimeout and requestTimeout): Go's server closes the
  // connection without an answer (a read timeout is one of its "common net read errors").
  if (!socket.writable || responseUnderway || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy(error);
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400;
  // The parser has stopped: what follows goes nowhere (and could not raise this error again).
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n\r\n`, 'latin1');
  const linger = setTimeout(() => socket.destroy(), RST_AVOIDANCE_DELAY_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}
