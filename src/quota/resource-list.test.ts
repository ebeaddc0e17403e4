import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addLists, equalLists, exceededNames, formatResourceList, isZeroList, maskList, maxLists, negativeNames, parseResourceList, prettyPrint, roundUpToUnits,
  subtractNonNegative,
} from './resource-list.js';
import { parseQuantity, quantityString, type Quantity } from '../schema/quantity-value.js';

const list = (map: Record<string, string>) => parseResourceList(map);
const shown = (l: ReturnType<typeof list>) => formatResourceList(l);

test('sums keep the format of the first non-zero addend, as Quantity.Add', () => {
  const cases: Array<[Record<string, string>, Record<string, string>, Record<string, string>]> = [
    [{ memory: '0' }, { memory: '1Gi' }, { memory: '1Gi' }],
    [{ memory: '1Gi' }, { memory: '512Mi' }, { memory: '1536Mi' }],
    [{ memory: '1Gi' }, { memory: '500M' }, { memory: '1573741824' }],
    [{ memory: '500M' }, { memory: '1Gi' }, { memory: '1573741824' }],
    [{ cpu: '100m' }, { cpu: '1' }, { cpu: '1100m' }],
    [{ cpu: '1' }, { cpu: '1' }, { cpu: '2' }],
    [{ cpu: '250m' }, { cpu: '750m' }, { cpu: '1' }],
    [{ pods: '1' }, { services: '2' }, { pods: '1', services: '2' }],
    [{ 'requests.storage': '1e3' }, { 'requests.storage': '1' }, { 'requests.storage': '1001' }],
  ];
  for (const [a, b, sum] of cases) assert.deepEqual(shown(addLists(list(a), list(b))), sum, `${JSON.stringify(a)} + ${JSON.stringify(b)}`);
});

test('SubtractWithNonNegativeResult floors at zero and keeps names of either side', () => {
  assert.deepEqual(shown(subtractNonNegative(list({ 'requests.storage': '2Gi', pods: '1' }), list({ 'requests.storage': '1Gi', services: '1' }))), { pods: '1', 'requests.storage': '1Gi', services: '0' });
  assert.deepEqual(shown(subtractNonNegative(list({ 'requests.storage': '1Gi' }), list({ 'requests.storage': '2Gi' }))), { 'requests.storage': '0' });
  assert.ok(isZeroList(subtractNonNegative(list({ pods: '1' }), list({ pods: '1' }))));
});

test('Max takes the larger, the second on a tie; Mask keeps named entries', () => {
  assert.deepEqual(shown(maxLists(list({ cpu: '1', memory: '1Gi' }), list({ cpu: '500m', memory: '2Gi', 'hugepages-2Mi': '4Mi' }))), { cpu: '1', 'hugepages-2Mi': '4Mi', memory: '2Gi' });
  const tie = maxLists(list({ memory: '1024Mi' }), list({ memory: '1073741824' }));
  assert.equal((tie.get('memory') as Quantity).format, 'DecimalSI');
  assert.deepEqual(shown(maskList(list({ cpu: '1', memory: '1Gi' }), ['memory', 'pods'])), { memory: '1Gi' });
});

test('comparisons: exceeded names, negatives, equality by value', () => {
  assert.deepEqual(exceededNames(list({ pods: '3', cpu: '2', other: '9' }), list({ pods: '2', cpu: '2' })), ['pods']);
  assert.deepEqual(negativeNames(list({ cpu: '-1', memory: '1' })), ['cpu']);
  assert.ok(equalLists(list({ cpu: '1000m' }), list({ cpu: '1' })));
  assert.ok(!equalLists(list({ cpu: '1' }), list({ cpu: '1', pods: '0' })));
});

test('prettyPrint sorts names and shows canonical quantities', () => {
  assert.equal(prettyPrint(list({ 'requests.memory': '512Mi', 'requests.cpu': '0.5', pods: '1', 'limits.memory': '536870912' })), 'limits.memory=536870912,pods=1,requests.cpu=500m,requests.memory=512Mi');
});

test('RoundUp(0) rounds storage requests up to whole bytes', () => {
  const rounded = (text: string) => quantityString(roundUpToUnits(parseQuantity(text) as Quantity));
  assert.equal(rounded('1500m'), '2');
  assert.equal(rounded('1.5Gi'), '1536Mi');
  assert.equal(rounded('1Gi'), '1Gi');
  assert.equal(rounded('1n'), '1');
});
