// Preloaded into a kplane server process by the memory scenario (`node --expose-gc --import <this>`):
// on SIGUSR2 it runs two full garbage collections and prints `memory-probe {process.memoryUsage()}`, so the
// benchmark reads the process's RSS (from /proc) with garbage out of the way.
process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  process.stdout.write(`memory-probe ${JSON.stringify(process.memoryUsage())}\n`);
});
