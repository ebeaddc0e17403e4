import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { describe, it } from 'node:test';
import { generateCa } from './pki/generate.js';
import { mergedData } from './authentication-trust.js';

const now = new Date();
const [a, b, old] = await Promise.all([generateCa(now, 'a'), generateCa(now, 'b'), generateCa(new Date(now.getTime() - 20 * 365 * 86_400_000), 'old')]);
const pem = (cert: string): string => new X509Certificate(cert).toString();
const proxy = { clientCA: b.cert, usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'], allowedNames: [] };

describe('mergedData', () => {
  const cases: { name: string; existing: Record<string, string>; info: Parameters<typeof mergedData>[1]; expected: Record<string, string> }[] = [
    { name: 'client CA only', existing: {}, info: { clientCA: a.cert }, expected: { 'client-ca-file': pem(a.cert) } },
    {
      name: 'with an authenticating proxy: its CA and header names as JSON lists',
      existing: {},
      info: { clientCA: a.cert, requestHeader: proxy },
      expected: {
        'client-ca-file': pem(a.cert),
        'requestheader-username-headers': '["X-Remote-User"]',
        'requestheader-group-headers': '["X-Remote-Group"]',
        'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
        'requestheader-allowed-names': '[]',
        'requestheader-client-ca-file': pem(b.cert),
      },
    },
    {
      name: 'what other replicas wrote is kept, without duplicates or expired authorities',
      existing: { 'client-ca-file': `${pem(old.cert)}${pem(b.cert)}${pem(a.cert)}`, 'requestheader-username-headers': '["X-Other","X-Remote-User"]', 'requestheader-client-ca-file': pem(a.cert) },
      info: { clientCA: a.cert, requestHeader: proxy },
      expected: {
        'client-ca-file': `${pem(b.cert)}${pem(a.cert)}`,
        'requestheader-username-headers': '["X-Other","X-Remote-User"]',
        'requestheader-group-headers': '["X-Remote-Group"]',
        'requestheader-extra-headers-prefix': '["X-Remote-Extra-"]',
        'requestheader-allowed-names': '[]',
        'requestheader-client-ca-file': `${pem(a.cert)}${pem(b.cert)}`,
      },
    },
  ];
  for (const c of cases) it(c.name, () => assert.deepEqual(mergedData(c.existing, c.info, now), c.expected));
});
