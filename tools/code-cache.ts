// Loads a CommonJS bundle of kplane through V8's code cache. Why: compiling the 1.7 MB bundle, and the
// functions start-up runs, was ~70 ms of the ~260 ms a fresh `import` + `startServer()` takes; with the
// cache V8 skips that work (Node 22's module.enableCompileCache does the same; Node 20 has no such thing).
// The cache is made at build time by running the bundle once (make-code-cache.ts) and sits beside it:
// the SHA-256 of the source it was made from, then V8's data. A cache of other source is not offered to
// V8 (V8 itself checks only the length); V8 refuses one made by another V8 or under other flags (`node
// --max-old-space-size`, the command's shebang flags): the bundle then compiles as usual, only slower.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/** A loaded bundle: what it exports, whether V8 took the code cache, and the script run (none when required). */
export interface LoadedBundle {
  exports: Record<string, unknown>;
  cacheUsed: boolean;
  script?: vm.Script;
}

type ModuleWrapper = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

const HASH_BYTES = 32;

/** Where the code cache of `bundle` is kept. */
export function codeCacheOf(bundle: string): string {
  return `${bundle}.cache`;
}

/** The bundle's source as compiled: a hashbang line (the command keeps its own) blanked, so lines keep their numbers. */
function sourceOf(bundle: string): string {
  return readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
}

function sha256(source: string): Buffer {
  return createHash('sha256').update(source).digest();
}

/** Runs the CommonJS bundle at `bundle` (a path), with its code cache when one matches it. */
export function loadBundle(bundle: string): LoadedBundle {
  // Node 20 maps stack traces of required files only, not of vm scripts: with source maps on, require it.
  if (process.sourceMapsEnabled) return { exports: createRequire(bundle)(bundle) as Record<string, unknown>, cacheUsed: false };
  const source = sourceOf(bundle);
  const cache = codeCacheOf(bundle);
  const stored = existsSync(cache) ? readFileSync(cache) : undefined;
  const cachedData = stored && stored.subarray(0, HASH_BYTES).equals(sha256(source)) ? stored.subarray(HASH_BYTES) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as ModuleWrapper)(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { exports: module.exports, cacheUsed: cachedData !== undefined && !script.cachedDataRejected, script };
}

/** Writes the code cache of a bundle `loadBundle` ran (after running what the cache should hold compiled). */
export function writeCodeCache(bundle: string, loaded: LoadedBundle): void {
  if (!loaded.script) throw new Error(`${bundle} was required, not compiled here: no code cache to write`);
  writeFileSync(codeCacheOf(bundle), Buffer.concat([sha256(sourceOf(bundle)), loaded.script.createCachedData()]));
}
