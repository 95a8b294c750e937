import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { BILLING_MESSAGES, type BillingConfigView } from '@cc/contracts';
import { loadStripeProvider } from './loadStripeProvider';
import { TestModeCardForm } from './TestModeCardForm';

// Stripe's React bindings are only loaded when Stripe is the provider.
const StripePaymentForm = lazy(() => import('./StripePaymentForm').then((m) => ({ default: m.StripePaymentForm })));
const ProviderUnavailable = lazy(() => import('./StripePaymentForm').then((m) => ({ default: m.ProviderUnavailable })));

interface PaymentFormProps {
  config: BillingConfigView;
  clientSecret: string;
  amount: number;
  planName: string;
  /** The coupon field, inside the form (doc 2 §2.6). */
  coupon: ReactNode;
  onSucceeded(): void;
}

function Preparing() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography color="text.secondary">Preparing the secure payment form…</Typography>
    </Box>
  );
}

/** "Complete Your Subscription": the coupon, then Stripe Elements or the test-mode card form. */
export function PaymentForm({ config, clientSecret, amount, planName, coupon, onSucceeded }: PaymentFormProps) {
  const headingId = useId();
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    if (config.provider !== 'stripe') return;
    let live = true;
    void loadStripeProvider(config.publishableKey).then((loaded) => live && setStripe(loaded));
    return () => {
      live = false;
    };
  }, [config.provider, config.publishableKey]);

  let form: ReactNode;
  if (config.provider === 'test') {
    form = (
      <>
        {coupon}
        <TestModeCardForm clientSecret={clientSecret} onSucceeded={onSucceeded} />
      </>
    );
  } else if (stripe === undefined) form = <Preparing />;
  else if (stripe === null) form = <ProviderUnavailable coupon={coupon} />;
  else
    form = (
      <StripePaymentForm
        stripe={stripe}
        clientSecret={clientSecret}
        amount={amount}
        planName={planName}
        coupon={coupon}
        onSucceeded={onSucceeded}
      />
    );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="payment-form"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box>
        <Typography id={headingId} component="h2" variant="h3">
          {BILLING_MESSAGES.checkoutHeading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {BILLING_MESSAGES.paymentFormText}
        </Typography>
      </Box>
      <Suspense fallback={<Preparing />}>{form}</Suspense>
    </Paper>
  );
}
