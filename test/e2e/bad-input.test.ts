// Bad input over raw HTTPS: every rejection is upstream's status code and Status body (kind, reason,
// message, details.causes), the server keeps serving, and nothing stored changes (1-conventions:
// errors and Status; upstream's request handlers where the spec is silent).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startCluster, type TestCluster } from './support/cluster.js';
import { rawClient, type RawClient, type RawResponse } from './support/raw-client.js';

interface Cause {
  reason?: string;
  message?: string;
  field?: string;
}
interface Status {
  kind: string;
  apiVersion: string;
  status: string;
  message: string;
  reason: string;
  code: number;
  details?: { name?: string; group?: string; kind?: string; causes?: Cause[]; retryAfterSeconds?: number };
}
interface Obj {
  metadata: { name: string; resourceVersion: string; finalizers?: string[]; deletionTimestamp?: string };
  status?: { phase?: string };
}
interface ObjList {
  metadata: { resourceVersion: string; continue?: string };
  items: Obj[];
}

const NS = 'bad';
const CM = `/api/v1/namespaces/${NS}/configmaps`;
const SECRETS = `/api/v1/namespaces/${NS}/secrets`;
const json = (value: unknown) => JSON.stringify(value);
const configMap = (metadata: Record<string, unknown>, rest: Record<string, unknown> = {}) => json({ apiVersion: 'v1', kind: 'ConfigMap', metadata, ...rest });

/** Asserts an error response: HTTP status, a v1 Status of Failure with the same code, the reason. */
function expectStatus(res: RawResponse, code: number, reason: string, message?: RegExp): Status {
  assert.equal(res.status, code, `status ${res.status}: ${res.body}`);
  const status = res.json() as Status;
  assert.equal(status.kind, 'Status');
  assert.equal(status.apiVersion, 'v1');
  assert.equal(status.status, 'Failure');
  assert.equal(status.code, code);
  assert.equal(status.reason, reason);
  if (message) assert.match(status.message, message);
  return status;
}

function expectCauses(status: Status, expected: readonly Cause[]): void {
  const causes = status.details?.causes ?? [];
  for (const want of expected) {
    const found = causes.find((c) => c.field === want.field && (want.reason === undefined || c.reason === want.reason));
    assert.ok(found, `cause ${JSON.stringify(want)} in ${JSON.stringify(causes)}`);
    if (want.message !== undefined) assert.ok(found.message?.includes(want.message), `${found.message} includes ${want.message}`);
  }
  assert.equal(causes.length, expected.length, JSON.stringify(causes));
}

interface Case {
  title: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  accept?: string;
  anonymous?: boolean;
  headers?: Record<string, string>;
  code: number;
  reason: string;
  message?: RegExp;
  details?: { name?: string; kind?: string; group?: string };
  causes?: Cause[];
}

const longName = 'a'.repeat(254);
const oneMiBPlus = Buffer.alloc(1024 * 1024 + 1, 120).toString('base64');

