// Writes the code cache of a bundle (code-cache.ts) after running what a start runs, so that the cache
// holds the functions start-up compiles, not only the top level. Run by bundle.ts with the Node.js flags
// the bundle will run under (V8 refuses a cache made under other flags):
//   node [flags] dist/tools/make-code-cache.js <bundle> library   import, startServer({ storage: 'memory' }), stop
//   node [flags] dist/tools/make-code-cache.js <bundle> command   load the command as `kplane version` runs it
import { loadBundle, writeCodeCache } from './code-cache.js';

interface Library {
  startServer(options: { storage: 'memory'; securePort: number }): Promise<{ stop(): Promise<void> }>;
}

const [bundle, kind] = process.argv.slice(2);
if (bundle === undefined || (kind !== 'library' && kind !== 'command')) throw new Error('usage: make-code-cache <bundle> library|command');
if (kind === 'command') process.argv = [process.argv[0] as string, bundle, 'version'];
const loaded = loadBundle(bundle);
if (kind === 'library') {
  const server = await (loaded.exports as unknown as Library).startServer({ storage: 'memory', securePort: 0 });
  await server.stop();
}
writeCodeCache(bundle, loaded);
process.exit(0);
