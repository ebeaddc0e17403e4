import 'reflect-metadata';
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { fieldErrorMessage } from '../../../../errors/field-errors.js';
import type { CertificateSigningRequest } from '../schemas.generated.js';
import { certificateRequestError, certificateRequestOrganizations } from './pem.js';
import { validateCertificateSigningRequest, validateCertificateSigningRequestUpdate } from './validation.js';

x509.cryptoProvider.set(webcrypto);
let request = '';

before(async () => {
  const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: 'CN=jane, O=dev, O=system:masters', keys, signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' } });
  request = Buffer.from(csr.toString('pem')).toString('base64');
});

const csr = (spec: Partial<CertificateSigningRequest['spec']> = {}, status?: CertificateSigningRequest['status']): CertificateSigningRequest => ({
  metadata: { name: 'jane', resourceVersion: '1' },
  spec: { request, signerName: 'example.com/signer', usages: ['client auth'], ...spec },
  ...(status ? { status } : {}),
});
const messages = (errors: ReturnType<typeof validateCertificateSigningRequest>): string[] => errors.map(fieldErrorMessage);

test('a request parses, its signature verifies, and its organizations are read', () => {
  const pem = Buffer.from(request, 'base64');
  assert.equal(certificateRequestError(pem), undefined);
  assert.deepEqual(certificateRequestOrganizations(pem), ['dev', 'system:masters']);
  // A changed byte in the signed part breaks the signature.
  const der = Buffer.from(pem.toString().replace(/-----[^-]+-----|\s/g, ''), 'base64');
  der[40] = (der[40] ?? 0) ^ 1;
  const tampered = Buffer.from(`-----BEGIN CERTIFICATE REQUEST-----\n${der.toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`);
  assert.match(certificateRequestError(tampered) ?? '', /verification failure|asn1/);
  assert.equal(certificateRequestError(Buffer.from('hello')), 'PEM block type must be CERTIFICATE REQUEST');
});

test('ValidateCertificateSigningRequestCreate: table of cases with upstream messages', () => {
  const cases: Array<[string, CertificateSigningRequest, string[]]> = [
    ['valid', csr(), []],
    ['no usages', csr({ usages: [] }), ['spec.usages: Required value']],
    ['unknown and duplicate usages', csr({ usages: ['client auth', 'flying', 'client auth'] }),
      [`spec.usages[1]: Unsupported value: "flying": supported values: ${['any', 'cert sign', 'client auth', 'code signing', 'content commitment', 'crl sign', 'data encipherment', 'decipher only', 'digital signature', 'email protection', 'encipher only', 'ipsec end system', 'ipsec tunnel', 'ipsec user', 'key agreement', 'key encipherment', 'microsoft sgc', 'netscape sgc', 'ocsp signing', 's/mime', 'server auth', 'signing', 'timestamping'].map((u) => JSON.stringify(u)).join(', ')}`,
        'spec.usages[2]: Duplicate value: "client auth"']],
    ['the legacy signer', csr({ signerName: 'kubernetes.io/legacy-unknown' }), ['spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version']],
    ['no signer', csr({ signerName: '' }), ['spec.signerName: Required value']],
    ['a signer without a path', csr({ signerName: 'example.com' }), ['spec.signerName: Invalid value: "example.com": must be a fully qualified domain and path of the form \'example.com/signer-name\'']],
    ['a one-label domain', csr({ signerName: 'example/signer' }), ['spec.signerName: Invalid value: "example": should be a domain with at least two segments separated by dots']],
    ['too short a duration', csr({ expirationSeconds: 599 }), ['spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)']],
    ['not a request', csr({ request: Buffer.from('\n').toString('base64') }), ['spec.request: Invalid value: []byte{0xa}: PEM block type must be CERTIFICATE REQUEST']],
    ['conditions', csr({}, { conditions: [{ type: 'Approved', status: 'False' }, { type: 'Denied', status: 'True' }, { type: 'Denied', status: 'True' }, { type: '', status: '' }] }), [
      'status.conditions[0].status: Unsupported value: "False": supported values: "Approved", "Denied", "Failed"',
      'status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
      'status.conditions[2].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
      'status.conditions[2].type: Duplicate value: "Denied"',
      'status.conditions[3].type: Required value',
      'status.conditions[3].status: Required value',
    ]],
    ['a certificate that is no PEM', csr({}, { certificate: Buffer.from('nope').toString('base64') }), ['status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block']],
  ];
  for (const [name, object, expected] of cases) assert.deepEqual(messages(validateCertificateSigningRequest(object)), expected, name);
});

test('updates: the main resource and status may not approve; approval may not set the certificate', () => {
  const approved = csr({}, { conditions: [{ type: 'Approved', status: 'True', lastUpdateTime: '2026-01-01T00:00:00Z', lastTransitionTime: '2026-01-01T00:00:00Z' }] });
  assert.deepEqual(messages(validateCertificateSigningRequestUpdate(approved, csr())), ['status.conditions: Forbidden: updates may not add a condition of type "Approved"']);
  assert.deepEqual(messages(validateCertificateSigningRequestUpdate(approved, csr(), 'approval')), []);
  assert.deepEqual(messages(validateCertificateSigningRequestUpdate(csr(), approved, 'approval')), ['status.conditions: Forbidden: updates may not remove a condition of type "Approved"']);
  const issued = csr({}, { certificate: Buffer.from('x').toString('base64') });
  assert.ok(messages(validateCertificateSigningRequestUpdate(issued, csr(), 'approval')).includes('status.certificate: Forbidden: updates may not set certificate content'));
});
