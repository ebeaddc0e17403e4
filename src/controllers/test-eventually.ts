// Test support for controllers: wait for an effect a controller makes asynchronously.

/** Polls `check` every 25 ms until it returns a value; fails after 10 s naming `what`. */
export async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until `controller.check()` passes (a watch that just ended is opened again after a relist). */
export async function untilHealthy(controller: { check(): void }): Promise<void> {
  await until(async () => {
    try {
      controller.check();
      return true;
    } catch {
      return undefined;
    }
  }, 'the controller to be healthy');
}
