// Bundles the two runtime entry points (the `startServer()` API and the `kplane` command) into one
// ES module each, after tsc has checked and compiled the sources. Why: Node 20 loads ~450 modules of
// ours one by one (resolve, open, stat, read, compile each); as one module the import is ~90 ms shorter,
// which is a third of the start-up budget. Dependencies stay external (loaded from node_modules as usual).
// Code splitting keeps what is loaded with import() (the etcd backend with protobufjs, the SQLite backend
// with better-sqlite3) in chunks of their own (dist/chunks/): without it esbuild inlines those modules, and
// their packages load at every start.
import { build } from 'esbuild';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));

const ENTRY_POINTS = {
  kplane: 'src/index.ts',
  'kplane-cli': 'src/cli/main.ts',
};

// Chunks are named by content hash: those of an earlier build would otherwise pile up.
await rm(join(root, 'dist', 'chunks'), { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: ENTRY_POINTS,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Modules loaded with import() (the etcd and SQLite backends) stay out of the start-up path.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The command runs through its shebang (`npm start`, the package's bin), which carries its Node.js flags.
await chmod(join(root, 'dist', 'kplane-cli.js'), 0o755);
