// The loopback: how the server's own controllers reach its API. A plain HTTP/1.1 listener on a Unix domain
// socket in a private (0700) temporary directory runs the same filter chain as the HTTPS port, and each
// identity gets a loopback token (auth/authenticators/loopback-tokens.ts), so the controllers' requests
// are authenticated, authorized and admitted as any client's. Upstream's controllers use a loopback
// client (kube-apiserver's own) or service-account credentials (kube-controller-manager's, with
// --use-service-account-credentials) over the secure port; kplane's controllers live in the server
// process, so their connection never leaves it: no TLS to pay for, nothing listening on the network.
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoopbackTokens } from '../auth/authenticators/loopback-tokens.js';
import type { UserInfo } from '../auth/user-info.js';
import { ClientSet } from '../client/client-set.js';
import { loopbackTransport } from '../client/transport.js';
import { markLoopbackRequest } from '../endpoints/loopback-requests.js';
import type { HttpHandler } from './http-types.js';

export interface Loopback {
  /** Serves `handler` (the server's filter chain, built after the loopback's clients are handed out). */
  serve(handler: HttpHandler): void;
  /** The clients of `user`, sending `userAgent` (which names the field manager of their writes). */
  clients(user: UserInfo, userAgent: string): ClientSet;
  /** Closes the listener and every connection (watches included), and removes the socket. */
  close(): Promise<void>;
}

export async function startLoopback(tokens: LoopbackTokens): Promise<Loopback> {
  // A socket path is limited to ~107 bytes: a short temporary directory, not the data directory.
  const directory = await mkdtemp(join(tmpdir(), 'kplane-loopback-'));
  const socketPath = join(directory, 'apiserver.sock');
  let serving: HttpHandler | undefined;
  const server = createServer((req, res) => {
    markLoopbackRequest(req);
    if (serving) return serving(req, res);
    res.writeHead(503, { 'content-type': 'text/plain' }).end('the server is starting');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // Only the server's own clients dial it: it never keeps the process alive by itself (a start that fails
  // after it opened leaves nothing running), and its directory goes with the process at the latest.
  server.unref();
  const removeAtExit = (): void => rmSync(directory, { recursive: true, force: true });
  process.once('exit', removeAtExit);
  const made: ClientSet[] = [];
  return {
    serve(handler) {
      serving = handler;
    },
    clients(user, userAgent) {
      const clients = new ClientSet(loopbackTransport(socketPath, tokens.issue(user), userAgent));
      made.push(clients);
      return clients;
    },
    async close() {
      for (const clients of made) clients.close();
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      process.off('exit', removeAtExit);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
