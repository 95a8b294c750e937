import { Suspense, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is a separate chunk, fetched the first time it renders, with its own
 * Suspense boundary (so no caller has to remember one). `load` must be an inline
 * `() => import('./path')` so that Vite sees the split point.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the wrapper passes them through unchanged
export function lazyComponent<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode,
): ComponentType<ComponentProps<M[K]>> {
  const Lazy = lazy(() => load().then((module) => ({ default: module[name] })));
  function LazyComponent(props: ComponentProps<M[K]>) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  LazyComponent.displayName = `Lazy(${name})`;
  return LazyComponent;
}
