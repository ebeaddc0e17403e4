// The TLS settings of kplane's listener (src/server/listener.ts), reused by the baseline servers so that
// the side-by-side figures differ only in what happens after TLS.
import { constants } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecureContextOptions, TlsOptions } from 'node:tls';
import { pkiFileNames } from '../src/server/pki/index.js';

/** kplane's serving certificate, key and CA from `certDir`, with the listener's protocol options. */
export function kplaneTlsOptions(certDir: string): TlsOptions & SecureContextOptions {
  return {
    minVersion: 'TLSv1.2',
    secureOptions: constants.SSL_OP_NO_RENEGOTIATION,
    requestCert: true,
    rejectUnauthorized: false,
    ca: [readFileSync(join(certDir, pkiFileNames.caCert), 'utf8')],
    cert: readFileSync(join(certDir, pkiFileNames.servingCert), 'utf8'),
    key: readFileSync(join(certDir, pkiFileNames.servingKey), 'utf8'),
  };
}
