/** Resolves once `check` holds, trying every `everyMs`; throws after `timeoutMs`. For tests. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
