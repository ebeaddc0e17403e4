// The built bundles run from their code caches under the flags they were made for, and still run, compiled
// as usual, when V8 refuses a cache (other flags). Runs after `npm run build`, on dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { shebangNodeFlags } from './shebang.js';

const dist = fileURLToPath(new URL('../', import.meta.url));
const codeCache = `${dist}tools/code-cache.js`;

/** Loads `bundle` in a fresh Node.js with `flags`; what it exports and whether the cache was used. */
async function load(bundle: string, flags: readonly string[], argv: readonly string[] = []): Promise<{ exports: string[]; cacheUsed: boolean }> {
  const path = bundle.startsWith('/') ? bundle : `${dist}bundle/${bundle}`;
  const script = `const { loadBundle } = await import(${JSON.stringify(codeCache)});
    const loaded = loadBundle(${JSON.stringify(path)});
    console.log(JSON.stringify({ exports: Object.keys(loaded.exports), cacheUsed: loaded.cacheUsed }));`;
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--input-type=module', '-e', script, ...argv]);
  return JSON.parse(stdout.trim().split('\n').pop() as string) as { exports: string[]; cacheUsed: boolean };
}

const commandFlags = (): string[] => shebangNodeFlags(`${dist}kplane-cli.js`);

test('the library bundle runs from its code cache without flags, and without the cache under others', async () => {
  const cached = await load('kplane.cjs', []);
  assert.equal(cached.cacheUsed, true);
  assert.ok(cached.exports.includes('startServer'));
  const refused = await load('kplane.cjs', ['--expose-gc']);
  assert.equal(refused.cacheUsed, false);
  assert.deepEqual(refused.exports, cached.exports);
});

test("the command's bundle runs from its code cache under its shebang's flags", async () => {
  assert.ok(commandFlags().length > 0, 'the command has Node.js flags in its shebang');
  const cached = await load('kplane-cli.cjs', commandFlags(), ['version']);
  assert.equal(cached.cacheUsed, true);
  assert.equal((await load('kplane-cli.cjs', [], ['version'])).cacheUsed, false);
});

test('a cache made from other source of the same length is not offered to V8; with source maps on, the bundle is required', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kplane-code-cache-'));
  try {
    const bundle = join(dir, 'kplane.cjs');
    const source = readFileSync(`${dist}bundle/kplane.cjs`, 'utf8');
    copyFileSync(`${dist}bundle/kplane.cjs.cache`, `${bundle}.cache`);
    writeFileSync(bundle, source);
    assert.equal((await load(bundle, [])).cacheUsed, true, 'the copy takes the cache');
    const edited = source.replace('v1.25.0-kplane', 'v9.99.9-kplane');
    assert.notEqual(edited, source);
    writeFileSync(bundle, edited);
    assert.equal((await load(bundle, [])).cacheUsed, false);
    const mapped = await load('kplane.cjs', ['--enable-source-maps']);
    assert.equal(mapped.cacheUsed, false);
    assert.ok(mapped.exports.includes('startServer'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
