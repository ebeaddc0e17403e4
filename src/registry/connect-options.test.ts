import { test } from 'node:test';
import assert from 'node:assert/strict';
import { portForwardOptions, proxyOptions, streamOptions } from './connect-options.js';

test('exec and attach options: stream flags as the parameter codec reads them, the container, exec\'s command (null when none)', () => {
  const q = (s: string) => new URLSearchParams(s);
  assert.deepEqual(streamOptions('PodExecOptions', q('command=ls&command=-l&stdout=true&stderr=1&stdin=false&tty=F&container=c')),
    { kind: 'PodExecOptions', apiVersion: 'v1', stdout: true, stderr: true, container: 'c', command: ['ls', '-l'] });
  assert.deepEqual(streamOptions('PodExecOptions', q('')), { kind: 'PodExecOptions', apiVersion: 'v1', command: null });
  assert.deepEqual(streamOptions('PodAttachOptions', q('stdin=0&stdout=yes&command=x')), { kind: 'PodAttachOptions', apiVersion: 'v1', stdout: true });
});

test('port-forward options: each ports value (split on commas) a 16-bit number, anything else a 400 with strconv\'s words', () => {
  assert.deepEqual(portForwardOptions(new URLSearchParams('ports=8080&ports=9090,9091')), { kind: 'PodPortForwardOptions', apiVersion: 'v1', ports: [8080, 9090, 9091] });
  assert.deepEqual(portForwardOptions(new URLSearchParams('')), { kind: 'PodPortForwardOptions', apiVersion: 'v1' });
  assert.throws(() => portForwardOptions(new URLSearchParams('ports=http')), { code: 400, message: 'cannot convert to []int32: strconv.ParseUint: parsing "http": invalid syntax' });
  assert.throws(() => portForwardOptions(new URLSearchParams('ports=-1')), { code: 400, message: 'cannot convert to []int32: strconv.ParseUint: parsing "-1": invalid syntax' });
  assert.throws(() => portForwardOptions(new URLSearchParams('ports=70000')), { code: 400, message: 'cannot convert to []int32: strconv.ParseUint: parsing "70000": value out of range' });
});

test('proxy options: the path below proxy/ with a leading slash, and the request\'s trailing one', () => {
  assert.deepEqual(proxyOptions('PodProxyOptions', 'healthz/ready', false), { kind: 'PodProxyOptions', apiVersion: 'v1', path: '/healthz/ready' });
  assert.deepEqual(proxyOptions('ServiceProxyOptions', 'ui', true), { kind: 'ServiceProxyOptions', apiVersion: 'v1', path: '/ui/' });
  assert.deepEqual(proxyOptions('NodeProxyOptions', '', true), { kind: 'NodeProxyOptions', apiVersion: 'v1', path: '/' });
  assert.deepEqual(proxyOptions('NodeProxyOptions', '', false), { kind: 'NodeProxyOptions', apiVersion: 'v1' });
});
