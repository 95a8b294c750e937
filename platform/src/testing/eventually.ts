/** Resolves once `check` holds, trying every `everyMs`; throws after `timeoutMs`. For tests. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Runs `attempt` (given its number, from 1) again while `parted` says a loaded machine split work
 * that normally goes together, at most `times` in all; answers the last attempt. For tests of
 * batching whose wakes may arrive apart: the attempt that joins is still checked in full.
 */
export async function triedAgainWhile<T>(attempt: (n: number) => Promise<T>, parted: (result: T) => boolean, times = 3): Promise<T> {
  let result = await attempt(1);
  for (let n = 2; n <= times && parted(result); n++) result = await attempt(n);
  return result;
}
