import { Suspense, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/**
 * A menu, popover or drawer whose code is a separate chunk, fetched the first time it opens, so a
 * page's first load carries only the button that opens it. `preload` starts the fetch early (on the
 * pointer reaching the button, or focus), so that the click usually finds the code already there;
 * the `loading` element shows if it does not. Render `Overlay` from its first opening on and keep it
 * rendered, so its closing transition runs as before.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the wrapper passes them through unchanged
export function lazyOverlay<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  let fetching: Promise<M> | undefined;
  const fetchOnce = () =>
    (fetching ??= load().catch((error: unknown) => {
      fetching = undefined; // a failed fetch (offline) is tried again at the next opening
      throw error;
    }));
  const Lazy = lazy(() => fetchOnce().then((module) => ({ default: module[name] })));
  function Overlay({ loading, ...props }: ComponentProps<M[K]> & { loading: ReactNode }) {
    return (
      <Suspense fallback={loading}>
        <Lazy {...(props as ComponentProps<M[K]>)} />
      </Suspense>
    );
  }
  Overlay.displayName = `LazyOverlay(${name})`;
  const preload = () => {
    fetchOnce().catch(() => undefined); // the opening itself reports a failure
  };
  return { Overlay, preload };
}
