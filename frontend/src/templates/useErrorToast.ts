import { useEffect, useRef } from 'react';
import { useToast } from '../toast/useToast';

/** Shows a toast once each time `failed` turns true (a query that failed, then failed again after a retry). */
export function useErrorToast(failed: boolean, toast: { title: string; description: string }) {
  const { toast: show } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) show({ ...toast, variant: 'destructive' });
    shown.current = failed;
  }, [failed, show, toast]);
}
