import { isReadModelChange, READ_MODEL_CHANGES_PATH } from '@cc/contracts';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queriesShowing } from './readModelQueries';

/** Waits before opening the stream again after the server refused or dropped it: doubling from 1 s up to a minute. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** Holds taken by `holdLiveUpdates` and not yet released. */
let holds = 0;

/**
 * Stops the change stream from refetching anything until the returned release is called. Deleting
 * the account takes one: its erasure changes every read model while the session is being ended, and
 * a refetch answered 401 then would send the person to the sign-in page instead of the goodbye.
 */
export function holdLiveUpdates(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
  };
}

/** Sign-in state is react-admin's to refresh; everything else a screen shows is refetched on a resync. */
const isScreenData = (query: Query) => query.queryKey[0] !== 'auth';

/**
 * The signed-in session's one change stream (`GET /api/read-models/changes`): each notice that one
 * of the user's read models changed refetches the queries that show it (readModelQueries.ts), so
 * no screen polls. The browser reconnects a dropped stream by itself; when the server refused it
 * (a restart, a 5xx) it is opened again here with backoff. On every (re)connection, and on a
 * `resync` (the server may have missed notices), whatever was read before is refetched.
 */
export function useReadModelChanges(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: number | undefined;
    let wait = FIRST_RETRY_MS;
    const refetchReadBefore = (time: number) => {
      if (holds > 0) return;
      void queryClient.invalidateQueries({ predicate: (query) => isScreenData(query) && query.state.dataUpdatedAt < time });
    };
    const open = () => {
      const stream = new EventSource(READ_MODEL_CHANGES_PATH);
      source = stream;
      stream.onopen = () => {
        wait = FIRST_RETRY_MS;
        refetchReadBefore(Date.now());
      };
      stream.addEventListener('change', (event) => {
        const change: unknown = JSON.parse((event as MessageEvent<string>).data);
        if (holds > 0 || !isReadModelChange(change)) return;
        for (const queryKey of queriesShowing(change.readModel)) void queryClient.invalidateQueries({ queryKey });
      });
      stream.addEventListener('resync', () => refetchReadBefore(Number.POSITIVE_INFINITY));
      stream.onerror = () => {
        if (stream.readyState !== EventSource.CLOSED) return;
        retry = window.setTimeout(open, wait);
        wait = Math.min(wait * 2, LAST_RETRY_MS);
      };
    };
    open();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [enabled, queryClient]);
}
