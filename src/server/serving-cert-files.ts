// `--tls-cert-file` and `--tls-private-key-file` (upstream SecureServingOptions.ServerCert.CertKey): the
// serving certificate (with its chain after it) and key come from files instead of the generated PKI, and
// are served again whenever the files change, as upstream's DynamicServingCertificateController does
// (a watch on the files' directories, and a look every minute in case a change was missed). A pair that
// does not load at start stops the server; a bad pair written later is refused and the last good one kept.
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createSecureContext } from 'node:tls';
import { errorMessage } from '../errors/error-message.js';

export interface ServingCertFiles {
  readonly certFile: string;
  readonly keyFile: string;
}

export interface ServingPair {
  readonly cert: string;
  readonly key: string;
}

/** How often the files are read even without a change event (upstream's resync period). */
const RESYNC_MS = 60_000;

/** Reads the pair and checks that the key matches the certificate (TLS would refuse it otherwise). */
export async function loadServingPair(files: ServingCertFiles): Promise<ServingPair> {
  const [cert, key] = await Promise.all([readFile(files.certFile, 'utf8'), readFile(files.keyFile, 'utf8')]);
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`${files.certFile}: no PEM certificate found`);
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    throw new Error(`${files.certFile}, ${files.keyFile}: ${errorMessage(error)}`);
  }
  return { cert, key };
}

/**
 * Calls `onChange` with each new valid pair the files hold; `onError` with why a changed pair was refused.
 * Returns the stop function.
 */
export function watchServingPair(files: ServingCertFiles, current: ServingPair, onChange: (pair: ServingPair) => void, onError: (error: Error) => void): () => void {
  let last = current;
  let checking = false;
  let again = false;
  const check = async (): Promise<void> => {
    // An event during a check (the key written while the certificate was read) is looked at after it.
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      const pair = await loadServingPair(files);
      if (pair.cert !== last.cert || pair.key !== last.key) {
        last = pair;
        onChange(pair);
      }
    } catch (error) {
      // A half-written pair (the certificate updated, the key not yet) settles at the next event.
      onError(error instanceof Error ? error : new Error(String(error)));
    } finally {
      checking = false;
      if (again) {
        again = false;
        void check();
      }
    }
  };
  const watchers: FSWatcher[] = [...new Set([dirname(files.certFile), dirname(files.keyFile)])].map((directory) =>
    watch(directory, { persistent: false }, () => void check()));
  const timer = setInterval(() => void check(), RESYNC_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    for (const watcher of watchers) watcher.close();
  };
}
