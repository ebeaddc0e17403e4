// Test support: a raw watch over HTTPS/1.1 with the admin client certificate, kept open until the server
// ends it, telling a clean end of the chunked body apart from a connection cut in the middle of it.
import { request as httpsRequest } from 'node:https';
import YAML from 'yaml';

export interface WatchFrame {
  type: string;
  object: { metadata: { name: string; resourceVersion: string } };
}

export interface OpenedWatch {
  /** The events so far. */
  readonly events: WatchFrame[];
  /** The same events as the server wrote them, a line each. */
  readonly lines: string[];
  /** How the stream ended: `complete` when its chunked body was terminated, an error code when it was cut. */
  readonly ended: Promise<{ complete: true } | { error: string }>;
  close(): void;
}

interface Kubeconfig {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { user: { 'client-certificate-data': string; 'client-key-data': string } }[];
}

/** `accept`: the Accept header (JSON when not given), e.g. a PartialObjectMetadata watch's. */
export function openWatch(kubeconfig: string, path: string, accept?: string): OpenedWatch {
  const config = YAML.parse(kubeconfig) as Kubeconfig;
  const decode = (b64: string | undefined) => Buffer.from(b64 ?? '', 'base64').toString('utf8');
  const events: WatchFrame[] = [];
  const frames: string[] = [];
  let settle: (outcome: { complete: true } | { error: string }) => void = () => undefined;
  const ended = new Promise<{ complete: true } | { error: string }>((resolve) => (settle = resolve));
  const req = httpsRequest(new URL(path, config.clusters[0]?.cluster.server), {
    ca: decode(config.clusters[0]?.cluster['certificate-authority-data']),
    cert: decode(config.users[0]?.user['client-certificate-data']),
    key: decode(config.users[0]?.user['client-key-data']),
    agent: false,
    ...(accept === undefined ? {} : { headers: { accept } }),
  }, (res) => {
    let partial = '';
    res.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        frames.push(line);
        events.push(JSON.parse(line) as WatchFrame);
      }
    });
    res.on('end', () => settle(res.complete ? { complete: true } : { error: 'incomplete' }));
    res.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
  });
  req.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
  req.end();
  return { events, lines: frames, ended, close: () => req.destroy() };
}
