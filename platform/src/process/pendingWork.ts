/**
 * Work a request started that must finish even though its answer is already out, or its client
 * has gone: the rule is that no route answers before the work it promises is recorded, and where a
 * route cannot wait (the password reset answers before it looks anything up, so its timing tells
 * nothing; a chat answer whose reader left still gives the question back), the work is registered
 * here and a graceful shutdown waits for it after the requests have drained and before the
 * services stop and the pool closes (docs/decisions/reliability.md). One registry per process.
 */
const pending = new Set<Promise<void>>();

/** Answers `work` unchanged; a graceful shutdown does not stop the services until it has settled. */
export function finishBeforeShutdown<T>(work: Promise<T>): Promise<T> {
  const settled: Promise<void> = work.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  void settled.then(() => pending.delete(settled));
  return work;
}

/** Runs `work` now, after the answer went out; a failure is only reported (the answer is gone). */
export function afterAnswer(work: () => Promise<void>, onError: (error: unknown) => void): void {
  finishBeforeShutdown(Promise.resolve().then(work)).catch(onError);
}

/** How many such pieces of work are running. */
export function pendingWorkCount(): number {
  return pending.size;
}

/** Resolves true once nothing registered here is running (work registered meanwhile included), false after `timeoutMs`. */
export async function pendingWorkSettled(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (pending.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(pending), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
  return true;
}
