// Test support for the official clients: the HTTP status of a rejected client-node call, and the
// Python client run through Debian's interpreter.
import { execFile } from 'node:child_process';
import { ApiException } from '@kubernetes/client-node';

/** The HTTP status of a client-node call: 200 when it succeeds, the error's code when it is refused. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiException) return error.code;
    throw error;
  }
  return 200;
}

/** Debian's interpreter: the one python3-kubernetes is installed for (a pyenv shim on PATH may lack it). */
export const PYTHON = '/usr/bin/python3';

/** Why the Python client's tests skip when it cannot run here. */
export const PYTHON_CLIENT_MISSING = `${PYTHON} with Debian's python3-kubernetes is not installed (.ci/run installs it)`;

let pythonClient: Promise<boolean> | undefined;

/**
 * Whether the Python client can run here: the interpreter imports `kubernetes` (checked once per process; a
 * python3 without the package, as on a fresh Debian, skips the tests instead of failing them).
 */
export const hasPython = (): Promise<boolean> =>
  (pythonClient ??= new Promise((resolve) => execFile(PYTHON, ['-c', 'import kubernetes'], { timeout: 30_000 }, (error) => resolve(error === null))));

/** Runs a Python script with KUBECONFIG set to `kubeconfig`. */
export function python(script: string, kubeconfig: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(PYTHON, ['-c', script], { env: { ...process.env, KUBECONFIG: kubeconfig }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
