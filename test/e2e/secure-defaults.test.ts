// Secure defaults of the secure port and the data directory: TLS versions and cipher suites as
// --tls-min-version and --tls-cipher-suites set them, and the modes of the files kplane keeps.
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import { connect, type ConnectionOptions } from 'node:tls';
import { startServer, type RunningServer, type ServerOptions } from '../../src/index.js';

const root = await mkdtemp(join(tmpdir(), 'kplane-secure-defaults-'));
after(() => rm(root, { recursive: true, force: true }));

type Handshake = { protocol: string | null; suite: string } | { error: string };

/**
 * A TLS handshake with the server. The client itself allows every version down to TLS 1.0 (OpenSSL
 * security level 0), so that a refusal comes from the server's settings, not from the client's.
 */
function handshake(server: RunningServer, options: ConnectionOptions): Promise<Handshake> {
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1', port: server.port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'],
      minVersion: 'TLSv1', ciphers: 'DEFAULT:@SECLEVEL=0', ...options,
    }, () => {
      resolve({ protocol: socket.getProtocol(), suite: socket.getCipher().standardName });
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

const refused = (result: Handshake): boolean => 'error' in result;

async function serve(options: ServerOptions): Promise<RunningServer> {
  const server = await startServer({ storage: 'memory', securePort: 0, ...options });
  after(() => server.stop());
  return server;
}

describe('--tls-min-version', () => {
  it('defaults to TLS 1.2: TLS 1.0 and 1.1 clients are refused, 1.2 and 1.3 served', async () => {
    const server = await serve({});
    assert.ok(refused(await handshake(server, { maxVersion: 'TLSv1' })));
    assert.ok(refused(await handshake(server, { maxVersion: 'TLSv1.1' })));
    assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1.2' }), { protocol: 'TLSv1.2', suite: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256' });
    assert.deepEqual(await handshake(server, {}), { protocol: 'TLSv1.3', suite: 'TLS_AES_128_GCM_SHA256' });
  });

  it('VersionTLS13 refuses TLS 1.2 clients', async () => {
    const server = await serve({ tlsMinVersion: 'VersionTLS13' });
    assert.ok(refused(await handshake(server, { maxVersion: 'TLSv1.2' })));
    assert.equal((await handshake(server, { minVersion: 'TLSv1.3' }) as { protocol: string }).protocol, 'TLSv1.3');
  });

  it('VersionTLS10 serves TLS 1.0 and 1.1 clients, as Go does when asked to', async () => {
    const server = await serve({ tlsMinVersion: 'VersionTLS10' });
    assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1' }), { protocol: 'TLSv1', suite: 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA' });
    assert.equal((await handshake(server, { maxVersion: 'TLSv1.1' }) as { protocol: string }).protocol, 'TLSv1.1');
  });

  it('an unknown version stops the start with upstream\'s message', async () => {
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, tlsMinVersion: 'TLS1.3' }), { message: 'unknown tls version "TLS1.3"' });
  });
});

