// Test support for ImagePolicyWebhook: an ImageReview backend over HTTPS on 127.0.0.1 (a free port) with a CA
// of its own, wanting a client certificate from a second CA of its own, as upstream's test server does. It
// records every review with the client certificate's common name, answers as the test says, and writes the
// kubeconfig the plugin reads (the CA as a file beside it, the client pair inline).
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { generateCa, generateClientCertificate, generateServingCertificate } from '../../server/pki/generate.js';
import { servingNamesOf } from '../../server/pki/serving-names.js';

/** One ImageReview as received. */
export interface ReceivedImageReview {
  readonly body: Record<string, unknown>;
  readonly spec: { containers?: { image?: string }[]; annotations?: Record<string, string>; namespace?: string };
  readonly clientCommonName: string;
}

/** The review's status to answer, or an HTTP status code to fail with. */
export type ImagePolicyAnswer = { readonly status: Record<string, unknown> } | { readonly httpStatus: number };

export interface ImagePolicyBackend {
  readonly url: string;
  /** A kubeconfig naming the backend, trusting its CA, presenting the client certificate it wants. */
  readonly kubeconfigPath: string;
  readonly received: ReceivedImageReview[];
  /** How the next reviews are answered. */
  answer: (review: ReceivedImageReview) => ImagePolicyAnswer;
  /** Writes another kubeconfig for the backend, trusting `ca` (another CA: a backend the plugin cannot trust). */
  writeKubeconfig(name: string, ca: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the backend; its kubeconfig and CA file go in `dir`. */
export async function startImagePolicyBackend(dir: string, answer: ImagePolicyBackend['answer']): Promise<ImagePolicyBackend> {
  const now = new Date();
  const [ca, clientCa] = await Promise.all([generateCa(now, 'image-policy-ca'), generateCa(now, 'image-policy-client-ca')]);
  const [serving, client] = await Promise.all([
    generateServingCertificate(ca, servingNamesOf(['127.0.0.1']), now),
    generateClientCertificate(clientCa, { commonName: 'kube-apiserver-image-policy' }, now),
  ]);
  const received: ReceivedImageReview[] = [];
  const backend = { received, answer } as { answer: ImagePolicyBackend['answer'] };
  const server = createServer({ ...serving, ca: clientCa.cert, requestCert: true, rejectUnauthorized: true }, (req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      const review: ReceivedImageReview = {
        body,
        spec: (body['spec'] ?? {}) as ReceivedImageReview['spec'],
        clientCommonName: String((req.socket as TLSSocket).getPeerCertificate().subject.CN),
      };
      received.push(review);
      const answered = backend.answer(review);
      if ('httpStatus' in answered) {
        res.writeHead(answered.httpStatus).end('backend trouble');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ apiVersion: 'imagepolicy.k8s.io/v1alpha1', kind: 'ImageReview', status: answered.status }));
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const url = `https://127.0.0.1:${port}/review`;
  const writeKubeconfig = async (name: string, trusted: string): Promise<string> => {
    await writeFile(join(dir, `${name}-ca.crt`), trusted);
    const path = join(dir, name);
    const base64 = (pem: string) => Buffer.from(pem).toString('base64');
    await writeFile(path, [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: image-policy',
      '  cluster:',
      `    server: ${url}`,
      `    certificate-authority: ${name}-ca.crt`,
      'users:',
      '- name: apiserver',
      '  user:',
      `    client-certificate-data: ${base64(client.cert)}`,
      `    client-key-data: ${base64(client.key)}`,
      'contexts:',
      '- name: default',
      '  context: {cluster: image-policy, user: apiserver}',
      'current-context: default',
      '',
    ].join('\n'));
    return path;
  };
  const close = (): Promise<void> => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  let kubeconfigPath: string;
  try {
    kubeconfigPath = await writeKubeconfig('image-policy.kubeconfig', ca.cert);
  } catch (error) {
    await close();
    throw error;
  }
  return Object.assign(backend, { url, kubeconfigPath, received, writeKubeconfig, close });
}
