// Loads a CommonJS bundle of kplane through V8's code cache. Why: compiling the 1.7 MB bundle, and the
// functions start-up runs, was ~70 ms of the ~260 ms a fresh `import` + `startServer()` takes; with the
// cache V8 skips that work (Node 22's module.enableCompileCache does the same; Node 20 has no such thing).
// The cache is made at build time by running the bundle once (make-code-cache.ts) and sits beside it. V8
// refuses a cache made from other source, by another V8 or under other flags (`node --inspect`, the
// command's shebang flags): the bundle then compiles as usual, only slower.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/** A loaded bundle: what it exports, and its script (whose code cache the build writes). */
export interface LoadedBundle {
  exports: Record<string, unknown>;
  script: vm.Script;
  /** Whether V8 took the code cache (false without one, or when it refused it). */
  cacheUsed: boolean;
}

type ModuleWrapper = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void;

/** Where the code cache of `bundle` is kept. */
export function codeCacheOf(bundle: string): string {
  return `${bundle}.cache`;
}

/** Runs the CommonJS bundle at `bundle` (a path), with its code cache when one is there. */
export function loadBundle(bundle: string): LoadedBundle {
  const cache = codeCacheOf(bundle);
  // A hashbang line (the command's entry keeps its own) is no JavaScript inside the wrapper: blanked, so lines keep their numbers.
  const source = readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
  const cachedData = existsSync(cache) ? readFileSync(cache) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as ModuleWrapper)(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return { exports: module.exports, script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}