describe('--tls-cipher-suites', () => {
  it("serves Go's default suites by their IANA names, and no others", async () => {
    const server = await serve({});
    // The server's key is ECDSA: each ECDSA suite of Go's default list, offered alone by a TLS 1.2 client.
    const expected: [string, string][] = [
      ['ECDHE-ECDSA-AES128-GCM-SHA256', 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'],
      ['ECDHE-ECDSA-AES256-GCM-SHA384', 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384'],
      ['ECDHE-ECDSA-CHACHA20-POLY1305', 'TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256'],
      ['ECDHE-ECDSA-AES128-SHA', 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA'],
      ['ECDHE-ECDSA-AES256-SHA', 'TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA'],
    ];
    for (const [openssl, iana] of expected) {
      assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1.2', ciphers: openssl }), { protocol: 'TLSv1.2', suite: iana }, openssl);
    }
    // Node's own default list has these; Go's (and so kplane's) does not.
    for (const openssl of ['ECDHE-ECDSA-AES256-SHA384', 'ECDHE-ECDSA-AES128-SHA256']) {
      assert.ok(refused(await handshake(server, { maxVersion: 'TLSv1.2', ciphers: openssl })), openssl);
    }
  });

  it('restricts TLS 1.2 to the listed suites, chosen in Go\'s order; TLS 1.3 suites stay as Go keeps them', async () => {
    const server = await serve({ tlsCipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA', 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384'] });
    assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1.2' }), { protocol: 'TLSv1.2', suite: 'TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384' });
    assert.ok(refused(await handshake(server, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-GCM-SHA256' })));
    assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES256-SHA' }), { protocol: 'TLSv1.2', suite: 'TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA' });
    assert.deepEqual(await handshake(server, { ciphers: 'TLS_CHACHA20_POLY1305_SHA256' }), { protocol: 'TLSv1.3', suite: 'TLS_CHACHA20_POLY1305_SHA256' });
  });

  it('serves an insecure suite when listed, with a warning', async () => {
    const warn = mock.method(console, 'warn', () => undefined);
    let server: RunningServer;
    try {
      server = await serve({ tlsCipherSuites: ['TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256'] });
    } finally {
      warn.mock.restore();
    }
    assert.deepEqual(warn.mock.calls.map((call) => call.arguments[0]), ['kplane: use of insecure cipher suite TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256 (--tls-cipher-suites)']);
    assert.deepEqual(await handshake(server, { maxVersion: 'TLSv1.2' }), { protocol: 'TLSv1.2', suite: 'TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256' });
  });

  it("an unknown suite stops the start with upstream's message", async () => {
    await assert.rejects(startServer({ storage: 'memory', securePort: 0, tlsCipherSuites: ['ECDHE-ECDSA-AES128-GCM-SHA256'] }),
      { message: "Cipher suite ECDHE-ECDSA-AES128-GCM-SHA256 not supported or doesn't exist" });
  });
});

describe('file modes', () => {
  const dataDir = join(root, 'data');
  const certDir = join(root, 'certs');
  const privateFiles = [
    // No -shm: the database is opened in exclusive locking mode, which keeps the WAL index in memory.
    join(dataDir, 'kplane.db'), join(dataDir, 'kplane.db-wal'), join(dataDir, 'admin.kubeconfig'),
    join(certDir, 'ca.key'), join(certDir, 'apiserver.key'), join(certDir, 'admin.key'),
  ];
  const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;
  let first: RunningServer | undefined;
  before(async () => {
    first = await startServer({ storage: 'sqlite', dataDir, certDir, securePort: 0 });
    const client = await first.client();
    const created = await client.request('POST', '/api/v1/namespaces/default/configmaps',
      { body: JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'canary' }, data: { a: 'b' } }) });
    client.close();
    assert.equal(created.status, 201, created.body);
  });
  after(() => first?.stop());

  it('creates the data and certificate directories 0700, the database (and its -wal), keys and kubeconfig 0600', async () => {
    assert.equal(await modeOf(dataDir), 0o700);
    assert.equal(await modeOf(certDir), 0o700);
    for (const path of privateFiles) assert.equal(await modeOf(path), 0o600, path);
    for (const name of ['ca.crt', 'apiserver.crt', 'admin.crt']) assert.equal(await modeOf(join(certDir, name)), 0o644, name);
  });

  it('tightens loose files of an existing data directory at start, and warns about a loose directory', async () => {
    await first?.stop();
    first = undefined;
    for (const path of privateFiles) await chmod(path, 0o644).catch(() => undefined); // the -wal may be gone after a clean close
    await chmod(dataDir, 0o755);
    const warn = mock.method(console, 'warn', () => undefined);
    let server: RunningServer;
    try {
      server = await startServer({ storage: 'sqlite', dataDir, certDir, securePort: 0 });
    } finally {
      warn.mock.restore();
    }
    after(() => server.stop());
    const messages = warn.mock.calls.map((call) => String(call.arguments[0]));
    assert.ok(messages.some((m) => m.startsWith(`kplane: directory ${JSON.stringify(dataDir)} exist, but the permission is "drwxr-xr-x"`)), messages.join('\n'));
    for (const name of ['kplane.db', 'ca.key', 'apiserver.key', 'admin.key']) {
      assert.ok(messages.some((m) => m.includes(`/${name}" had permission "-rw-r--r--"; changed to "-rw-------"`)), `${name} in ${messages.join('\n')}`);
    }
    assert.equal(await modeOf(dataDir), 0o755, "the operator's directory keeps its mode");
    for (const path of privateFiles) assert.equal(await modeOf(path), 0o600, path);
    const client = await server.client();
    const canary = await client.request('GET', '/api/v1/namespaces/default/configmaps/canary');
    client.close();
    assert.deepEqual((canary.json() as { data?: Record<string, string> }).data, { a: 'b' });
  });
});
