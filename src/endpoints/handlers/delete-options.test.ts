import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../../errors/status-error.js';
import { DeleteOptionsSchema } from '../../apis/meta/v1/schemas.generated.js';
import { encodeProtobufObject } from '../../schema/protobuf/index.js';
import { deleteOptionsBody } from './delete-options.js';

const text = (s: string) => Buffer.from(s);

test('delete options bodies in JSON, YAML and protobuf (client-go typed clients send protobuf)', () => {
  assert.equal(deleteOptionsBody(text('')), undefined);
  const expected = { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 5, preconditions: { uid: 'u-1' } };
  assert.deepEqual(deleteOptionsBody(text('{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":5,"preconditions":{"uid":"u-1"}}')), expected);
  assert.deepEqual(deleteOptionsBody(text('{"gracePeriodSeconds":5}'), 'application/json; charset=utf-8'), { gracePeriodSeconds: 5 });
  assert.deepEqual(deleteOptionsBody(text('kind: DeleteOptions\napiVersion: v1\ngracePeriodSeconds: 5\npreconditions:\n  uid: u-1\n'), 'application/yaml'), expected);
  const protobuf = Buffer.from(encodeProtobufObject(DeleteOptionsSchema, 'meta.k8s.io/v1', 'DeleteOptions', { gracePeriodSeconds: 5, preconditions: { uid: 'u-1' }, propagationPolicy: 'Background' }));
  assert.deepEqual(deleteOptionsBody(protobuf, 'application/vnd.kubernetes.protobuf'), {
    kind: 'DeleteOptions', apiVersion: 'meta.k8s.io/v1', gracePeriodSeconds: 5, preconditions: { uid: 'u-1' }, propagationPolicy: 'Background',
  });
});

test('what the decoders refuse is a 500 without a reason, as upstream hands it back; other media types are 415', () => {
  const cases: Array<[Buffer, string | undefined, number, RegExp]> = [
    [text('{"gracePeriodSeconds":'), undefined, 500, /^couldn't get version\/kind; json parse error: unexpected end of JSON input$/],
    [text('{"gracePeriodSeconds":"5"}'), undefined, 500, /^json: cannot unmarshal string into Go struct field DeleteOptions\.gracePeriodSeconds of type int64$/],
    [text('{"preconditions":[]}'), undefined, 500, /cannot unmarshal array/],
    [text('{"kind":"ConfigMap","apiVersion":"v1"}'), undefined, 500, /^decoded object cannot be converted to DeleteOptions$/],
    [text('{"kind":7}'), undefined, 500, /cannot unmarshal number into Go struct field \.kind of type string/],
    [text('a: [1'), 'application/yaml', 500, /^error converting YAML to JSON: /],
    [text('k8s\u0000garbage'), 'application/vnd.kubernetes.protobuf', 500, /./],
    [Buffer.from(encodeProtobufObject(DeleteOptionsSchema, 'v1', 'ConfigMap', {})), 'application/vnd.kubernetes.protobuf', 500, /^decoded object cannot be converted to DeleteOptions$/],
    [text('{}'), 'text/plain', 415, /accepted media types include: application\/json, application\/yaml, application\/vnd\.kubernetes\.protobuf/],
  ];
  for (const [body, contentType, code, message] of cases) {
    assert.throws(() => deleteOptionsBody(body, contentType), (e) => isStatusError(e) && e.code === code && (code !== 500 || e.status.reason === undefined) && message.test(e.message), `${contentType} ${body.toString()}`);
  }
});
