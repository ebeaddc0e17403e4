import assert from 'node:assert/strict';
import { Agent, request as httpsRequest } from 'node:https';
import { connect, type ClientHttp2Session } from 'node:http2';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { once } from 'node:events';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { BodyWriter, HttpRequest, HttpResponse } from './http-types.js';
import { listen as listenOn, type Listener } from './listener.js';
import { ensureCertificates } from './pki/index.js';

const dir = await mkdtemp(join(tmpdir(), 'kplane-listener-'));
after(() => rm(dir, { recursive: true, force: true }));
const pki = await ensureCertificates(dir, { hosts: [] });

/** Answers `/stream` with a response that never ends (like a watch), everything else with the HTTP version. */
function handler(req: HttpRequest, res: HttpResponse): void {
  res.setHeader('content-type', 'text/plain');
  if (req.url === '/stream') {
    res.writeHead(200);
    const body: BodyWriter = res; // write() is not callable on the union itself
    body.write('started\n');
    return;
  }
  res.end(`HTTP/${req.httpVersion} ${req.method ?? ''} ${req.url ?? ''}`);
}

function getHttp1(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(`${url}${path}`, { ca: pki.caCert, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function getHttp2(session: ClientHttp2Session, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path });
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve(body));
    stream.on('error', reject);
  });
}

