import type { Preferences, PreferencesPatch } from '@cc/contracts';
import { mergePreferences } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../toast/useToast';
import { fetchPreferences, savePreferences } from './api';

export const PREFERENCES_KEY = ['preferences'] as const;

export function usePreferences() {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => fetchPreferences(signal) });
}

/**
 * Saves one change at once (the toggles have no Save button). The switch moves straight away; a
 * failed save puts it back and says so.
 */
export function useSavePreferences() {
  const client = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => savePreferences(patch),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: PREFERENCES_KEY });
      const previous = client.getQueryData<Preferences>(PREFERENCES_KEY);
      if (previous) client.setQueryData(PREFERENCES_KEY, mergePreferences(previous, patch));
      return { previous };
    },
    onSuccess: (saved) => {
      // A 202 (read model still catching up) has no preferences in its body: keep the optimistic copy.
      if (saved && typeof saved === 'object' && 'emailNotifications' in saved) client.setQueryData(PREFERENCES_KEY, saved);
      toast({ title: 'Preferences Saved', description: 'Your preferences have been updated.' });
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) client.setQueryData(PREFERENCES_KEY, context.previous);
      toast({ title: 'Error', description: 'Failed to save preferences', variant: 'destructive' });
    },
  });
}
