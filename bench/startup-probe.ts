// Child process of the startup scenario: times `startServer({ storage: 'memory', securePort: 0 })` in a
// fresh Node.js process (as a test file would call it), and prints one JSON line with the figures.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { elapsedMs } from './stats.js';

const importStart = process.hrtime.bigint();
// The bundled package entry point (dist/kplane.js), as a test suite importing `kplane` loads it.
const BUNDLE = new URL('../kplane.js', import.meta.url).href;
const { startServer } = (await import(BUNDLE)) as typeof import('../src/index.js');
const importMs = elapsedMs(importStart);
const start = process.hrtime.bigint();
const server = await startServer({ storage: 'memory', securePort: 0 });
const readyMs = elapsedMs(start);
// Resident memory of the empty server, once the start-up garbage is collected. The collector is exposed
// only now: started with --expose-gc, the process would not match the flags the code cache was made under.
setFlagsFromString('--expose-gc');
(runInNewContext('gc') as () => void)();
const rssMb = process.memoryUsage().rss / 1e6;
const stopStart = process.hrtime.bigint();
await server.stop();
console.log(JSON.stringify({ importMs, readyMs, rssMb, stopMs: elapsedMs(stopStart) }));
