import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { compareParsed, compareQuantities, goQuantity, parseQuantity, quantitySign, quantityString, roundedMilliValue, roundedValue, type Quantity } from './quantity-value.js';

test('quantitySign and compareQuantities', () => {
  const signs: [string, number][] = [['0', 0], ['1Gi', 1], ['-1', -1], ['0.000m', 0], ['+.5', 1], ['1e-3', 1], ['-1e3', -1], ['bogus', 0]];
  for (const [text, want] of signs) assert.equal(quantitySign(text), want, text);
  const comparisons: [string, string, number][] = [
    ['1Gi', '1G', 1], ['1000M', '1G', 0], ['1024Mi', '1Gi', 0], ['500m', '0.5', 0], ['1e3', '1k', 0], ['2Gi', '3Gi', -1], ['1.5Gi', '1536Mi', 0],
  ];
  for (const [a, b, want] of comparisons) assert.equal(compareQuantities(a, b), want, `${a} vs ${b}`);
});

const q = (text: string): Quantity => {
  const parsed = parseQuantity(text);
  assert.ok(parsed, text);
  return parsed;
};

describe('quantityString (upstream canonical form)', () => {
  const cases: [string, string][] = [
    ['0', '0'],
    ['1', '1'],
    ['1000m', '1'],
    ['1500m', '1500m'],
    ['0.5', '500m'],
    ['1.5', '1500m'],
    ['1000', '1k'],
    ['1500', '1500'],
    ['1500000', '1500k'],
    ['1Gi', '1Gi'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['100Ki', '100Ki'],
    ['1023', '1023'],
    ['1e3', '1e3'],
    ['1E-2', '10e-3'],
    ['-1', '-1'],
    ['-500m', '-500m'],
    ['0.0000000001', '1n'],
    ['12345678901234567890', '12345678901234567890'],
    ['8Gi', '8Gi'],
  ];
  for (const [text, want] of cases) it(`${text} -> ${want}`, () => assert.equal(quantityString(q(text)), want));
});

describe('compare, Value and MilliValue', () => {
  it('compares across formats', () => {
    assert.equal(compareParsed(q('1Gi'), q('1073741824')), 0);
    assert.equal(compareParsed(q('500m'), q('1')), -1);
    assert.equal(compareParsed(q('2k'), q('1Ki')), 1);
  });
  it('rounds up away from zero', () => {
    assert.equal(roundedValue(q('1500m')), 2n);
    assert.equal(roundedValue(q('-1500m')), -2n);
    assert.equal(roundedMilliValue(q('1.0001')), 1001n);
    assert.equal(roundedMilliValue(q('1Ki')), 1024000n);
  });
  it('rejects what ParseQuantity rejects', () => assert.equal(parseQuantity('1Gb'), undefined));
});

describe('goQuantity (Go %#v of a Quantity)', () => {
  const cases: [string, boolean, string][] = [
    ['500m', false, 'resource.Quantity{i:resource.int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"500m", Format:"DecimalSI"}'],
    ['1500m', false, 'resource.Quantity{i:resource.int64Amount{value:1500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1500m", Format:"DecimalSI"}'],
    ['1000m', false, 'resource.Quantity{i:resource.int64Amount{value:1000, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"DecimalSI"}'],
    ['1000m', true, 'resource.Quantity{i:resource.int64Amount{value:1000, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1", Format:"DecimalSI"}'],
    ['0.5', false, 'resource.Quantity{i:resource.int64Amount{value:5, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"DecimalSI"}'],
    ['1Gi', false, 'resource.Quantity{i:resource.int64Amount{value:1073741824, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"1Gi", Format:"BinarySI"}'],
    ['2', false, 'resource.Quantity{i:resource.int64Amount{value:2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"2", Format:"DecimalSI"}'],
  ];
  for (const [text, stringCalled, want] of cases) it(`${text}${stringCalled ? ' after String()' : ''}`, () => assert.equal(goQuantity(q(text), stringCalled), want));
});
