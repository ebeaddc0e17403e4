// Bundles the two runtime entry points (the `startServer()` API and the `kplane` command) into one
// CommonJS file each (dist/bundle/*.cjs), after tsc has checked and compiled the sources, and makes each a
// V8 code cache. Why one file: Node 20 loads ~450 modules of ours one by one (resolve, open, stat, read,
// compile each); as one the import is ~90 ms shorter. Why CommonJS: a script's compiled code can be cached
// (tools/code-cache.ts), an ES module's cannot in Node 20; the cache takes another ~70 ms off a start.
// dist/kplane.js and dist/kplane-cli.js stay ES modules: small loaders of the bundles.
// Dependencies stay external (loaded from node_modules as usual). Modules the sources load with import()
// (the etcd backend with protobufjs, the SQLite backend with better-sqlite3) are evaluated only when
// imported, so their packages are not loaded at start.
import { execFileSync } from 'node:child_process';
import { chmod, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { firstLine, nodeFlagsOf } from './shebang.js';

const root = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));
const dist = join(root, 'dist');
const LIBRARY = join(dist, 'bundle', 'kplane.cjs');
const COMMAND = join(dist, 'bundle', 'kplane-cli.cjs');
const MAKE_CACHE = join(dist, 'tools', 'make-code-cache.js');

// Earlier layouts' outputs (ES module chunks) would otherwise stay behind.
await rm(join(dist, 'chunks'), { recursive: true, force: true });
await rm(join(dist, 'bundle'), { recursive: true, force: true });
for (const map of ['kplane.js.map', 'kplane-cli.js.map']) await rm(join(dist, map), { force: true });

await build({
  absWorkingDir: root,
  entryPoints: { kplane: 'src/index.ts', 'kplane-cli': 'src/cli/main.ts' },
  outdir: 'dist/bundle',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // import() of a package (jose, prom-client, @peculiar/x509) becomes require() in a promise: a script run
  // from a code cache has no dynamic import (Node 20 loses its callback, and vm's default-loader option is
  // experimental and warns). jose is an ES module only: Node 20 requires one from 20.19 (package.json's engines).
  supported: { 'dynamic-import': false },
  // The few modules that find files beside themselves (createRequire) use their bundle's URL.
  define: { 'import.meta.url': '__kplaneBundleUrl' },
  banner: { js: 'const __kplaneBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
});

// The command's Node.js flags are in its source's shebang (src/cli/main.ts), which its loader carries.
const shebang = firstLine(join(root, 'src', 'cli', 'main.ts'));
const commandFlags = nodeFlagsOf(shebang);

// The package's named exports, as the bundle has them.
const exportNames = Object.keys(createRequire(import.meta.url)(LIBRARY) as object).filter((name) => name !== '__esModule');
const loader = (bundle: string): string =>
  `import { fileURLToPath } from 'node:url';\nimport { loadBundle } from './tools/code-cache.js';\n\n` +
  `const { exports } = loadBundle(fileURLToPath(new URL('./bundle/${bundle}', import.meta.url)));\n`;
await writeFile(join(dist, 'kplane.js'),
  `// kplane's entry point: the bundle, compiled through its code cache (tools/code-cache.ts).\n${loader('kplane.cjs')}` +
  `export const { ${exportNames.join(', ')} } = exports;\n`);
await writeFile(join(dist, 'kplane-cli.js'),
  `${shebang}\n// The \`kplane\` command: the bundle, compiled through its code cache (tools/code-cache.ts).\n${loader('kplane-cli.cjs')}void exports;\n`);
// The command runs through its shebang (`npm start`, the package's bin), which carries its Node.js flags.
await chmod(join(dist, 'kplane-cli.js'), 0o755);

// Each cache made under the flags its bundle runs with: the library's under none, the command's under its shebang's.
execFileSync(process.execPath, [MAKE_CACHE, LIBRARY, 'library'], { stdio: ['ignore', 'ignore', 'inherit'] });
execFileSync(process.execPath, [...commandFlags, MAKE_CACHE, COMMAND, 'command'], { stdio: ['ignore', 'ignore', 'inherit'] });
