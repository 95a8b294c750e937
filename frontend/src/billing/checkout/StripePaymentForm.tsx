import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentRequest, Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type ReactNode } from 'react';
import { BILLING_MESSAGES } from '@cc/contracts';
import { usePaymentToasts } from './paymentToasts';

/** The payment theme's primary colour is red (doc 2 §9): the app's own red. */
const APPEARANCE = { theme: 'stripe' as const, variables: { colorPrimary: '#b3202f' } };

interface StripePaymentFormProps {
  stripe: Stripe;
  clientSecret: string;
  amount: number;
  planName: string;
  /** The coupon field, between the wallet and the payment element (doc 2 §2.6). */
  coupon: ReactNode;
  onSucceeded(): void;
}

/**
 * Stripe Elements: a wallet button (Apple Pay or Google Pay) only when the device supports one,
 * then the payment element (tabs; wallets first), and Complete Payment, which confirms with a
 * return to {origin}/billing/success only when the method needs a redirect (doc 2 §2.6, §4, §7).
 */
export function StripePaymentForm(props: StripePaymentFormProps) {
  return (
    <Elements key={props.clientSecret} stripe={props.stripe} options={{ clientSecret: props.clientSecret, appearance: APPEARANCE }}>
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ clientSecret, amount, planName, coupon, onSucceeded }: StripePaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const toasts = usePaymentToasts();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [wallet, setWallet] = useState<{ request: PaymentRequest; label: string } | null>(null);

  // Wallet availability: country US, currency usd, payer name and e-mail requested (doc 2 §5).
  useEffect(() => {
    if (!stripe) return;
    const request = stripe.paymentRequest({
      country: 'US',
      currency: 'usd',
      total: { label: planName, amount },
      requestPayerName: true,
      requestPayerEmail: true,
    });
    let live = true;
    void request.canMakePayment().then((result) => {
      if (live && result) setWallet({ request, label: result.applePay ? 'Pay with Apple Pay' : 'Pay with Google Pay' });
    });
    request.on('paymentmethod', async (event) => {
      setBusy(true);
      const { error, paymentIntent } = await stripe.confirmCardPayment(
        clientSecret,
        { payment_method: event.paymentMethod.id },
        { handleActions: false },
      );
      if (error) {
        event.complete('fail');
        toasts.failed(error.message, BILLING_MESSAGES.walletFailed);
        setBusy(false);
        return;
      }
      event.complete('success');
      if (paymentIntent?.status === 'requires_action') {
        const next = await stripe.confirmCardPayment(clientSecret);
        if (next.error) {
          toasts.failed(next.error.message, BILLING_MESSAGES.walletFailed);
          setBusy(false);
          return;
        }
      }
      toasts.succeeded();
      onSucceeded();
    });
    return () => {
      live = false;
    };
  }, [stripe, clientSecret, amount, planName, toasts, onSucceeded]);

  const submit = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/billing/success` },
      redirect: 'if_required',
    });
    setBusy(false);
    if (error) {
      toasts.failed(error.message);
      return;
    }
    toasts.succeeded();
    onSucceeded();
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {wallet ? (
        <>
          <Button variant="contained" size="large" onClick={() => wallet.request.show()} disabled={busy} data-testid="wallet-button">
            {wallet.label}
          </Button>
          <Divider>{BILLING_MESSAGES.walletDivider}</Divider>
        </>
      ) : null}
      {coupon}
      <PaymentElement
        onReady={() => setReady(true)}
        options={{ layout: 'tabs', paymentMethodOrder: ['apple_pay', 'google_pay', 'card'] }}
      />
      <Button
        variant="contained"
        color="secondary"
        size="large"
        startIcon={<LockOutlined aria-hidden />}
        disabled={!stripe || !elements || !ready || busy}
        onClick={() => void submit()}
        data-testid="complete-payment"
      >
        {busy ? BILLING_MESSAGES.processing : BILLING_MESSAGES.completePayment}
      </Button>
    </Box>
  );
}

/** No provider (a key without pk_, or Stripe.js that could not load): nothing can be paid. */
export function ProviderUnavailable({ coupon }: { coupon: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="provider-unavailable">
      {coupon}
      <Alert severity="error">Payments are unavailable right now. Please try again later or contact support.</Alert>
      <Button variant="contained" color="secondary" size="large" disabled startIcon={<LockOutlined aria-hidden />}>
        {BILLING_MESSAGES.completePayment}
      </Button>
    </Box>
  );
}
