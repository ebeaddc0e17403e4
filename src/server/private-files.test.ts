import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createPrivateFile, ensureOwnPrivateDirectory, ensurePrivateDirectory, goFileMode, privateKeyFiles, tightenPrivateFiles } from './private-files.js';

const root = await mkdtemp(join(tmpdir(), 'kplane-private-'));
after(() => rm(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (): string => join(root, `case-${++counter}`);
const modeOf = async (path: string): Promise<number> => (await stat(path)).mode & 0o777;

function collect(): { warn: (message: string) => void; messages: string[] } {
  const messages: string[] = [];
  return { warn: (message) => messages.push(message), messages };
}

describe('goFileMode', () => {
  const cases: [number, string][] = [[0o700, '-rwx------'], [0o600, '-rw-------'], [0o100644, '-rw-r--r--'], [0o040755, 'drwxr-xr-x'], [0o040777, 'drwxrwxrwx']];
  for (const [mode, text] of cases) it(`${mode.toString(8)} is ${text}`, () => assert.equal(goFileMode(mode), text));
});

describe('ensurePrivateDirectory', () => {
  it('creates a missing directory and its missing parents 0700', async () => {
    const dir = join(fresh(), 'a', 'b');
    const { warn, messages } = collect();
    await ensurePrivateDirectory(dir, warn);
    assert.equal(await modeOf(dir), 0o700);
    assert.deepEqual(messages, []);
  });

  it("keeps an existing directory's mode, warning as etcd does when others may enter", async () => {
    const dir = fresh();
    await mkdir(dir);
    await chmod(dir, 0o755);
    const { warn, messages } = collect();
    await ensurePrivateDirectory(dir, warn);
    assert.equal(await modeOf(dir), 0o755);
    assert.deepEqual(messages, [`directory ${JSON.stringify(dir)} exist, but the permission is "drwxr-xr-x". The recommended permission is "-rwx------" to prevent possible unprivileged access to the data`]);
    await chmod(dir, 0o700);
    await ensurePrivateDirectory(dir, warn);
    assert.equal(messages.length, 1, 'no warning for a private directory');
  });
});

describe('ensureOwnPrivateDirectory', () => {
  it('creates the directory 0700 and tightens an existing one of this user', async () => {
    const dir = fresh();
    await ensureOwnPrivateDirectory(dir);
    assert.equal(await modeOf(dir), 0o700);
    await chmod(dir, 0o777);
    await ensureOwnPrivateDirectory(dir);
    assert.equal(await modeOf(dir), 0o700);
  });
});

describe('tightenPrivateFiles', () => {
  it('sets loose files to 0600 and says so, leaves private ones and skips missing ones', async () => {
    const dir = fresh();
    await mkdir(dir);
    const [loose, groupReadable, tight, missing] = ['loose', 'group', 'tight', 'missing'].map((name) => join(dir, name)) as [string, string, string, string];
    for (const [path, mode] of [[loose, 0o644], [groupReadable, 0o640], [tight, 0o600]] as const) {
      await writeFile(path, 'secret');
      await chmod(path, mode);
    }
    const { warn, messages } = collect();
    await tightenPrivateFiles([loose, groupReadable, tight, missing], warn);
    for (const path of [loose, groupReadable, tight]) assert.equal(await modeOf(path), 0o600, path);
    assert.equal(await readFile(loose, 'utf8'), 'secret');
    assert.deepEqual(messages, [
      `file ${JSON.stringify(loose)} had permission "-rw-r--r--"; changed to "-rw-------" to prevent possible unprivileged access to the data`,
      `file ${JSON.stringify(groupReadable)} had permission "-rw-r-----"; changed to "-rw-------" to prevent possible unprivileged access to the data`,
    ]);
  });
});

describe('createPrivateFile', () => {
  it('creates an empty 0600 file, and leaves an existing one alone', async () => {
    const dir = fresh();
    await mkdir(dir);
    const path = join(dir, 'db');
    await createPrivateFile(path);
    assert.equal(await modeOf(path), 0o600);
    assert.equal(await readFile(path, 'utf8'), '');
    await writeFile(path, 'data');
    await createPrivateFile(path);
    assert.equal(await readFile(path, 'utf8'), 'data');
  });
});

describe('privateKeyFiles', () => {
  it('names the CA, serving and admin keys', () => {
    assert.deepEqual(privateKeyFiles('/pki'), ['/pki/ca.key', '/pki/apiserver.key', '/pki/admin.key']);
  });
});