describe('listen', () => {
  let listener: Listener | undefined;
  // Every listener a test opened is closed, also when the test failed before closing it (or the file hangs).
  const opened: Listener[] = [];
  const listen = async (options: Parameters<typeof listenOn>[0]): Promise<Listener> => {
    const opening = await listenOn(options);
    opened.push(opening);
    return opening;
  };
  after(() => Promise.all(opened.map((l) => l.close({ graceMs: 0 }).catch(() => undefined))));

  it('serves HTTP/1.1 and HTTP/2 on the chosen free port', async () => {
    listener = await listen({ port: 0, host: '127.0.0.1', pki, handler });
    assert.ok(listener.port > 0);
    assert.equal(listener.url, `https://127.0.0.1:${listener.port}`);
    assert.deepEqual(await getHttp1(listener.url, '/version'), { status: 200, body: 'HTTP/1.1 GET /version' });
    const session = connect(listener.url, { ca: pki.caCert });
    try {
      assert.equal(await getHttp2(session, '/api'), 'HTTP/2.0 GET /api');
    } finally {
      session.close();
    }
    await listener.close({ graceMs: 0 });
    listener = undefined;
  });

  it("announces kube-apiserver 1.25's HTTP/2 settings: 250 streams (or the flag's), 256 KiB windows and frames", async () => {
    for (const [flag, streams, window] of [[undefined, 250, 250 * 256 * 1024], [0, 250, 250 * 256 * 1024], [-1, 250, 250 * 256 * 1024], [1000, 1000, 1000 * 256 * 1024], [10_000, 10_000, 2 ** 31 - 1]] as const) {
      listener = await listen({ port: 0, host: '127.0.0.1', pki, handler, ...(flag === undefined ? {} : { http2MaxStreamsPerConnection: flag }) });
      const session = connect(listener.url, { ca: pki.caCert });
      try {
        await getHttp2(session, '/api'); // settings and the connection's window update have arrived
        const settings = session.remoteSettings;
        assert.equal(settings.maxConcurrentStreams, streams);
        assert.equal(settings.initialWindowSize, 256 * 1024);
        assert.equal(settings.maxFrameSize, 256 * 1024);
        assert.equal(settings.maxHeaderListSize, 1 << 20);
        // Upstream MaxUploadBufferPerConnection: 256 KiB per stream allowed, within HTTP/2's largest window.
        assert.equal(session.state.remoteWindowSize, window);
      } finally {
        session.close();
      }
      await listener.close({ graceMs: 0 });
      listener = undefined;
    }
  });

  it('takes request lines up to 1 MiB (kube-apiserver MaxHeaderBytes) and answers CONNECT like any method', async () => {
    listener = await listen({ port: 0, host: '127.0.0.1', pki, handler });
    const long = `/api?labelSelector=${'a'.repeat(100_000)}`;
    assert.deepEqual(await getHttp1(listener.url, long), { status: 200, body: `HTTP/1.1 GET ${long}` });
    assert.equal((await getHttp1(listener.url, `/api?x=${'a'.repeat(1 << 20)}`)).status, 431);
    const socket = tlsConnect({ host: '127.0.0.1', port: listener.port, ca: pki.caCert, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
    socket.end('CONNECT /api/v1/namespaces HTTP/1.1\r\nHost: localhost\r\n\r\n');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    await once(socket, 'close');
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nHTTP\/1\.1 CONNECT \/api\/v1\/namespaces$/);
    await listener.close({ graceMs: 0 });
    listener = undefined;
  });

  it('serves methods its HTTP/1 parser does not know, as Go does, and refuses malformed requests as Node does', async () => {
    listener = await listen({ port: 0, host: '127.0.0.1', pki, handler });
    const exchange = async (request: string): Promise<string> => {
      const socket = tlsConnect({ host: '127.0.0.1', port: listener!.port, ca: pki.caCert, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
      socket.write(request);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      await once(socket, 'close');
      return text;
    };
    // A keep-alive request: answered by the handler, then the connection closes, saying so.
    const frob = await exchange('FROB /api/v1/namespaces?x=1 HTTP/1.1\r\nHost: localhost\r\nAccept: a\r\nAccept: b\r\n\r\n');
    assert.match(frob, /^HTTP\/1\.1 200 OK\r\n[\s\S]*Connection: close\r\n[\s\S]*\r\n\r\nHTTP\/1\.1 FROB \/api\/v1\/namespaces\?x=1$/);
    assert.match(await exchange('get / HTTP/1.0\r\n\r\n'), /\r\n\r\nHTTP\/1\.0 get \/$/);
    // Not a token, or no complete head: Node's (and Go's) 400.
    assert.equal(await exchange('FR{OB / HTTP/1.1\r\nHost: localhost\r\n\r\n'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    assert.equal(await exchange('FROB / HTTP/1.1\r\nHost localhost\r\n\r\n'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    assert.equal(await exchange('GET / HTTP/1.1\r\nHost: localhost\r\nContent-Length: x\r\n\r\n'), 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    await listener.close({ graceMs: 0 });
    listener = undefined;
  });

  it('closes a refused connection as Go does: the answer, then its end, while what the client still sends is read', async () => {
    listener = await listen({ port: 0, host: '127.0.0.1', pki, handler });
    const socket = tlsConnect({ host: '127.0.0.1', port: listener.port, ca: pki.caCert, servername: 'localhost', ALPNProtocols: ['http/1.1'] });
    let text = '';
    let failure: Error | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (error: Error) => (failure = error));
    // A request line past 1 MiB: refused at once; the client goes on sending after the answer.
    socket.write(`GET /api?x=${'a'.repeat((1 << 20) + 1024)}`);
    await once(socket, 'data');
    for (let i = 0; i < 20; i++) socket.write('b'.repeat(16 * 1024));
    socket.end();
    await once(socket, 'close');
    assert.equal(failure, undefined, 'no reset');
    assert.equal(text, 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
    await listener.close({ graceMs: 0 });
    listener = undefined;
  });

  it('reports a dialable URL for a wildcard bind', async () => {
    const wildcard = await listen({ port: 0, host: '0.0.0.0', pki, handler });
    try {
      assert.equal(wildcard.url, `https://127.0.0.1:${wildcard.port}`);
      assert.equal((await getHttp1(wildcard.url, '/x')).body, 'HTTP/1.1 GET /x');
    } finally {
      await wildcard.close({ graceMs: 0 });
    }
  });

  it('rejects when the port is taken', async () => {
    const first = await listen({ port: 0, host: '127.0.0.1', pki, handler });
    try {
      await assert.rejects(listen({ port: first.port, host: '127.0.0.1', pki, handler }), /EADDRINUSE/);
    } finally {
      await first.close({ graceMs: 0 });
    }
  });

  it('closes connections idle for the idle timeout (upstream IdleTimeout), not those with a request or stream open', { timeout: 10_000 }, async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler, idleTimeoutMs: 300 });
    try {
      // HTTP/1: a keep-alive connection after its request, and one whose response never ends.
      const agent = new Agent({ keepAlive: true, ca: pki.caCert });
      const idleRequest = httpsRequest(`${server.url}/version`, { agent });
      idleRequest.end();
      const [idleResponse] = (await once(idleRequest, 'response')) as [NodeJS.ReadableStream & { socket: { once(e: 'close', l: () => void): unknown } }];
      const idleSocketClosed = new Promise<number>((resolve) => idleResponse.socket.once('close', () => resolve(performance.now())));
      idleResponse.resume();
      const busyRequest = httpsRequest(`${server.url}/stream`, { ca: pki.caCert, agent: false });
      busyRequest.end();
      const [busyResponse] = (await once(busyRequest, 'response')) as [NodeJS.ReadableStream];
      let busyClosed = false;
      busyResponse.on('close', () => (busyClosed = true));
      busyResponse.resume();
      // HTTP/2: a session after its request (GOAWAY, then closed), and one with a stream open.
      const idleSession = connect(server.url, { ca: pki.caCert });
      const idleSessionGoaway = once(idleSession, 'goaway');
      const idleSessionClosed = new Promise<number>((resolve) => idleSession.once('close', () => resolve(performance.now())));
      await getHttp2(idleSession, '/api');
      const finished = performance.now();
      const busySession = connect(server.url, { ca: pki.caCert });
      busySession.on('error', () => undefined);
      const busyStream = busySession.request({ ':path': '/stream' });
      busyStream.on('error', () => undefined);
      await once(busyStream, 'response');

      await idleSessionGoaway;
      for (const closedAt of await Promise.all([idleSocketClosed, idleSessionClosed])) {
        assert.ok(closedAt - finished >= 250 && closedAt - finished < 2_000, `closed ${closedAt - finished} ms after going idle`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(busyClosed, false);
      assert.equal(busySession.closed || busySession.destroyed, false);
      busySession.destroy();
      agent.destroy();
    } finally {
      await server.close({ graceMs: 0 });
    }
  });

  it('closes idle HTTP/1 connections whole, also those whose client keeps its side open or whose only request Node answered, but not one whose next request is arriving', { timeout: 10_000 }, async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler, idleTimeoutMs: 400, readHeaderTimeoutMs: 1_500, tlsHandshakeTimeoutMs: 10_000 });
    try {
      const open = (): Promise<{ socket: ReturnType<typeof tlsConnect>; received: () => string; closed: Promise<void> }> => new Promise((resolve) => {
        let text = '';
        // allowHalfOpen: the client does not close its side when the server closes its own.
        const options = { host: '127.0.0.1', port: server.port, ca: pki.caCert, ALPNProtocols: ['http/1.1'], servername: 'localhost', allowHalfOpen: true };
        const socket = tlsConnect(options as ConnectionOptions, () => resolve({ socket, received: () => text, closed }));
        socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
        socket.on('error', () => undefined);
        const closed = new Promise<void>((done) => socket.on('end', () => done()));
      });
      const connections = (): Promise<number> => new Promise((resolve) => server.server.getConnections((_error, count) => resolve(count)));
      // One that keeps its side open after a request, one whose only request Node refused itself (417).
      const halfOpen = await open();
      halfOpen.socket.write('GET /version HTTP/1.1\r\nHost: x\r\n\r\n');
      const expectation = await open();
      expectation.socket.write('GET /version HTTP/1.1\r\nHost: x\r\nExpect: something\r\n\r\n');
      // One whose next request starts arriving just before the timeout, and is answered once complete.
      const arriving = await open();
      arriving.socket.write('GET /version HTTP/1.1\r\nHost: x\r\n\r\n');
      // Its headers take 500 ms, past the idle timeout (400 ms) but within the header timeout (1.5 s), as Go allows.
      await new Promise((resolve) => setTimeout(resolve, 300));
      arriving.socket.write('GET /api HTTP/1.1\r\n');
      await new Promise((resolve) => setTimeout(resolve, 500));
      arriving.socket.write('Host: x\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.match(arriving.received(), /HTTP\/1\.1 GET \/api/);
      // Node's 417 is noticed as bytes read: idle once the header timeout has passed since.
      await Promise.all([halfOpen.closed, expectation.closed]);
      assert.match(expectation.received(), /^HTTP\/1\.1 417 /);
      arriving.socket.destroy();
      halfOpen.socket.destroy();
      expectation.socket.destroy();
      // The server holds none of them (before, a client keeping its side open kept the server's too).
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(await connections(), 0);
    } finally {
      await server.close({ graceMs: 0 });
    }
  });

  it('closes an HTTP/1 connection whose request headers are not all in after the read-header timeout, without an answer', { timeout: 10_000 }, async () => {
    // The TLS handshake keeps a generous bound: this machine may be busy.
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler, readHeaderTimeoutMs: 300, idleTimeoutMs: 5_000, tlsHandshakeTimeoutMs: 10_000 });
    try {
      // Upstream's ReadHeaderTimeout: a partial request, and a connection that sends nothing, are closed silently.
      const opened = performance.now();
      const outcomes = await Promise.all(['GET /api HTTP/1.1\r\nHost: x\r\n', ''].map((sent) => new Promise<{ bytes: number; ms: number }>((resolve) => {
        let bytes = 0;
        const socket = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki.caCert, ALPNProtocols: ['http/1.1'], servername: 'localhost' }, () => {
          if (sent) socket.write(sent);
        });
        socket.on('data', (data: Buffer) => (bytes += data.length));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve({ bytes, ms: performance.now() - opened }));
      })));
      for (const { bytes, ms } of outcomes) {
        assert.equal(bytes, 0);
        assert.ok(ms >= 250 && ms < 2_000, `closed after ${ms} ms`);
      }
      // A keep-alive connection idle between requests is the idle timeout's, not this one's.
      const agent = new Agent({ keepAlive: true, ca: pki.caCert });
      const request = httpsRequest(`${server.url}/version`, { agent });
      request.end();
      const [response] = (await once(request, 'response')) as [NodeJS.ReadableStream & { socket: { destroyed: boolean } }];
      const socket = response.socket; // the agent keeps it after the response
      response.resume();
      await new Promise((resolve) => setTimeout(resolve, 800));
      assert.equal(socket.destroyed, false);
      agent.destroy();
    } finally {
      await server.close({ graceMs: 0 });
    }
  });

  it('close() ends never-ending HTTP/1 and HTTP/2 responses after the grace period', { timeout: 10_000 }, async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler, shutdownGraceMs: 50 });
    // An idle keep-alive HTTP/1 connection, an open HTTP/1 stream and an open HTTP/2 stream.
    const agentRequest = httpsRequest(`${server.url}/stream`, { ca: pki.caCert, agent: false });
    agentRequest.end();
    const [h1Response] = (await once(agentRequest, 'response')) as [NodeJS.ReadableStream];
    const h1Ended = new Promise<void>((resolve) => {
      h1Response.on('error', () => resolve());
      h1Response.on('close', () => resolve());
      h1Response.resume();
    });
    const session = connect(server.url, { ca: pki.caCert });
    session.on('error', () => undefined);
    const h2Stream = session.request({ ':path': '/stream' });
    h2Stream.on('error', () => undefined);
    await once(h2Stream, 'response');
    const h2Closed = once(session, 'close');

    await server.close(); // resolves only once every connection is gone
    await Promise.all([h1Ended, h2Closed]);
    assert.equal(server.server.listening, false);
  });

  it('close() closes idle connections without waiting for the grace period', { timeout: 10_000 }, async () => {
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler, shutdownGraceMs: 60_000 });
    const keepAlive = new Agent({ keepAlive: true, ca: pki.caCert });
    const status = await new Promise<number>((resolve, reject) => {
      httpsRequest(`${server.url}/x`, { agent: keepAlive }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject).end();
    });
    assert.equal(status, 200);
    const session = connect(server.url, { ca: pki.caCert });
    assert.equal(await getHttp2(session, '/y'), 'HTTP/2.0 GET /y');
    await server.close(); // would take 60 s if idle connections waited for the grace period
    keepAlive.destroy();
    session.destroy();
  });

  it('close() lets an in-flight HTTP/1 request finish, then closes its connection', { timeout: 10_000 }, async () => {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrive = (): void => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const slow = (_req: HttpRequest, res: HttpResponse): void => {
      arrive();
      void released.then(() => res.end('done'));
    };
    const server = await listen({ port: 0, host: '127.0.0.1', pki, handler: slow, shutdownGraceMs: 60_000 });
    const keepAlive = new Agent({ keepAlive: true, ca: pki.caCert });
    const response = new Promise<string>((resolve, reject) => {
      const req = httpsRequest(`${server.url}/slow`, { agent: keepAlive }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });
    await arrived;
    const closed = server.close();
    release();
    assert.equal(await response, 'done');
    await closed;
    keepAlive.destroy();
  });
});
