import { CLAIM_MESSAGES, DEFAULT_CLAIM_LIMIT, type ClaimStatus } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { errorToastText } from '../api/errorToast';
import { ApiError } from '../api/http';
import { useToast } from '../toast/useToast';
import { addClaimNote, createClaim, updateClaimRating, updateClaimStatus, type NewClaimInput, type NewNoteInput } from './api';
import { useRefreshClaims } from './queries';

/** The limit named by a 429 problem (`limit`), else the spec's default of 3. */
export function claimLimitOf(error: ApiError): number {
  const limit = error.problem?.limit;
  return typeof limit === 'number' && limit > 0 ? limit : DEFAULT_CLAIM_LIMIT;
}

/** POST /api/claims with the spec's toasts (doc 1 §8 "Claim create"). */
export function useCreateClaim(options: { onCreated?: () => void; onLimitReached?: () => void } = {}) {
  const { toast } = useToast();
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (input: NewClaimInput) => createClaim(input),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'New claim has been added for tracking successfully' });
      options.onCreated?.();
      await refresh();
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 429) {
        const fallback = { title: 'Claim Limit Reached', description: CLAIM_MESSAGES.claimLimitReached(claimLimitOf(error)) };
        toast({ ...errorToastText(error, fallback), variant: 'destructive' });
        options.onLimitReached?.();
        await refresh();
        return;
      }
      // Field errors of a 400 are shown on the form; the toast carries the server's summary.
      toast({
        ...errorToastText(error, { title: 'Error', description: 'Failed to create claim' }, { serverDetail: true }),
        variant: 'destructive',
      });
    },
  });
}

export function useUpdateClaimStatus(claimId: string) {
  const { toast } = useToast();
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (status: ClaimStatus) => updateClaimStatus(claimId, status),
    onSuccess: () => toast({ title: 'Status Updated', description: 'Claim status has been updated successfully' }),
    onError: (error) =>
      toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to update claim status' }), variant: 'destructive' }),
    onSettled: () => refresh(),
  });
}

export function useUpdateClaimRating(claimId: string, options: { onSaved?: () => void } = {}) {
  const { toast } = useToast();
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (ratingPercentage: string) => updateClaimRating(claimId, ratingPercentage),
    onSuccess: () => {
      toast({ title: 'Rating Updated', description: 'Claim rating has been updated' });
      options.onSaved?.();
    },
    onError: (error) => {
      // The server's 400 is the spec's "Invalid Rating" problem, shown from its body.
      toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to update claim rating' }), variant: 'destructive' });
    },
    onSettled: () => refresh(),
  });
}

export function useAddClaimNote(claimId: string, options: { onAdded?: () => void } = {}) {
  const { toast } = useToast();
  const refresh = useRefreshClaims();
  return useMutation({
    mutationFn: (input: NewNoteInput) => addClaimNote(claimId, input),
    onSuccess: async () => {
      toast({ title: 'Note Added', description: 'Note has been added to the claim' });
      options.onAdded?.();
      await refresh();
    },
    onError: (error) => toast({ ...errorToastText(error, { title: 'Error', description: 'Failed to add note' }), variant: 'destructive' }),
  });
}
