import { useCallback } from 'react';
import { BILLING_MESSAGES } from '@cc/contracts';
import { ApiError } from '../../api/http';
import { useToast } from '../../toast/useToast';

/** The payment toasts of doc 2 §8: "Payment Failed" with the provider's message, and "Payment Successful". */
export function usePaymentToasts() {
  const { toast } = useToast();
  const failed = useCallback(
    (error: unknown, fallback: string = BILLING_MESSAGES.paymentFailed) => {
      const message = error instanceof ApiError ? error.problem?.detail || fallback : typeof error === 'string' && error ? error : fallback;
      toast({ title: BILLING_MESSAGES.paymentFailedTitle, description: message, variant: 'destructive' });
    },
    [toast],
  );
  const succeeded = useCallback(
    () => toast({ title: BILLING_MESSAGES.paymentSucceededTitle, description: BILLING_MESSAGES.paymentSucceeded }),
    [toast],
  );
  return { failed, succeeded };
}