const CASES: Case[] = [
  // Bodies that cannot be decoded into the kind of the URL: 400.
  {
    title: 'malformed JSON (cut short)', method: 'POST', path: CM, body: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"broken"', code: 400, reason: 'BadRequest',
    message: /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: unexpected end of JSON input \(\{"apiVersion":"v1","kind":"Con ...\)$/,
  },
  // Nesting past Go's 10,000 levels, in every body that is decoded: refused at the boundary, never a 500.
  {
    title: 'a body nested 20,000 deep', method: 'POST', path: CM, body: `{"metadata":{"name":"deep"},"data":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    code: 400, reason: 'BadRequest', message: /json parse error: invalid character '\[' exceeded max depth \(/,
  },
  {
    title: 'a merge patch nested 20,000 deep', method: 'PATCH', path: `${CM}/anchor`, contentType: 'application/merge-patch+json',
    body: `{"metadata":{"annotations":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}}`, code: 400, reason: 'BadRequest', message: /^error decoding patch: invalid character '\{' exceeded max depth$/,
  },
  {
    title: 'an apply nested 20,000 deep', method: 'PATCH', path: `${CM}/anchor?fieldManager=deep`, contentType: 'application/apply-patch+yaml',
    body: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"anchor","labels":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}}`, code: 400, reason: 'BadRequest',
  },
  {
    title: 'malformed JSON (a bare word)', method: 'POST', path: CM, body: '{"metadata":{"name":broken}}', code: 400, reason: 'BadRequest',
    message: /json parse error: invalid character 'b' looking for beginning of value \(/,
  },
  { title: 'a JSON array instead of an object', method: 'POST', path: CM, body: '[]', code: 400, reason: 'BadRequest' },
  {
    title: 'a Secret POSTed to configmaps',
    method: 'POST', path: CM, body: json({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'wrong-kind' } }),
    code: 400, reason: 'BadRequest', message: /^Secret in version "v1" cannot be handled as a ConfigMap/,
  },
  { title: 'an apiVersion other than the URL’s', method: 'POST', path: CM, body: json({ apiVersion: 'apps/v1', kind: 'ConfigMap', metadata: { name: 'wrong-version' } }), code: 400, reason: 'BadRequest' },
  {
    title: 'a field of the wrong type',
    method: 'POST', path: CM, body: configMap({ name: 'typed' }, { data: { a: 1 } }),
    code: 400, reason: 'BadRequest', message: /cannot unmarshal number into Go struct field ConfigMap\.data of type string/,
  },
  {
    title: 'PUT whose body names another object than the URL',
    method: 'PUT', path: `${CM}/anchor`, body: configMap({ name: 'other' }, { data: { a: 'x' } }),
    code: 400, reason: 'BadRequest', message: /^the name of the object \(other\) does not match the name on the URL \(anchor\)$/,
  },
  {
    title: 'PUT whose body names no object',
    method: 'PUT', path: `${CM}/anchor`, body: configMap({}, { data: { a: 'x' } }),
    code: 400, reason: 'BadRequest', message: /^the name of the object \(anchor based on URL\) was undeterminable: name must be provided$/,
  },
  {
    title: 'PUT whose body names another namespace than the URL',
    method: 'PUT', path: `${CM}/anchor`, body: configMap({ name: 'anchor', namespace: 'default' }, { data: { a: 'x' } }),
    code: 400, reason: 'BadRequest', message: new RegExp(`^the namespace of the object \\(default\\) does not match the namespace on the URL \\(${NS}\\)$`),
  },
  {
    title: 'a body namespace other than the URL’s',
    method: 'POST', path: CM, body: configMap({ name: 'elsewhere', namespace: 'default' }),
    code: 400, reason: 'BadRequest', message: /^the namespace of the provided object does not match the namespace sent on the request$/,
  },
  // Objects that decode but fail validation: 422 Invalid with the offending fields.
  ...(
    [
      ['an invalid name', { name: 'Bad_Name' }, 'Bad_Name', 'metadata.name', 'FieldValueInvalid', 'a lowercase RFC 1123 subdomain'],
      ['a name over 253 characters', { name: longName }, longName, 'metadata.name', 'FieldValueInvalid', 'must be no more than 253 characters'],
      ['no name and no generateName', {}, '', 'metadata.name', 'FieldValueRequired', 'name or generateName is required'],
      ['an invalid label key', { name: 'labelled', labels: { 'bad key': 'v' } }, 'labelled', 'metadata.labels', 'FieldValueInvalid', 'name part must consist of alphanumeric characters'],
      ['an invalid label value', { name: 'labelled', labels: { ok: 'not valid!' } }, 'labelled', 'metadata.labels', 'FieldValueInvalid', 'a valid label must be an empty string or consist of alphanumeric'],
      ['a label value over 63 characters', { name: 'labelled', labels: { ok: 'v'.repeat(64) } }, 'labelled', 'metadata.labels', 'FieldValueInvalid', 'must be no more than 63 characters'],
    ] as const
  ).map(([title, metadata, name, field, reason, message]): Case => ({
    title, method: 'POST', path: CM, body: configMap(metadata),
    code: 422, reason: 'Invalid', message: new RegExp(`^ConfigMap "${name}" is invalid: ${field.replace('.', '\\.')}: `),
    details: { name, kind: 'ConfigMap', group: '' }, causes: [{ field, reason, message }],
  })),
  {
    title: 'an invalid ConfigMap data key',
    method: 'POST', path: CM, body: configMap({ name: 'keys' }, { data: { 'bad key': 'x' } }),
    code: 422, reason: 'Invalid', causes: [{ field: 'data[bad key]', reason: 'FieldValueInvalid' }],
  },
  {
    title: 'a Secret over 1 MiB',
    method: 'POST', path: SECRETS, body: json({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'huge' }, data: { big: oneMiBPlus } }),
    code: 422, reason: 'Invalid', details: { name: 'huge', kind: 'Secret' }, causes: [{ field: 'data', reason: 'FieldValueTooLong', message: 'must have at most 1048576 bytes' }],
  },
  {
    title: 'changing the data of an immutable ConfigMap',
    method: 'PUT', path: `${CM}/frozen`, body: configMap({ name: 'frozen' }, { immutable: true, data: { a: 'changed' } }),
    code: 422, reason: 'Invalid', details: { name: 'frozen', kind: 'ConfigMap' }, causes: [{ field: 'data', reason: 'FieldValueForbidden', message: 'field is immutable when `immutable` is set' }],
  },
  { title: 'a body over 3 MiB', method: 'POST', path: CM, body: configMap({ name: 'big' }, { data: { a: 'x'.repeat(3 * 1024 * 1024) } }), code: 413, reason: 'RequestEntityTooLarge', message: /limit is 3145728/ },
  // Conflicts with what is stored: 409.
  { title: 'a duplicate create', method: 'POST', path: CM, body: configMap({ name: 'anchor' }), code: 409, reason: 'AlreadyExists', message: /^configmaps "anchor" already exists$/, details: { name: 'anchor', kind: 'configmaps' } },
  {
    title: 'PUT with a stale resourceVersion',
    method: 'PUT', path: `${CM}/anchor`, body: configMap({ name: 'anchor', resourceVersion: '1' }, { data: { a: 'stale' } }),
    code: 409, reason: 'Conflict', message: /^Operation cannot be fulfilled on configmaps "anchor": the object has been modified; please apply your changes to the latest version and try again$/,
  },
  // Query parameters: unparseable values 400, invalid options 422.
  { title: 'limit=abc', method: 'GET', path: `${CM}?limit=abc`, code: 400, reason: 'BadRequest', message: /"abc"/ },
  {
    title: 'resourceVersionMatch=Exact without resourceVersion',
    method: 'GET', path: `${CM}?resourceVersionMatch=Exact`,
    code: 422, reason: 'Invalid', details: { kind: 'ListOptions', group: 'meta.k8s.io' }, causes: [{ field: 'resourceVersionMatch', reason: 'FieldValueForbidden' }],
  },
  {
    title: 'resourceVersionMatch on a watch',
    method: 'GET', path: `${CM}?watch=1&resourceVersion=1&resourceVersionMatch=NotOlderThan`,
    code: 422, reason: 'Invalid', details: { kind: 'ListOptions', group: 'meta.k8s.io' },
    causes: [{ field: 'resourceVersionMatch', reason: 'FieldValueForbidden', message: 'resourceVersionMatch is forbidden for watch' }],
  },
  { title: 'continue=garbage', method: 'GET', path: `${CM}?continue=garbage`, code: 400, reason: 'BadRequest', message: /^invalid continue token/ },
  { title: 'an unparseable labelSelector', method: 'GET', path: `${CM}?labelSelector=${encodeURIComponent('a in (')}`, code: 400, reason: 'BadRequest' },
  { title: 'an unsupported fieldSelector on configmaps', method: 'GET', path: `${CM}?fieldSelector=foo%3Dbar`, code: 400, reason: 'BadRequest', message: /"foo"/ },
  {
    title: 'dryRun=Foo',
    method: 'POST', path: `${CM}?dryRun=Foo`, body: configMap({ name: 'dry' }),
    code: 422, reason: 'Invalid', details: { kind: 'CreateOptions', group: 'meta.k8s.io' }, causes: [{ field: 'dryRun', reason: 'FieldValueNotSupported' }],
  },
  {
    // Upstream validates CreateOptions.fieldValidation like dryRun (ValidateFieldValidation): 422 NotSupported.
    title: 'fieldValidation=Nope',
    method: 'POST', path: `${CM}?fieldValidation=Nope`, body: configMap({ name: 'validated' }),
    code: 422, reason: 'Invalid', details: { kind: 'CreateOptions', group: 'meta.k8s.io' },
    causes: [{ field: 'fieldValidation', reason: 'FieldValueNotSupported', message: 'Unsupported value: "Nope"' }],
  },
  {
    title: 'propagationPolicy=Sideways on delete',
    method: 'DELETE', path: `${CM}/anchor?propagationPolicy=Sideways`,
    code: 422, reason: 'Invalid', details: { kind: 'DeleteOptions', group: 'meta.k8s.io' }, causes: [{ field: 'propagationPolicy', reason: 'FieldValueNotSupported' }],
  },
  // Protocol: media types, credentials, routes.
  { title: 'Accept: application/xml', method: 'GET', path: `${CM}/anchor`, accept: 'application/xml', code: 406, reason: 'NotAcceptable' },
  { title: 'a text/plain patch', method: 'PATCH', path: `${CM}/anchor`, body: 'data: {}', contentType: 'text/plain', code: 415, reason: 'UnsupportedMediaType' },
  // Anonymous requests are authorized as system:anonymous: the default policy gives it no configmaps.
  {
    title: 'no credentials', method: 'GET', path: `${CM}/anchor`, anonymous: true, code: 403, reason: 'Forbidden',
    message: new RegExp(`^configmaps "anchor" is forbidden: User "system:anonymous" cannot get resource "configmaps" in API group "" in the namespace "${NS}"$`),
  },
  { title: 'an unknown bearer token', method: 'GET', path: `${CM}/anchor`, anonymous: true, headers: { authorization: 'Bearer not-a-token' }, code: 401, reason: 'Unauthorized', message: /^Unauthorized$/ },
  { title: 'POST to an item path', method: 'POST', path: `${CM}/anchor`, body: configMap({ name: 'anchor' }), code: 405, reason: 'MethodNotAllowed' },
  { title: 'a cluster-scoped list under a namespace', method: 'GET', path: `/api/v1/namespaces/${NS}/namespaces`, code: 404, reason: 'NotFound', message: /^the server could not find the requested resource$/ },
  { title: 'a cluster-scoped create under a namespace', method: 'POST', path: `/api/v1/namespaces/${NS}/nodes`, body: '{"metadata":{"name":"n1"}}', code: 404, reason: 'NotFound' },
  { title: 'an unknown resource', method: 'GET', path: `/api/v1/namespaces/${NS}/widgets`, code: 404, reason: 'NotFound', message: /^the server could not find the requested resource$/ },
  {
    title: 'creating in a missing namespace',
    method: 'POST', path: '/api/v1/namespaces/missing/configmaps', body: configMap({ name: 'orphan' }),
    code: 404, reason: 'NotFound', message: /^namespaces "missing" not found$/, details: { name: 'missing', kind: 'namespaces' },
  },
];

describe('bad input over raw HTTPS', () => {
  let c: TestCluster;
  let client: RawClient;
  let baseline: string;
  let nsRevision = '';
  const stored = async (): Promise<string> => {
    const snapshot: string[] = [];
    for (const path of [CM, SECRETS, '/api/v1/namespaces']) {
      const res = await client.request('GET', path);
      assert.equal(res.status, 200, `GET ${path} after the bad request: ${res.body}`);
      snapshot.push(...(res.json() as ObjList).items.map((o) => `${path} ${o.metadata.name}@${o.metadata.resourceVersion}`));
    }
    return snapshot.join('\n');
  };
  before(async () => {
    c = await startCluster();
    client = rawClient(c.server.kubeconfig);
    const setup: [string, string][] = [
      ['/api/v1/namespaces', json({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } })],
      [CM, configMap({ name: 'anchor', labels: { keep: 'me' } }, { data: { a: 'original' } })],
      [CM, configMap({ name: 'frozen' }, { immutable: true, data: { a: 'original' } })],
      [SECRETS, json({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'kept' }, stringData: { a: 'original' } })],
    ];
    for (const [path, body] of setup) {
      const res = await client.request('POST', path, { body });
      assert.equal(res.status, 201, res.body);
      nsRevision ||= (res.json() as Obj).metadata.resourceVersion;
    }
    // The controllers give the new namespace its root CA ConfigMap: settled before the baseline is taken.
    await eventually(async () => ((await client.request('GET', `${CM}/kube-root-ca.crt`)).status === 200 ? true : undefined), 'kube-root-ca.crt');
    baseline = await stored();
  });
  after(() => c.stop());

  for (const k of CASES) {
    test(`${k.title}: ${k.code} ${k.reason}, nothing stored changes`, async () => {
      const options = {
        ...(k.body !== undefined ? { body: k.body } : {}),
        ...(k.contentType ? { contentType: k.contentType } : {}),
        ...(k.accept ? { accept: k.accept } : {}),
        ...(k.anonymous ? { anonymous: true } : {}),
        ...(k.headers ? { headers: k.headers } : {}),
      };
      const status = expectStatus(await client.request(k.method, k.path, options), k.code, k.reason, k.message);
      // Empty strings are omitted (omitempty), as Go encodes StatusDetails.
      for (const [key, value] of Object.entries(k.details ?? {})) assert.equal(status.details?.[key as 'name'], value === '' ? undefined : value, `details.${key}`);
      for (const [key, value] of Object.entries(status.details ?? {})) assert.notEqual(value, '', `details.${key} is sent empty`);
      if (k.causes) expectCauses(status, k.causes);
      assert.equal(await stored(), baseline);
    });
  }

  test('an object whose managedFields a client made 3,000 levels deep can still be patched and deleted', async () => {
    let fields = '{}';
    for (let i = 0; i < 3_000; i++) fields = `{"f:a${i % 3}":${fields}}`;
    const body = `{"metadata":{"name":"deep-fields","managedFields":[{"manager":"x","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":${fields}}]}}`;
    assert.equal((await client.request('POST', CM, { body })).status, 201);
    const patched = await client.request('PATCH', `${CM}/deep-fields`, { body: '{"data":{"a":"b"}}', contentType: 'application/merge-patch+json' });
    assert.equal(patched.status, 200, patched.body.slice(0, 300));
    const strategic = await client.request('PATCH', `${CM}/deep-fields`, { body: '{"data":{"c":"d"}}', contentType: 'application/strategic-merge-patch+json' });
    assert.equal(strategic.status, 200, strategic.body.slice(0, 300));
    assert.equal((await client.request('DELETE', `${CM}/deep-fields`)).status, 200);
  });

  test('a create with a resourceVersion is a 500 without a reason, as etcd3\'s store answers; a dry run is not checked', async () => {
    const body = configMap({ name: 'versioned', resourceVersion: '5' });
    const res = await client.request('POST', CM, { body });
    assert.equal(res.status, 500, res.body);
    const status = res.json() as Status;
    assert.equal(status.reason, undefined);
    assert.equal(status.message, 'resourceVersion should not be set on objects to be created');
    assert.equal((await client.request('POST', `${CM}?dryRun=All`, { body })).status, 201);
    assert.equal(await stored(), baseline);
  });

  test('a taken name with generateName set is 500 ServerTimeout (rest.CheckGeneratedNameError)', async () => {
    const res = await client.request('POST', CM, { body: configMap({ name: 'anchor', generateName: 'anchor-' }) });
    const status = expectStatus(res, 500, 'ServerTimeout', /^The POST operation against ConfigMap could not be completed at this time, please try again\.$/);
    assert.deepEqual(status.details, { name: 'POST', kind: 'ConfigMap' });
    assert.equal(await stored(), baseline);
  });

  test('405 carries the empty details go-restful\'s error handler gives it', async () => {
    const res = await client.request('POST', `${CM}/anchor`, { body: configMap({ name: 'anchor' }) });
    expectStatus(res, 405, 'MethodNotAllowed');
    assert.match(res.body, /"details":\{\}/);
  });

  test('/readyz answers without credentials', async () => {
    const res = await client.request('GET', '/readyz', { anonymous: true, accept: '*/*' });
    assert.equal(res.status, 200);
    assert.equal(res.body, 'ok');
  });

  test('a resourceVersion newer than the store: 504 Timeout with Retry-After', async () => {
    const queries = ['resourceVersion=999999999&resourceVersionMatch=NotOlderThan', 'resourceVersion=999999999'];
    // Both at once: upstream waits up to 3 s for the cache to catch up before it gives up.
    for (const res of await Promise.all(queries.map((query) => client.request('GET', `${CM}?${query}`)))) {
      const status = expectStatus(res, 504, 'Timeout', /^Too large resource version: 999999999, current: \d+$/);
      assert.equal(res.headers['retry-after'], '1');
      assert.equal(status.details?.retryAfterSeconds, 1);
      assert.deepEqual(status.details?.causes?.map((cause) => cause.reason), ['ResourceVersionTooLarge']);
    }
    assert.equal(await stored(), baseline);
  });

  test('resourceVersion=1 with Exact and limit reads revision 1; continue with a resourceVersion is 400', async () => {
    // Revision 1 is the empty store (the first write is revision 2, as in etcd); it is still in history.
    const exact = await client.request('GET', '/api/v1/namespaces?resourceVersion=1&resourceVersionMatch=Exact&limit=1');
    assert.equal(exact.status, 200, exact.body);
    assert.deepEqual(exact.json(), { kind: 'NamespaceList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [] });
    // At the revision that created this suite's namespace: the system namespaces and it, no ConfigMap yet.
    const at = (path: string) => client.request('GET', `${path}?resourceVersion=${nsRevision}&resourceVersionMatch=Exact&limit=10`);
    const namespaces = (await at('/api/v1/namespaces')).json() as ObjList;
    assert.deepEqual(namespaces.items.map((o) => o.metadata.name), ['bad', 'default', 'kube-node-lease', 'kube-public', 'kube-system']);
    assert.equal(namespaces.metadata.resourceVersion, nsRevision);
    assert.deepEqual(((await at(CM)).json() as ObjList).items, []);

    const first = (await client.request('GET', '/api/v1/namespaces?limit=1')).json() as ObjList;
    const token = encodeURIComponent(first.metadata.continue ?? '');
    assert.notEqual(token, '');
    expectStatus(
      await client.request('GET', `/api/v1/namespaces?limit=1&continue=${token}&resourceVersion=${first.metadata.resourceVersion}`),
      400, 'BadRequest', /^specifying resource version is not allowed when using continue$/,
    );
    // resourceVersion=0 means "any" and is allowed with a token.
    const next = await client.request('GET', `/api/v1/namespaces?limit=1&continue=${token}&resourceVersion=0`);
    assert.equal(next.status, 200, next.body);
    assert.equal((next.json() as ObjList).metadata.resourceVersion, first.metadata.resourceVersion);
    assert.equal(await stored(), baseline);
  });

  test('creating in a terminating namespace: 403 NamespaceTerminating until its content is gone', async () => {
    const ns = 'ending';
    const cms = `/api/v1/namespaces/${ns}/configmaps`;
    assert.equal((await client.request('POST', '/api/v1/namespaces', { body: json({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }) })).status, 201);
    assert.equal((await client.request('POST', cms, { body: configMap({ name: 'held', finalizers: ['example.com/hold'] }) })).status, 201);
    assert.equal((await client.request('DELETE', `/api/v1/namespaces/${ns}`)).status, 200);
    // The controller deletes the content; the finalizer keeps the ConfigMap, so the namespace stays Terminating.
    await eventually(async () => {
      const held = await client.request('GET', `${cms}/held`);
      return held.status === 200 && (held.json() as Obj).metadata.deletionTimestamp ? true : undefined;
    }, 'the held ConfigMap to be marked for deletion');
    const namespace = (await client.request('GET', `/api/v1/namespaces/${ns}`)).json() as Obj;
    assert.equal(namespace.status?.phase, 'Terminating');

    const status = expectStatus(
      await client.request('POST', cms, { body: configMap({ name: 'late' }) }),
      403, 'Forbidden', /^configmaps "late" is forbidden: unable to create new content in namespace ending because it is being terminated$/,
    );
    assert.deepEqual(status.details?.causes, [{ reason: 'NamespaceTerminating', message: 'namespace ending is being terminated', field: 'metadata.namespace' }]);
    assert.equal((await client.request('GET', `${cms}/late`)).status, 404);

    const release = await client.request('PATCH', `${cms}/held`, { body: json({ metadata: { finalizers: null } }), contentType: 'application/merge-patch+json' });
    assert.equal(release.status, 200, release.body);
    await eventually(async () => ((await client.request('GET', `/api/v1/namespaces/${ns}`)).status === 404 ? true : undefined), 'the namespace to go away');
    expectStatus(await client.request('GET', `${cms}/held`), 404, 'NotFound');
  });
});
