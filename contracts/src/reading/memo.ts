/**
 * A bounded cache for the reader's pure functions: a rebuild asks the same few sentences thousands
 * of times (every event of a claim re-reads its documents). Oldest entries go first.
 */
export function memo<R>(limit: number, compute: (key: string) => R): (key: string) => R {
  const cache = new Map<string, R>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = compute(key);
    if (cache.size >= limit) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
    return value;
  };
}
