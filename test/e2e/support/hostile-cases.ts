// The table of hostile requests of test/e2e/hostile-input.test.ts (issue 15, "Show it works"): each
// case is one raw HTTPS request and the answer kube-apiserver 1.25 gives it. Cases already in
// bad-input, query-parameters, request-timeout, protobuf-bodies and server-side-apply are not repeated.
// Every case that may write does so against the canary ConfigMap (or with dryRun=All), which the test
// file checks unchanged after every group.

/** The namespace and the canary ConfigMap the test file creates before the table runs. */
export const NS = 'hostile';
export const CANARY_NAME = 'canary';
export const CM = `/api/v1/namespaces/${NS}/configmaps`;
export const CANARY = `${CM}/${CANARY_NAME}`;
const DEPLOYMENTS = `/apis/apps/v1/namespaces/${NS}/deployments`;
const PODS = `/api/v1/namespaces/${NS}/pods`;
const RBAC = '/apis/rbac.authorization.k8s.io/v1';

export interface HostileCase {
  title: string;
  method: string;
  path: string;
  body?: string | Buffer;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
  /** upstream's HTTP status code. */
  code: number;
  /** upstream's Status reason ('' for a Status without one, as upstream's 500s for plain Go errors). */
  reason?: string;
  message?: RegExp;
  /** upstream answers with Go's plain text (`404 page not found`, net/http's `400 Bad Request`), not a Status. */
  plain?: RegExp;
  /** The case passes but kplane is known to answer otherwise: node:test's todo, described in the report. */
  todo?: string;
}

export interface HostileGroup {
  name: string;
  cases: HostileCase[];
}

const json = (value: unknown): string => JSON.stringify(value);
const cm = (rest: Record<string, unknown> = {}, metadata: Record<string, unknown> = { name: 'hostile-new' }): string =>
  json({ apiVersion: 'v1', kind: 'ConfigMap', metadata, ...rest });
const canaryBody = (rest: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}): string =>
  json({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: CANARY_NAME, ...metadata }, ...rest });

