// When the csrcleaner deletes a request (upstream cleaner_test.go's cases, as deadlines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CertificateSigningRequest, CertificateSigningRequestCondition as Condition } from '../../apis/certificates/v1/schemas.generated.js';
import { cleanupDeadline } from './csr-cleaner.js';

const CREATED = '2030-01-01T00:00:00Z';
const T = Date.parse(CREATED);
const HOUR = 3_600_000;
const csr = (conditions?: Condition[], certificate?: string): CertificateSigningRequest => ({
  apiVersion: 'certificates.k8s.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'r', creationTimestamp: CREATED },
  spec: { request: '', signerName: 'example.com/s' }, status: { ...(conditions ? { conditions } : {}), ...(certificate ? { certificate } : {}) },
});
const at = (type: string, lastUpdateTime?: string): Condition => ({ type, status: 'True', ...(lastUpdateTime ? { lastUpdateTime } : {}) });
const LATER = '2030-01-01T05:00:00Z';
const L = Date.parse(LATER);

test('cleanupDeadline', () => {
  const cases: [string, CertificateSigningRequest, number | undefined][] = [
    ['pending: 24 hours after creation', csr(), T + 24 * HOUR],
    ['pending with empty conditions', csr([]), T + 24 * HOUR],
    ['denied: an hour after its last update', csr([at('Denied', LATER)]), L + HOUR],
    ['failed: an hour after its last update', csr([at('Approved', CREATED), at('Failed', LATER)]), L + HOUR],
    ['approved, not issued: kept', csr([at('Approved', LATER)]), undefined],
    ['approved and issued: an hour after approval', csr([at('Approved', LATER)], Buffer.from('not a pem').toString('base64')), L + HOUR],
    ['a condition without lastUpdateTime never expires', csr([at('Denied')]), undefined],
  ];
  for (const [name, request, expected] of cases) assert.equal(cleanupDeadline(request), expected, name);
});
