import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { deleteOptions, deleteOptionsBody, listParams, patchTypeErrors, writeParams } from './params.js';

const q = (s: string) => new URLSearchParams(s);
const fails = (fn: () => unknown, code: number, message?: RegExp) =>
  assert.throws(fn, (e) => isStatusError(e) && e.code === code && (!message || message.test(e.message)));

test('list parameters: resourceVersionMatch rules (1-conventions: resource versions, rule 1)', () => {
  fails(() => listParams(q('resourceVersionMatch=Exact'), false), 422, /ListOptions\.meta\.k8s\.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided/);
  fails(() => listParams(q('resourceVersionMatch=Exact&resourceVersion=0'), false), 422, /forbidden for resourceVersion "0"/);
  fails(() => listParams(q('resourceVersionMatch=NotOlderThan&resourceVersion=5'), true), 422, /^ListOptions\.meta\.k8s\.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch$/);
  fails(() => listParams(q('resourceVersionMatch=Sometimes&resourceVersion=5'), false), 422, /Unsupported value: "Sometimes"/);
  fails(() => listParams(q('resourceVersionMatch=Exact&resourceVersion=5&continue=x'), false), 422, /forbidden when continue is provided/);
  assert.equal(listParams(q('resourceVersionMatch=NotOlderThan&resourceVersion=5'), false).resourceVersionMatch, 'NotOlderThan');
  fails(() => listParams(q('limit=abc'), false), 400, /strconv.ParseInt: parsing "abc": invalid syntax/);
  assert.equal(listParams(q('limit=0'), false).limit, undefined);
  assert.equal(listParams(q('allowWatchBookmarks=true&timeoutSeconds=5'), true).timeoutSeconds, 5);
});

test('write parameters: dryRun, fieldManager, fieldValidation', () => {
  assert.deepEqual(writeParams(q('dryRun=All&fieldManager=me&fieldValidation=Strict'), 'CreateOptions'), { dryRun: true, fieldManager: 'me', fieldValidation: 'Strict' });
  assert.equal(writeParams(q(''), 'CreateOptions').fieldValidation, 'Warn');
  fails(() => writeParams(q('dryRun=Some'), 'CreateOptions'), 422, /CreateOptions\.meta\.k8s\.io "" is invalid: dryRun: Unsupported value/);
  fails(() => writeParams(q(`fieldManager=${'m'.repeat(129)}`), 'PatchOptions'), 422, /fieldManager: Too long: must have at most 128 bytes/);
  fails(() => writeParams(q('fieldValidation=Loose'), 'UpdateOptions'), 422, /UpdateOptions\.meta\.k8s\.io "" is invalid: fieldValidation: Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"/);
});

test('delete options: query overrides body; invalid propagation policy is 422', () => {
  const options = deleteOptions(q('gracePeriodSeconds=0&propagationPolicy=Foreground'), { gracePeriodSeconds: 30, preconditions: { uid: 'u' } });
  assert.equal(options.gracePeriodSeconds, 0);
  assert.equal(options.propagationPolicy, 'Foreground');
  assert.deepEqual(options.preconditions, { uid: 'u' });
  fails(() => deleteOptions(q('propagationPolicy=Sideways'), undefined), 422, /DeleteOptions\.meta\.k8s\.io "" is invalid: propagationPolicy: Unsupported value: "Sideways"/);
  assert.equal(deleteOptions(q('dryRun=All'), undefined).dryRunAll, true);
});

test('delete options bodies: what the decoder refuses is a 500 without a reason, as upstream hands it back', () => {
  const body = (s: string) => Buffer.from(s);
  assert.equal(deleteOptionsBody(body('')), undefined);
  assert.deepEqual(deleteOptionsBody(body('{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":5}')), { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 5 });
  for (const [text, message] of [
    ['{"gracePeriodSeconds":', /^couldn't get version\/kind; json parse error: unexpected end of JSON input$/],
    ['{"gracePeriodSeconds":"5"}', /^json: cannot unmarshal string into Go struct field DeleteOptions\.gracePeriodSeconds of type int64$/],
    ['{"preconditions":[]}', /cannot unmarshal array/],
    ['{"kind":"ConfigMap","apiVersion":"v1"}', /^decoded object cannot be converted to DeleteOptions$/],
    ['{"kind":7}', /cannot unmarshal number into Go struct field \.kind of type string/],
  ] as const) {
    assert.throws(() => deleteOptionsBody(body(text)), (e) => isStatusError(e) && e.code === 500 && e.status.reason === undefined && message.test(e.message), text);
  }
});

test('force of any value, even empty or false, is forbidden on non-apply patches', () => {
  for (const query of ['force=', 'force=false', 'force=0', 'force=true']) assert.equal(patchTypeErrors(q(query), false).length, 1, query);
  assert.deepEqual(patchTypeErrors(q('x=1'), false), []);
});
