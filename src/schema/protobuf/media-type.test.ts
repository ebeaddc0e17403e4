import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prefersProtobuf, type AcceptedRange } from './media-type.js';

/** Accept header ranges in order, parameters after `;` (q already applied by the caller). */
const ranges = (header: string): AcceptedRange[] =>
  header.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    return { type, params: new Map(params.map((p) => p.split('=') as [string, string])) };
  });

test('protobuf only for clients without a JSON fallback', () => {
  const cases: [string, boolean, boolean][] = [
    ['application/vnd.kubernetes.protobuf', false, true],
    ['application/vnd.kubernetes.protobuf, application/yaml', false, true],
    // kubectl and client-go: protobuf first, JSON as fallback -> JSON
    ['application/vnd.kubernetes.protobuf,application/json', false, false],
    ['application/vnd.kubernetes.protobuf, */*', false, false],
    ['application/vnd.kubernetes.protobuf, application/*', false, false],
    ['application/json', false, false],
    ['application/yaml, application/vnd.kubernetes.protobuf', false, false],
    // a Table or metadata transform in protobuf is not the object itself
    ['application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io', false, false],
    // watch streams: the same rule; `stream=watch` only on streams
    ['application/vnd.kubernetes.protobuf;stream=watch', true, true],
    ['application/vnd.kubernetes.protobuf', true, true],
    ['application/vnd.kubernetes.protobuf;stream=watch,application/json', true, false],
    ['application/vnd.kubernetes.protobuf;stream=watch', false, false],
  ];
  for (const [header, stream, expected] of cases) assert.equal(prefersProtobuf(ranges(header), stream), expected, `${header} (stream: ${stream})`);
});
