import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuTimeMs, parseCpuTicks } from './proc-stat.js';

test('parseCpuTicks adds utime and stime, also when the command name has spaces and parentheses', () => {
  const stat = '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 75 0 0 20 0 11 0 100 1000000 5000';
  assert.equal(parseCpuTicks(stat), 325);
});

test('cpuTimeMs of this process grows with work', { skip: process.platform !== 'linux' && 'needs /proc' }, () => {
  const before = cpuTimeMs(process.pid);
  const until = Date.now() + 60;
  while (Date.now() < until) Math.sqrt(Math.random());
  assert.ok(cpuTimeMs(process.pid) > before);
});
