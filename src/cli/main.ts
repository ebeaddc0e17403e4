#!/usr/bin/env node
// The `kplane` command: `kplane serve [flags]` runs the API server until SIGINT/SIGTERM.
import { FlagError, parseServeFlags, serveUsage, serverOptionsOf } from './flags.js';
import { startServer } from '../server/start-server.js';
import { buildVersionInfo } from '../endpoints/discovery/version.js';

const KPLANE_VERSION = buildVersionInfo().gitVersion;

const USAGE = `kplane: a Kubernetes API server.

Usage:
  kplane serve [flags]   run the API server (see 'kplane serve --help')
  kplane version         print the version
`;

async function serve(argv: readonly string[]): Promise<void> {
  const options = parseServeFlags(argv);
  if (options.help) {
    process.stdout.write(serveUsage());
    return;
  }
  if (options.version) {
    process.stdout.write(`${KPLANE_VERSION}\n`);
    return;
  }
  const started = Date.now();
  const server = await startServer(serverOptionsOf(options));
  console.log(`kplane: serving on ${server.url} (${options.storage}, ready in ${Date.now() - started} ms)`);
  console.log(`kplane: kubectl --kubeconfig ${server.kubeconfigPath} get namespaces`);
  const stop = (signal: string): void => {
    console.log(`kplane: ${signal}, shutting down`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'serve') return serve(rest);
  if (command === 'version' || command === '--version') {
    process.stdout.write(`${KPLANE_VERSION}\n`);
    return;
  }
  process.stdout.write(USAGE);
  if (command !== undefined && command !== 'help' && command !== '--help' && command !== '-h') process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof FlagError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('kplane:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