const post = (title: string, body: string | Buffer, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase =>
  ({ title, method: 'POST', path: CM, body, code, reason, ...extra });
const put = (title: string, body: string, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase =>
  ({ title, method: 'PUT', path: CANARY, body, code, reason, ...extra });
const patch = (title: string, contentType: string, body: string, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase =>
  ({ title, method: 'PATCH', path: CANARY, contentType, body, code, reason, ...extra });
const get = (title: string, path: string, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase =>
  ({ title, method: 'GET', path, code, reason, ...extra });

const JSON_PATCH = 'application/json-patch+json';
const MERGE_PATCH = 'application/merge-patch+json';
const SMP = 'application/strategic-merge-patch+json';
const APPLY = 'application/apply-patch+yaml';
const PROTOBUF = 'application/vnd.kubernetes.protobuf';
const APPLY_PATH = `${CANARY}?fieldManager=hostile`;
const apply = (title: string, body: string | Buffer, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase =>
  ({ title, method: 'PATCH', path: APPLY_PATH, contentType: APPLY, body, code, reason, ...extra });

const BAD_REQUEST = 'BadRequest';
const INVALID = 'Invalid';
const NOT_FOUND = 'NotFound';
const METHOD_NOT_ALLOWED = 'MethodNotAllowed';
const PAGE_NOT_FOUND = /^404 page not found\n$/;

/** Bodies that are not one JSON document: Go's decoder refuses each with a syntax error (400). */
const malformedJson: HostileCase[] = (
  [
    ['an empty body', ''],
    ['a body of whitespace', ' \n\t '],
    ['a lone brace', '{'],
    ['a closing brace', '}'],
    ['a trailing comma', '{"metadata":{"name":"x"},}'],
    ['single-quoted keys', "{'metadata':{'name':'x'}}"],
    ['two objects in a row', '{"metadata":{"name":"x"}}{"metadata":{"name":"y"}}'],
    ['NaN', '{"metadata":{"name":"x","generation":NaN}}'],
    ['Infinity', '{"metadata":{"name":"x","generation":Infinity}}'],
    ['a leading zero', '{"metadata":{"name":"x","generation":01}}'],
    ['a bare minus', '{"metadata":{"name":"x","generation":-}}'],
    ['a leading dot', '{"metadata":{"name":"x","generation":.5}}'],
    ['a leading plus', '{"metadata":{"name":"x","generation":+1}}'],
    ['an invalid escape', '{"metadata":{"name":"\\x41"}}'],
    ['a short unicode escape', '{"metadata":{"name":"\\u12"}}'],
    ['a raw tab inside a string', '{"metadata":{"name":"a\tb"}}'],
    ['a raw newline inside a string', '{"metadata":{"name":"a\nb"}}'],
    ['a NUL byte inside a string', '{"metadata":{"name":"a\u0000b"}}'],
    ['a block comment', '{/* c */"metadata":{"name":"x"}}'],
    ['a line comment', '{"metadata":{"name":"x"}} // c'],
    ['a byte order mark', '\ufeff{"metadata":{"name":"x"}}'],
    ['YAML sent as JSON', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n'],
    ['an unquoted key', '{metadata:{"name":"x"}}'],
    ['a missing colon', '{"metadata" {"name":"x"}}'],
    ['a missing value', '{"metadata":}'],
    ['an unterminated string', '{"metadata":{"name":"x}}'],
    ['true spelled in capitals', '{"metadata":{"name":"x"},"immutable":TRUE}'],
    ['a JSON string', '"ConfigMap"'],
    ['a JSON number', '42'],
    ['a JSON boolean', 'true'],
    ['an array of objects', '[{"metadata":{"name":"x"}}]'],
    ['invalid UTF-8 outside strings', Buffer.concat([Buffer.from('{"metadata":{"name":"x"}'), Buffer.from([0xff, 0xfe]), Buffer.from('}')])],
  ] as const
).map(([title, body]) => post(`POST ${title}`, body as string | Buffer, 400, BAD_REQUEST));

/** Type meta and object meta of the wrong JSON types: the decoder's 400 (type meta first, as json.Unmarshal of TypeMeta). */
const wrongTypes: HostileCase[] = [
  ...(
    [
      ['apiVersion as a number', { apiVersion: 1, kind: 'ConfigMap', metadata: { name: 'x' } }],
      ['apiVersion as an object', { apiVersion: {}, kind: 'ConfigMap', metadata: { name: 'x' } }],
      ['apiVersion as a list', { apiVersion: ['v1'], kind: 'ConfigMap', metadata: { name: 'x' } }],
      ['apiVersion as true', { apiVersion: true, kind: 'ConfigMap', metadata: { name: 'x' } }],
      ['kind as a number', { apiVersion: 'v1', kind: 7, metadata: { name: 'x' } }],
      ['kind as an object', { apiVersion: 'v1', kind: { name: 'ConfigMap' }, metadata: { name: 'x' } }],
      ['kind as a list', { apiVersion: 'v1', kind: ['ConfigMap'], metadata: { name: 'x' } }],
      ['kind as false', { apiVersion: 'v1', kind: false, metadata: { name: 'x' } }],
      ['metadata as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: 'x' }],
      ['metadata as a list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: [{ name: 'x' }] }],
      ['metadata as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: 1 }],
      ['metadata as true', { apiVersion: 'v1', kind: 'ConfigMap', metadata: true }],
      ['metadata.name as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 12 } }],
      ['metadata.name as a list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: ['x'] } }],
      ['metadata.labels as a list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: ['a'] } }],
      ['a label value as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', labels: { a: 1 } } }],
      ['metadata.annotations as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', annotations: 'a=b' } }],
      ['an annotation value as an object', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', annotations: { a: {} } } }],
      ['metadata.finalizers as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', finalizers: 'a/b' } }],
      ['metadata.ownerReferences as an object', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', ownerReferences: {} } }],
      ['metadata.generation as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', generation: '1' } }],
      ['metadata.creationTimestamp as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', creationTimestamp: 1 } }],
      ['metadata.creationTimestamp not RFC 3339', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', creationTimestamp: 'yesterday' } }],
      ['data as a list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: ['a'] }],
      ['data as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: 'a=b' }],
      ['a data value as null in a list', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, data: { a: [null] } }],
      ['binaryData that is not base64', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, binaryData: { a: 'not base64!' } }],
      ['binaryData as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, binaryData: { a: 1 } }],
      ['immutable as a string', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, immutable: 'yes' }],
      ['immutable as a number', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' }, immutable: 1 }],
    ] as const
  ).map(([title, body]) => post(`POST ${title}`, json(body), 400, BAD_REQUEST)),
  put('PUT apiVersion as a number', json({ apiVersion: 2, kind: 'ConfigMap', metadata: { name: CANARY_NAME } }), 400, BAD_REQUEST),
  put('PUT kind as an object', json({ apiVersion: 'v1', kind: {}, metadata: { name: CANARY_NAME } }), 400, BAD_REQUEST),
  put('PUT metadata as a list', json({ apiVersion: 'v1', kind: 'ConfigMap', metadata: [] }), 400, BAD_REQUEST),
  put('PUT data values as numbers', canaryBody({ data: { a: 1 } }), 400, BAD_REQUEST),
  put('PUT with another uid (a precondition)', canaryBody({}, { uid: '00000000-0000-0000-0000-000000000000' }), 409, 'Conflict', { message: /Precondition failed: UID in precondition: 00000000-0000-0000-0000-000000000000, UID in object meta: / }),
];

/** Integers out of range, with fractions or exponents, where the Go type is an integer: 400. */
const badIntegers: HostileCase[] = [
  ...(
    [
      ['metadata.generation 1e3', '1e3'],
      ['metadata.generation 1.0', '1.0'],
      ['metadata.generation 1.5', '1.5'],
      ['metadata.generation 2^63', '9223372036854775808'],
      ['metadata.generation -2^63-1', '-9223372036854775809'],
      ['metadata.generation 1e400', '1e400'],
      ['metadata.deletionGracePeriodSeconds 1E2', '1E2'],
    ] as const
  ).map(([title, value]) => {
    const fieldName = title.split(' ')[0]!.split('.')[1]!;
    return post(`POST ${title}`, `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","${fieldName}":${value}}}`, 400, BAD_REQUEST, { message: new RegExp(`cannot unmarshal number ${value.replace(/[.+]/g, '\\$&')} into Go struct field ObjectMeta\\.metadata\\.${fieldName} of type int64$`) });
  }),
  ...(
    [
      ['replicas 1e2', '1e2'],
      ['replicas 2^31', '2147483648'],
      ['replicas -2^31-1', '-2147483649'],
      ['replicas 3.0', '3.0'],
      ['replicas as a string', '"3"'],
      ['progressDeadlineSeconds 1e1', '{"replicas":1,"progressDeadlineSeconds":1e1}'],
    ] as const
  ).map(([title, value]): HostileCase => ({
    title: `POST a Deployment with ${title}`, method: 'POST', path: DEPLOYMENTS, code: 400, reason: BAD_REQUEST,
    body: `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"x"},"spec":${value.startsWith('{') ? value : `{"replicas":${value}}`}}`,
  })),
  ...(
    [
      ['activeDeadlineSeconds 2^63', 'activeDeadlineSeconds', '9223372036854775808'],
      ['terminationGracePeriodSeconds 3e1', 'terminationGracePeriodSeconds', '3e1'],
      ['activeDeadlineSeconds 0.5', 'activeDeadlineSeconds', '0.5'],
    ] as const
  ).map(([title, key, value]): HostileCase => ({
    title: `POST a Pod with ${title}`, method: 'POST', path: PODS, code: 400, reason: BAD_REQUEST,
    body: `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{"${key}":${value},"containers":[{"name":"c","image":"i"}]}}`,
  })),
];

/** Oversized bodies and values: 413 for bodies over 3 MiB, 422 for objects past their validation limits. */
const big = 'x'.repeat(3 * 1024 * 1024);
const oversized: HostileCase[] = [
  put('PUT a body over 3 MiB', canaryBody({ data: { a: big } }), 413, 'RequestEntityTooLarge', { message: /limit is 3145728/ }),
  patch('merge patch over 3 MiB', MERGE_PATCH, json({ data: { a: big } }), 413, 'RequestEntityTooLarge'),
  patch('JSON patch over 3 MiB', JSON_PATCH, json([{ op: 'add', path: '/data/a', value: big }]), 413, 'RequestEntityTooLarge'),
  patch('strategic merge patch over 3 MiB', SMP, json({ data: { a: big } }), 413, 'RequestEntityTooLarge'),
  apply('apply over 3 MiB', canaryBody({ data: { a: big } }), 413, 'RequestEntityTooLarge'),
  { title: 'a protobuf body over 3 MiB', method: 'POST', path: CM, contentType: PROTOBUF, body: Buffer.alloc(3 * 1024 * 1024 + 1, 0x6b), code: 413, reason: 'RequestEntityTooLarge' },
  post('POST a ConfigMap over 1 MiB', cm({ data: { a: 'x'.repeat(1024 * 1024 + 1) } }), 422, INVALID, { message: /Too long: must have at most 1048576 bytes/ }),
  put('PUT the canary over 1 MiB', canaryBody({ data: { a: 'x'.repeat(1024 * 1024) }, binaryData: { b: 'eHg=' } }), 422, INVALID),
  patch('merge patch that makes the canary over 1 MiB', MERGE_PATCH, json({ data: { b: 'x'.repeat(1024 * 1024 + 1) } }), 422, INVALID),
  post('POST annotations over 256 KiB', cm({}, { name: 'x', annotations: { a: 'x'.repeat(256 * 1024) } }), 422, INVALID, { message: /Too long: must have at most 262144 bytes/ }),
  post('POST a 100 KB name', cm({}, { name: 'a'.repeat(100_000) }), 422, INVALID),
  post('POST 20,000 labels with one invalid', cm({}, { name: 'x', labels: { ...Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, 'v'])), 'bad key': 'v' } }), 422, INVALID),
  post('POST a finalizer list of 10,000 invalid names', cm({}, { name: 'x', finalizers: Array.from({ length: 10_000 }, (_, i) => `Bad_${i}`) }), 422, INVALID),
];

const nested = (depth: number, open: string, leaf: string, close: string): string => `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

/** Nesting past Go's 10,000 levels (JSON) and go-yaml's limit, in every place a body is decoded. */
const deepNesting: HostileCase[] = [
  put('PUT nested 20,000 deep', `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"canary"},"data":${nested(20_000, '[', '', ']')}}`, 400, BAD_REQUEST),
  patch('JSON patch value nested 20,000 deep', JSON_PATCH, `[{"op":"add","path":"/data/b","value":${nested(20_000, '[', '', ']')}}]`, 400, BAD_REQUEST),
  patch('strategic merge patch nested 20,000 deep', SMP, `{"metadata":{"labels":${nested(20_000, '{"a":', '1', '}')}}}`, 400, BAD_REQUEST),
  post('POST YAML nested 20,000 deep (flow)', `metadata: {name: x}\ndata: ${nested(20_000, '[', '', ']')}\n`, 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  apply('apply YAML nested 20,000 deep (flow sequences)', `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata: ${nested(20_000, '[', '', ']')}\n`, 400, BAD_REQUEST),
  patch('merge patch nested 5,000 deep in a string field (decodes, wrong type)', MERGE_PATCH, `{"data":{"a":${nested(5_000, '{"a":', '1', '}')}}}`, 422, INVALID),
  patch('JSON patch nested 5,000 deep in a string field (wrong type)', JSON_PATCH, `[{"op":"add","path":"/data/b","value":${nested(5_000, '[', '1', ']')}}]`, 422, INVALID),
  post('POST nested 5,000 deep in a label value', `{"metadata":{"name":"x","labels":{"a":${nested(5_000, '[', '1', ']')}}}}`, 400, BAD_REQUEST),
  post('POST a 100,000-entry list in data', `{"metadata":{"name":"x"},"data":[${Array.from({ length: 100_000 }, () => '1').join(',')}]}`, 400, BAD_REQUEST),
];

/** YAML bodies (create and apply): alias bombs, keys JSON cannot carry, bytes YAML refuses, several documents. */
const aliasBomb = [
  'apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: canary}',
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
  'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]', 'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]', 'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
  'h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]', 'i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]', '',
].join('\n');
const yaml: HostileCase[] = [
  apply('apply a YAML alias bomb', aliasBomb, 400, BAD_REQUEST),
  post('POST a YAML alias bomb', aliasBomb.replace('name: canary', 'name: bomb'), 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  apply('apply a self-referencing alias', 'apiVersion: v1\nkind: ConfigMap\nmetadata: &m {name: canary, labels: *m}\n', 400, BAD_REQUEST),
  apply('apply an alias to an undefined anchor', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata: *nowhere\n', 400, BAD_REQUEST),
  apply('apply a sequence as a mapping key', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata:\n  ? [a, b]\n  : c\n', 400, BAD_REQUEST),
  apply('apply a mapping as a mapping key', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata:\n  ? {a: b}\n  : c\n', 400, BAD_REQUEST),
  post('POST a sequence as a mapping key', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata:\n  ? [a, b]\n  : c\n', 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  apply('apply invalid UTF-8', Buffer.concat([Buffer.from('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata: {a: "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]), 400, BAD_REQUEST),
  post('POST YAML with invalid UTF-8', Buffer.concat([Buffer.from('metadata: {name: x}\ndata: {a: '), Buffer.from([0xff]), Buffer.from('}\n')]), 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  apply('apply a control character', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata: {a: "x\u0007y"}\n', 400, BAD_REQUEST),
  post('POST YAML with a control character', 'metadata: {name: x}\ndata: {a: x\u0001y}\n', 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  apply('apply YAML that does not parse (bad indentation)', 'apiVersion: v1\nkind: ConfigMap\n metadata:\n name: canary\n', 400, BAD_REQUEST),
  apply('apply an unclosed flow mapping', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary\n', 400, BAD_REQUEST),
  apply('apply a YAML scalar', 'just a string\n', 400, BAD_REQUEST),
  apply('apply a YAML sequence', '- apiVersion: v1\n- kind: ConfigMap\n', 400, BAD_REQUEST),
  apply('apply a tab as indentation', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: canary\n', 400, BAD_REQUEST),
  apply('apply two documents: the first one counts (dry run)', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\ndata: {a: changed}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: canary}\n', 200, '', { path: `${APPLY_PATH}&dryRun=All&force=true` }),
  apply('apply a first document of the wrong kind, a second right one', 'apiVersion: v1\nkind: Secret\nmetadata: {name: canary}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: canary}\n', 400, BAD_REQUEST),
  post('POST YAML whose first document names another kind', 'apiVersion: v1\nkind: Secret\nmetadata: {name: x}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n', 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  post('POST YAML of the wrong types for apiVersion', 'apiVersion: [v1]\nkind: ConfigMap\nmetadata: {name: x}\n', 400, BAD_REQUEST, { contentType: 'application/yaml' }),
  post('POST YAML with metadata as a scalar', 'apiVersion: v1\nkind: ConfigMap\nmetadata: x\n', 400, BAD_REQUEST, { contentType: 'application/yaml' }),
];

/** JSON patches of wrong shapes (400 when they do not decode, 422 when an operation fails, 413 past 10,000 operations). */
const doubling = [{ op: 'add', path: '/metadata/annotations', value: { a: ['0123456789'.repeat(10)] } },
  ...Array.from({ length: 40 }, () => ({ op: 'copy', from: '/metadata/annotations/a', path: '/metadata/annotations/a/-' }))];
const jsonPatches: HostileCase[] = [
  ...(
    [
      ['an object instead of a list', '{"op":"add","path":"/data/b","value":"x"}'],
      ['a list of numbers', '[1,2]'],
      ['a list of lists', '[[{"op":"add"}]]'],
      ['op as a number', '[{"op":1,"path":"/data/b","value":"x"}]'],
      ['path as a list', '[{"op":"add","path":["data","b"],"value":"x"}]'],
      ['from as an object', '[{"op":"copy","from":{},"path":"/data/b"}]'],
      ['a string', '"add"'],
    ] as const
  ).map(([title, body]) => patch(`JSON patch: ${title}`, JSON_PATCH, body, 400, BAD_REQUEST)),
  ...(
    [
      ['an unknown op', '[{"op":"frobnicate","path":"/data/a"}]'],
      ['no op', '[{"path":"/data/a","value":"x"}]'],
      ['add without a path', '[{"op":"add","value":"x"}]'],
      ['remove of a missing key', '[{"op":"remove","path":"/data/missing"}]'],
      ['replace under a missing parent', '[{"op":"replace","path":"/spec/x","value":1}]'],
      ['a failing test', '[{"op":"test","path":"/data/a","value":"other"}]'],
      ['move from a missing key', '[{"op":"move","from":"/data/missing","path":"/data/b"}]'],
      ['copy without from', '[{"op":"copy","path":"/data/b"}]'],
      ['an array index that is not a number', '[{"op":"add","path":"/metadata/managedFields/x","value":{}}]'],
      ['an array index past the end', '[{"op":"add","path":"/metadata/managedFields/99","value":{}}]'],
      ['an escape that is not ~0 or ~1 on a missing key', '[{"op":"remove","path":"/data/~2"}]'],
      ['the whole document replaced by a string', '[{"op":"add","path":"","value":"x"}]'],
      ['a value of the wrong type for data', '[{"op":"replace","path":"/data","value":[1]}]'],
      ['metadata replaced by a number', '[{"op":"replace","path":"/metadata","value":1}]'],
      ['kind replaced by an object', '[{"op":"replace","path":"/kind","value":{}}]'],
      ['apiVersion replaced by a number', '[{"op":"replace","path":"/apiVersion","value":1}]'],
      ['the name changed', '[{"op":"replace","path":"/metadata/name","value":"other"}]'],
      ['copies that double past 3 MiB', json(doubling)],
    ] as const
  ).map(([title, body]) => patch(`JSON patch: ${title}`, JSON_PATCH, body, title === 'the name changed' ? 400 : 422, title === 'the name changed' ? BAD_REQUEST : INVALID)),
  patch('JSON patch: a path without a leading slash (a top-level unknown field, dropped)', JSON_PATCH, '[{"op":"add","path":"data/b","value":"x"}]', 200, ''),
  // Both libraries keep a value's bytes as the client sent them, so the patched object has `1e3` as written.
  patch('JSON patch: a value 1e3 for an integer field (the library keeps the literal)', JSON_PATCH, '[{"op":"add","path":"/metadata/generation","value":1e3}]', 422, INVALID, {
    message: /patch: Invalid value: ".*\\"generation\\":1e3.*": json: cannot unmarshal number 1e3 into Go struct field ObjectMeta\.metadata\.generation of type int64$/,
  }),
  patch('JSON patch: a value 1.0 for an integer field', JSON_PATCH, '[{"op":"replace","path":"/metadata/generation","value":1.0}]', 422, INVALID, { message: /cannot unmarshal number 1\.0 into Go struct field ObjectMeta\.metadata\.generation of type int64$/ }),
  patch('JSON patch: 1e3 inside an added object', JSON_PATCH, '[{"op":"add","path":"/metadata","value":{"name":"canary","generation":1e3}}]', 422, INVALID, { message: /number 1e3 into Go struct field ObjectMeta\.metadata\.generation/ }),
  patch('merge patch: 1e3 for an integer field', MERGE_PATCH, '{"metadata":{"generation":1e3}}', 422, INVALID, { message: /cannot unmarshal number 1e3 into Go struct field ObjectMeta\.metadata\.generation of type int64$/ }),
  // Strategic merge patch reads the patch into Go maps: 1e3 is the float 1000 by then, an integer (the
  // generation a client sends is not kept either).
  patch('strategic merge patch: 1e3 for an integer field (read as a float)', SMP, '{"metadata":{"generation":1e3}}', 200, ''),
  patch('JSON patch: 10,001 test operations', JSON_PATCH, json(Array.from({ length: 10_001 }, () => ({ op: 'test', path: '/kind', value: 'ConfigMap' }))), 413, 'RequestEntityTooLarge', { message: /The allowed maximum operations in a JSON patch is 10000, got 10001/ }),
  patch('JSON patch: malformed JSON', JSON_PATCH, '[{"op":"add",]', 400, BAD_REQUEST),
];

/** Merge patches and strategic merge patches of wrong shapes. */
const mergePatches: HostileCase[] = [
  patch('merge patch: a list', MERGE_PATCH, '[{"data":{}}]', 400, BAD_REQUEST),
  patch('merge patch: a string', MERGE_PATCH, '"x"', 400, BAD_REQUEST),
  patch('merge patch: malformed JSON', MERGE_PATCH, '{"data":', 400, BAD_REQUEST),
  patch('merge patch: data as a list', MERGE_PATCH, '{"data":[1]}', 422, INVALID),
  patch('merge patch: metadata as a string', MERGE_PATCH, '{"metadata":"x"}', 422, INVALID),
  patch('merge patch: labels as a number', MERGE_PATCH, '{"metadata":{"labels":5}}', 422, INVALID),
  patch('merge patch: generation 1.5', MERGE_PATCH, '{"metadata":{"generation":1.5}}', 422, INVALID),
  patch('merge patch: another namespace', MERGE_PATCH, '{"metadata":{"namespace":"default"}}', 400, BAD_REQUEST),
  patch('merge patch: another name', MERGE_PATCH, '{"metadata":{"name":"other"}}', 400, BAD_REQUEST),
  patch('merge patch: an invalid label', MERGE_PATCH, '{"metadata":{"labels":{"bad key":"v"}}}', 422, INVALID),
  patch('merge patch: a stale resourceVersion', MERGE_PATCH, '{"metadata":{"resourceVersion":"1"}}', 409, 'Conflict'),
  patch('merge patch: a different uid', MERGE_PATCH, '{"metadata":{"uid":"00000000-0000-0000-0000-000000000000"}}', 422, INVALID),
  patch('strategic merge patch: a list', SMP, '[1]', 400, BAD_REQUEST),
  patch('strategic merge patch: malformed JSON', SMP, '{"data"', 400, BAD_REQUEST),
  patch('strategic merge patch: $patch of an unknown kind', SMP, '{"metadata":{"labels":{"$patch":"explode"}}}', 500, '', { message: /^unknown patch type: explode in map: / }),
  patch('strategic merge patch: $patch as a number', SMP, '{"data":{"$patch":1}}', 500, '', { message: /^unknown patch type: / }),
  patch('strategic merge patch: $retainKeys as a string', SMP, '{"data":{"$retainKeys":"a"}}', 400, BAD_REQUEST),
  // Upstream's mergeMap skips a deletion list for a field the object lacks, of whatever type: nothing changes.
  patch('strategic merge patch: $deleteFromPrimitiveList (an object) of a field the object lacks', SMP, '{"metadata":{"$deleteFromPrimitiveList/finalizers":{"a":"b"}}}', 200, ''),
  // ... and merges a map into a map field of the same name, as if it had no prefix (dry run: the canary stays).
  patch('strategic merge patch: $deleteFromPrimitiveList of a map field', SMP, '{"metadata":{"$deleteFromPrimitiveList/labels":{"a":"b"}}}', 200, '', { path: `${CANARY}?dryRun=All` }),
  patch('strategic merge patch: $setElementOrder as a string (mergepatch.ErrBadArgType)', SMP, '{"metadata":{"$setElementOrder/ownerReferences":"x"}}', 500, '', { message: /^expected a \[\]interface \{\}, but received a string$/ }),
  patch('strategic merge patch: data as a list', SMP, '{"data":[1]}', 422, INVALID),
  patch('strategic merge patch: a data value as an object', SMP, '{"data":{"a":{"b":"c"}}}', 422, INVALID),
  patch('strategic merge patch: labels as a string', SMP, '{"metadata":{"labels":"a=b"}}', 422, INVALID),
];

/** Query parameters of every kind with values upstream refuses. */
const q = (title: string, method: string, query: string, code: number, reason: string, extra: Partial<HostileCase> = {}): HostileCase => ({
  title: `${method} ?${title}`, method, path: `${method === 'POST' || (method === 'GET' && !query.includes('@item')) ? CM : CANARY}?${query.replace('@item&', '')}`, code, reason,
  ...(method === 'POST' ? { body: cm() } : {}), ...(method === 'PUT' ? { body: canaryBody() } : {}),
  ...(method === 'PATCH' ? { body: '{}', contentType: MERGE_PATCH } : {}), ...extra,
});
const parameters: HostileCase[] = [
  q('limit=1e3', 'GET', 'limit=1e3', 400, BAD_REQUEST, { message: /^strconv\.ParseInt: parsing "1e3": invalid syntax$/ }),
  q('limit=0x10', 'GET', 'limit=0x10', 400, BAD_REQUEST),
  q('limit= 5', 'GET', 'limit=%205', 400, BAD_REQUEST),
  q('limit=-9223372036854775809', 'GET', 'limit=-9223372036854775809', 400, BAD_REQUEST, { message: /value out of range/ }),
  q('limit=x&limit=1 (the first value counts)', 'GET', 'limit=x&limit=1', 400, BAD_REQUEST),
  q('timeoutSeconds=1e1', 'GET', 'timeoutSeconds=1e1', 400, BAD_REQUEST),
  q('timeoutSeconds=99999999999999999999 on a watch', 'GET', 'watch=1&timeoutSeconds=99999999999999999999', 400, BAD_REQUEST),
  q('continue= with %00', 'GET', 'limit=1&continue=%00', 400, BAD_REQUEST),
  q('continue=base64 of garbage', 'GET', `limit=1&continue=${Buffer.from('{"v":"meta.k8s.io/v1","rv":0,"start":"x"}').toString('base64url')}`, 400, BAD_REQUEST),
  q('continue of another version', 'GET', `limit=1&continue=${Buffer.from('{"v":"meta.k8s.io/v9","rv":5,"start":"x"}').toString('base64url')}`, 400, BAD_REQUEST),
  q('continue with resourceVersionMatch', 'GET', 'continue=abc&resourceVersion=1&resourceVersionMatch=NotOlderThan', 422, INVALID),
  q('resourceVersionMatch=Sometimes', 'GET', 'resourceVersion=1&resourceVersionMatch=Sometimes', 422, INVALID),
  q('resourceVersionMatch=Exact with resourceVersion=0', 'GET', 'resourceVersion=0&resourceVersionMatch=Exact', 422, INVALID),
  q('resourceVersionMatch=exact (lower case)', 'GET', 'resourceVersion=1&resourceVersionMatch=exact', 422, INVALID),
  q('watch with resourceVersionMatch=Exact', 'GET', 'watch=true&resourceVersion=1&resourceVersionMatch=Exact', 422, INVALID),
  q('labelSelector=!!', 'GET', 'labelSelector=!!', 400, BAD_REQUEST),
  q('labelSelector=a in (b', 'GET', `labelSelector=${encodeURIComponent('a in (b')}`, 400, BAD_REQUEST),
  q('labelSelector=a==b==c', 'GET', `labelSelector=${encodeURIComponent('a==b==c')}`, 400, BAD_REQUEST),
  q('labelSelector with an invalid key', 'GET', `labelSelector=${encodeURIComponent('bad key=x')}`, 400, BAD_REQUEST),
  q('labelSelector with a value over 63 characters', 'GET', `labelSelector=a%3D${'v'.repeat(64)}`, 400, BAD_REQUEST),
  q('labelSelector a notin () (upstream reads () as the empty value)', 'GET', `labelSelector=${encodeURIComponent('a notin ()')}`, 200, ''),
  q('labelSelector a>x (not an integer)', 'GET', `labelSelector=${encodeURIComponent('a>x')}`, 400, BAD_REQUEST),
  q('labelSelector 100,000 characters of garbage', 'GET', `labelSelector=${'(('.repeat(50_000)}`, 400, BAD_REQUEST),
  q('fieldSelector=metadata.name', 'GET', 'fieldSelector=metadata.name', 400, BAD_REQUEST),
  q('fieldSelector=metadata.name in (a)', 'GET', `fieldSelector=${encodeURIComponent('metadata.name in (a)')}`, 400, BAD_REQUEST),
  q('fieldSelector=spec.nodeName=x on configmaps', 'GET', 'fieldSelector=spec.nodeName%3Dx', 400, BAD_REQUEST),
  q('fieldSelector with a bad escape', 'GET', 'fieldSelector=metadata.name%3Da%5Cz', 400, BAD_REQUEST),
  q('fieldSelector on a watch', 'GET', 'watch=1&fieldSelector=nope%3D1', 400, BAD_REQUEST),
  q('dryRun=all (lower case)', 'POST', 'dryRun=all', 422, INVALID),
  q('dryRun=All&dryRun=None', 'PUT', 'dryRun=All&dryRun=None', 422, INVALID),
  q('dryRun= (empty) on patch', 'PATCH', 'dryRun=', 422, INVALID),
  q('dryRun=true on delete', 'DELETE', 'dryRun=true', 422, INVALID),
  q('fieldManager over 128 characters', 'POST', `fieldManager=${'m'.repeat(129)}`, 422, INVALID, { message: /fieldManager: Too long: must have at most 128 bytes$/ }),
  q('fieldManager over 128 characters on patch', 'PATCH', `fieldManager=${'m'.repeat(129)}`, 422, INVALID),
  q('fieldManager over 128 characters on update', 'PUT', `fieldManager=${'m'.repeat(129)}`, 422, INVALID),
  q('fieldValidation=strict (lower case)', 'PUT', 'fieldValidation=strict', 422, INVALID),
  q('fieldValidation=Strictest on patch', 'PATCH', 'fieldValidation=Strictest', 422, INVALID),
  q('force=true on a merge patch with dryRun', 'PATCH', 'force=true&dryRun=All', 422, INVALID),
  q('force=false on a merge patch', 'PATCH', 'force=false', 422, INVALID),
  q('force=abc on a merge patch (any value but 0/false is true)', 'PATCH', 'force=abc', 422, INVALID),
  q('force= (empty) on a merge patch', 'PATCH', 'force=', 422, INVALID),
  q('propagationPolicy=orphan (lower case)', 'DELETE', 'propagationPolicy=orphan', 422, INVALID),
  q('propagationPolicy with orphanDependents', 'DELETE', 'propagationPolicy=Orphan&orphanDependents=true', 422, INVALID),
  q('gracePeriodSeconds=1e2', 'DELETE', 'gracePeriodSeconds=1e2', 400, BAD_REQUEST),
  q('gracePeriodSeconds=9223372036854775808', 'DELETE', 'gracePeriodSeconds=9223372036854775808', 400, BAD_REQUEST),
  q('a DeleteOptions body with a bad propagationPolicy', 'DELETE', 'x=1', 422, INVALID, { body: '{"propagationPolicy":"Sideways"}' }),
  // upstream's delete handler returns the decoder's plain error: 500 without a reason, nothing deleted.
  q('a DeleteOptions body that does not parse', 'DELETE', 'x=1', 500, '', { body: '{"gracePeriodSeconds":' }),
  q('a DeleteOptions body with gracePeriodSeconds as a string', 'DELETE', 'x=1', 500, '', { body: '{"gracePeriodSeconds":"5"}' }),
  q('a DeleteOptions body with preconditions as a list', 'DELETE', 'x=1', 500, '', { body: '{"preconditions":[]}' }),
  q('a DeleteOptions body of another kind', 'DELETE', 'x=1', 500, '', { body: '{"kind":"ConfigMap","apiVersion":"v1"}', message: /^decoded object cannot be converted to DeleteOptions$/ }),
  q('a DeleteOptions body with preconditions of another uid', 'DELETE', 'x=1', 409, 'Conflict', { body: '{"preconditions":{"uid":"0000"}}' }),
  q('a DeleteOptions body with a stale resourceVersion precondition', 'DELETE', 'x=1', 409, 'Conflict', { body: '{"preconditions":{"resourceVersion":"1"}}' }),
  q('timeout=1x', 'GET', 'timeout=1x', 400, BAD_REQUEST),
  q('resourceVersionMatch with an empty resourceVersion', 'GET', 'resourceVersion=&resourceVersionMatch=NotOlderThan', 422, INVALID, { message: /resourceVersionMatch is forbidden unless resourceVersion is provided/ }),
  get('GET a legacy /watch/ path with resourceVersionMatch', `/api/v1/watch/namespaces/${NS}/configmaps?resourceVersion=1&resourceVersionMatch=Exact`, 422, INVALID, { message: /resourceVersionMatch is forbidden for watch/ }),
  q('pretty=maybe (strconv.ParseBool fails: not pretty, never an error)', 'GET', '@item&pretty=maybe', 200, ''),
  q('watch=true with limit=1e3', 'GET', 'watch=true&limit=1e3', 400, BAD_REQUEST),
];

/** Paths that name nothing upstream serves, or name it in a way its handlers refuse. */
const paths: HostileCase[] = [
  get('GET a name of ..', `${CM}/..`, 400, BAD_REQUEST, { message: /^Name parameter invalid: "\.\.": may not be '\.\.'$/ }),
  get('GET a name of .', `${CM}/.`, 400, BAD_REQUEST, { message: /^Name parameter invalid: "\.": may not be '\.'$/ }),
  { title: 'DELETE a name of ..', method: 'DELETE', path: `${CM}/..`, code: 400, reason: BAD_REQUEST },
  get('GET a name of %2E%2E', `${CM}/%2E%2E`, 400, BAD_REQUEST, { message: /^Name parameter invalid: "\.\.": may not be '\.\.'$/ }),
  get('GET a name with %25', `${CM}/a%25b`, 400, BAD_REQUEST, { message: /may not contain '%'/ }),
  get('GET a name with %20', `${CM}/a%20b`, 404, NOT_FOUND, { message: /^configmaps "a b" not found$/ }),
  get('GET the canary percent-encoded', `${CM}/%63anary`, 200, ''),
  get('GET a percent-encoded resource', `/api/v1/namespaces/${NS}/config%6Daps/${CANARY_NAME}`, 200, ''),
  get('GET a name with %2F (a subresource after decoding)', `${CM}/a%2Fb`, 404, NOT_FOUND),
  get('GET a malformed percent escape', `${CM}/a%zz`, 400, '', { plain: /^400 Bad Request/ }),
  get('GET .. then another resource', `${CM}/../secrets`, 404, NOT_FOUND),
  get('GET .. as the namespace of a cluster-scoped kind', '/api/v1/namespaces/../namespaces/default', 404, NOT_FOUND),
  get('GET a subresource ConfigMaps do not have', `${CANARY}/status`, 404, NOT_FOUND),
  get('GET scale of a ConfigMap', `${CANARY}/scale`, 404, NOT_FOUND),
  get('GET too many segments', `${CANARY}/status/extra/more`, 404, NOT_FOUND),
  get('GET an unknown version of a served group', `/apis/apps/v9/namespaces/${NS}/deployments`, 404, NOT_FOUND),
  get('GET an unknown version of the core group', `/api/v9/namespaces/${NS}/configmaps`, 404, NOT_FOUND),
  get('GET an unknown group', `/apis/nope.example.com/v1/namespaces/${NS}/things`, 404, '', { plain: PAGE_NOT_FOUND }),
  get('GET a removed group version', `/apis/extensions/v1beta1/namespaces/${NS}/deployments`, 404, '', { plain: PAGE_NOT_FOUND }),
  get('GET an unknown resource in a named group', `/apis/apps/v1/namespaces/${NS}/widgets`, 404, NOT_FOUND),
  get('GET a resource in capitals', `/api/v1/namespaces/${NS}/ConfigMaps`, 404, NOT_FOUND),
  get('GET a kind name instead of a resource', `/api/v1/namespaces/${NS}/configmap/${CANARY_NAME}`, 404, NOT_FOUND),
  get('GET a namespaced object without its namespace', `/api/v1/configmaps/${CANARY_NAME}`, 404, NOT_FOUND),
  get('GET a cluster-scoped object under a namespace', `${RBAC}/namespaces/${NS}/clusterroles/admin`, 404, NOT_FOUND),
  { title: 'DELETE a cluster-scoped object under a namespace', method: 'DELETE', path: `${RBAC}/namespaces/${NS}/clusterroles/admin`, code: 404, reason: NOT_FOUND },
  { title: 'PUT a cluster-scoped object under a namespace', method: 'PUT', path: `/apis/storage.k8s.io/v1/namespaces/${NS}/storageclasses/x`, body: '{"metadata":{"name":"x"}}', code: 404, reason: NOT_FOUND },
  get('GET a name on a create-only resource', '/apis/authentication.k8s.io/v1/tokenreviews/x', 404, NOT_FOUND),
  get('GET a path outside the API', '/nope/v1/things', 404, '', { plain: PAGE_NOT_FOUND }),
  get('GET an unknown health check', '/healthz/nope', 404, '', { plain: PAGE_NOT_FOUND }),
];

/** Methods a path does not serve, and methods no path serves. */
const methods: HostileCase[] = [
  ...['TRACE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE', 'LOCK'].map((method): HostileCase => ({ title: `${method} a collection`, method, path: CM, code: 405, reason: METHOD_NOT_ALLOWED })),
  ...['TRACE', 'COPY', 'MOVE', 'UNLOCK'].map((method): HostileCase => ({ title: `${method} an object`, method, path: CANARY, code: 405, reason: METHOD_NOT_ALLOWED })),
  { title: 'CONNECT an object', method: 'CONNECT', path: CANARY, code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'FROB (an unknown method) an object', method: 'FROB', path: CANARY, code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'FROB (an unknown method) a collection, with a body', method: 'FROB', path: CM, body: cm(), code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'get in lower case (a method of its own to Go)', method: 'get', path: CANARY, code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'an unknown method on a path outside the API', method: 'FROB', path: '/nope/v1/things', code: 404, reason: '', plain: PAGE_NOT_FOUND },
  { title: 'PUT on a collection', method: 'PUT', path: CM, body: canaryBody(), code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'PATCH on a collection', method: 'PATCH', path: CM, body: '{}', contentType: MERGE_PATCH, code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'POST on a named object of a named group', method: 'POST', path: `${DEPLOYMENTS}/x`, body: '{}', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'POST on a cluster-scoped named object', method: 'POST', path: `${RBAC}/clusterroles/admin`, body: '{}', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'POST on a namespace', method: 'POST', path: `/api/v1/namespaces/${NS}`, body: '{}', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'PUT on the namespace collection', method: 'PUT', path: '/api/v1/namespaces', body: '{}', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'DELETE the namespace collection', method: 'DELETE', path: '/api/v1/namespaces', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'POST on the all-namespaces path', method: 'POST', path: '/api/v1/configmaps', body: cm(), code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'DELETE on the all-namespaces path', method: 'DELETE', path: '/api/v1/configmaps', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'GET a create-only resource', method: 'GET', path: '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', code: 405, reason: METHOD_NOT_ALLOWED },
  { title: 'DELETE a create-only resource', method: 'DELETE', path: '/apis/authentication.k8s.io/v1/tokenreviews', code: 405, reason: METHOD_NOT_ALLOWED },
];

/** Content-Type and Accept headers upstream does not serve. */
const mediaTypes: HostileCase[] = [
  post('POST application/xml', '<ConfigMap/>', 415, 'UnsupportedMediaType', { contentType: 'application/xml' }),
  post('POST text/plain', cm(), 415, 'UnsupportedMediaType', { contentType: 'text/plain' }),
  post('POST a patch media type', cm(), 415, 'UnsupportedMediaType', { contentType: MERGE_PATCH }),
  post('POST the apply media type', cm(), 415, 'UnsupportedMediaType', { contentType: APPLY }),
  post('POST a Content-Type that does not parse', cm(), 415, 'UnsupportedMediaType', { contentType: ';;;' }),
  post('POST a Content-Type with a bad parameter', cm(), 415, 'UnsupportedMediaType', { contentType: 'application/json; charset' }),
  put('PUT application/x-www-form-urlencoded', 'a=b', 415, 'UnsupportedMediaType', { contentType: 'application/x-www-form-urlencoded' }),
  patch('PATCH application/json', 'application/json', '{}', 415, 'UnsupportedMediaType'),
  patch('PATCH application/yaml', 'application/yaml', '{}', 415, 'UnsupportedMediaType'),
  patch('PATCH protobuf', PROTOBUF, '{}', 415, 'UnsupportedMediaType'),
  patch('PATCH a merge patch in capitals', 'APPLICATION/MERGE-PATCH+JSON', '{"data":{"a":"changed"}}', 415, 'UnsupportedMediaType', { path: `${CANARY}?dryRun=All` }),
  patch('PATCH multipart/form-data', 'multipart/form-data; boundary=x', '--x--', 415, 'UnsupportedMediaType'),
  get('GET Accept: text/html', CANARY, 406, 'NotAcceptable', { accept: 'text/html' }),
  get('GET Accept: image/png', CANARY, 406, 'NotAcceptable', { accept: 'image/png' }),
  get('GET Accept: application/json;as=Unknown', CANARY, 406, 'NotAcceptable', { accept: 'application/json;as=Unknown;g=meta.k8s.io;v=v1' }),
  get('GET Accept: a Table of an unknown version', CANARY, 406, 'NotAcceptable', { accept: 'application/json;as=Table;g=meta.k8s.io;v=v9' }),
  get('GET Accept: a Table of an unknown group', CANARY, 406, 'NotAcceptable', { accept: 'application/json;as=Table;g=example.com;v=v1' }),
  get('GET Accept: a list of unsupported types', CANARY, 406, 'NotAcceptable', { accept: 'text/html, application/xml;q=0.9' }),
  { title: 'DELETE Accept: text/html', method: 'DELETE', path: `${CANARY}?dryRun=All`, accept: 'text/html', code: 406, reason: 'NotAcceptable' },
];

/** Garbage protobuf bodies: 400 (what does not decode) on create and update. */
const magic = Buffer.from([0x6b, 0x38, 0x73, 0x00]);
const protobuf: HostileCase[] = [
  ...(
    [
      ['random bytes', Buffer.from('8f1a2b3c4d5e6f708192a3b4c5d6e7f8', 'hex')],
      ['a wrong magic', Buffer.concat([Buffer.from([0x6b, 0x39, 0x73, 0x00]), Buffer.from('0a0f0a0276311209436f6e6669674d6170', 'hex')])],
      ['a magic of three bytes', Buffer.from([0x6b, 0x38, 0x73])],
      ['a varint that never ends', Buffer.concat([magic, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])])],
      ['a length past the end', Buffer.concat([magic, Buffer.from([0x0a, 0x7f, 0x0a])])],
      ['a wire type 7', Buffer.concat([magic, Buffer.from([0x0f, 0x00])])],
      ['a field number 0', Buffer.concat([magic, Buffer.from([0x02, 0x00])])],
      ['a raw object that is garbage', Buffer.concat([magic, Buffer.from('0a0f0a0276311209436f6e6669674d6170', 'hex'), Buffer.from([0x12, 0x03, 0xff, 0xff, 0xff])])],
      ['a Secret in the envelope', Buffer.concat([magic, Buffer.from('0a0c0a027631120653656372657412021200', 'hex')])],
      ['a JSON body', Buffer.from(cm())],
    ] as const
  ).map(([title, body]) => post(`POST protobuf: ${title}`, body, 400, BAD_REQUEST, { contentType: PROTOBUF })),
  { title: 'PUT protobuf: random bytes', method: 'PUT', path: CANARY, contentType: PROTOBUF, body: Buffer.from('deadbeefcafebabe', 'hex'), code: 400, reason: BAD_REQUEST },
  { title: 'PUT protobuf: the magic then a truncated envelope', method: 'PUT', path: CANARY, contentType: PROTOBUF, body: Buffer.concat([magic, Buffer.from([0x0a, 0x05, 0x0a, 0x02])]), code: 400, reason: BAD_REQUEST },
];

export const HOSTILE_GROUPS: HostileGroup[] = [
  { name: 'malformed JSON bodies', cases: malformedJson },
  { name: 'wrong JSON types for type and object meta', cases: wrongTypes },
  { name: 'integers out of range or not integers', cases: badIntegers },
  { name: 'oversized bodies and values', cases: oversized },
  { name: 'deep nesting', cases: deepNesting },
  { name: 'YAML bodies', cases: yaml },
  { name: 'JSON patches of wrong shapes', cases: jsonPatches },
  { name: 'merge and strategic merge patches of wrong shapes', cases: mergePatches },
  { name: 'bad parameters', cases: parameters },
  { name: 'bad paths', cases: paths },
  { name: 'wrong methods', cases: methods },
  { name: 'media types', cases: mediaTypes },
  { name: 'garbage protobuf bodies', cases: protobuf },
];
