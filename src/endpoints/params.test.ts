import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isStatusError } from '../errors/status-error.js';
import { deleteOptions, listParams, patchTypeErrors, writeParams } from './params.js';

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
  assert.deepEqual(writeParams(q('dryRun=All&fieldManager=me&fieldValidation=Strict'), 'CreateOptions'), { dryRun: true, fieldManager: 'me', fieldValidation: 'Strict', requestedFieldValidation: 'Strict' });
  // The directive defaults to Warn; the options webhooks see keep what was sent.
  assert.deepEqual(writeParams(q(''), 'CreateOptions'), { dryRun: false, fieldManager: undefined, fieldValidation: 'Warn', requestedFieldValidation: undefined });
  fails(() => writeParams(q('dryRun=Some'), 'CreateOptions'), 422, /CreateOptions\.meta\.k8s\.io "" is invalid: dryRun: Unsupported value/);
  fails(() => writeParams(q(`fieldManager=${'m'.repeat(129)}`), 'PatchOptions'), 422, /fieldManager: Too long: must have at most 128 bytes/);
  fails(() => writeParams(q('fieldValidation=Loose'), 'UpdateOptions'), 422, /UpdateOptions\.meta\.k8s\.io "" is invalid: fieldValidation: Unsupported value: "Loose": supported values: "", "Ignore", "Strict", "Warn"/);
});

test('delete options come from the body when there is one, else from the query; ValidateDeleteOptions in its order', () => {
  const fromBody = deleteOptions(q('gracePeriodSeconds=0&propagationPolicy=Foreground&dryRun=All'), { gracePeriodSeconds: 30, preconditions: { uid: 'u' } });
  assert.deepEqual(fromBody, { gracePeriodSeconds: 30, preconditions: { uid: 'u' }, dryRunAll: false });
  const fromQuery = deleteOptions(q('gracePeriodSeconds=0&propagationPolicy=Foreground&dryRun=All'), undefined);
  assert.deepEqual(fromQuery, { gracePeriodSeconds: 0, propagationPolicy: 'Foreground', dryRun: ['All'], dryRunAll: true });
  fails(() => deleteOptions(q('propagationPolicy=Sideways'), undefined), 422, /DeleteOptions\.meta\.k8s\.io "" is invalid: propagationPolicy: Unsupported value: "Sideways"/);
  fails(() => deleteOptions(q('gracePeriodSeconds=soon'), undefined), 400);
  fails(
    () => deleteOptions(q(''), { propagationPolicy: 'Sideways' as 'Orphan', orphanDependents: true, dryRun: ['Some'] }),
    422,
    /^DeleteOptions\.meta\.k8s\.io "" is invalid: \[propagationPolicy: Invalid value: "Sideways": orphanDependents and deletionPropagation cannot be both set, propagationPolicy: Unsupported value: "Sideways": .*, dryRun: Unsupported value: .*\]$/,
  );
});

test('force of any value, even empty or false, is forbidden on non-apply patches', () => {
  for (const query of ['force=', 'force=false', 'force=0', 'force=true']) assert.equal(patchTypeErrors(q(query), false).length, 1, query);
  assert.deepEqual(patchTypeErrors(q('x=1'), false), []);
});
