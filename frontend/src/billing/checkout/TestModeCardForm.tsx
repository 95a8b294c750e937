import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useId, useState } from 'react';
import { BILLING_MESSAGES } from '@cc/contracts';
import { testModeAuthenticate, testModePay, type TestModeOutcome } from '../api';
import { formatCardNumber, formatExpiry } from '../format';
import { usePaymentToasts } from './paymentToasts';

const TEST_CARDS = [
  ['4242 4242 4242 4242', 'succeeds'],
  ['4000 0000 0000 0002', 'is declined'],
  ['4000 0025 0000 3155', 'asks for authentication'],
] as const;

/**
 * The test-mode provider's payment form: Stripe's published test cards, any future expiry, any CVC.
 * Nothing is charged. 4000 0025 0000 3155 opens a stand-in for the bank's authentication, which the
 * person approves or fails.
 */
export function TestModeCardForm({ clientSecret, onSucceeded }: { clientSecret: string; onSucceeded(): void }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const toasts = usePaymentToasts();
  const authTitleId = useId();
  const complete = card.number.replace(/\s/g, '').length >= 12 && /^\d{2} \/ \d{2}$/.test(card.expiry) && /^\d{3,4}$/.test(card.cvc);

  const settle = (outcome: TestModeOutcome) => {
    if (outcome.status === 'requires_action') {
      setAuthenticating(true);
      return;
    }
    toasts.succeeded();
    onSucceeded();
  };
  const run = async (work: () => Promise<TestModeOutcome>) => {
    setBusy(true);
    try {
      settle(await work());
    } catch (error) {
      toasts.failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      data-testid="test-card-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete && !busy) void run(() => testModePay({ clientSecret, cardNumber: card.number, expiry: card.expiry, cvc: card.cvc }));
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Alert severity="warning" variant="outlined" data-testid="test-card-hint">
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {BILLING_MESSAGES.testMode}
        </Typography>
        <Typography variant="body2">Use a test card with any future expiry and any CVC:</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {TEST_CARDS.map(([number, what]) => (
            <Typography component="li" variant="body2" key={number}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {number}
              </Box>{' '}
              {what}
            </Typography>
          ))}
        </Box>
      </Alert>
      <TextField
        label="Card number"
        value={card.number}
        onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
        placeholder="1234 1234 1234 1234"
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-number' } }}
        disabled={busy}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="Expiry"
          value={card.expiry}
          onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.target.value) })}
          placeholder="MM / YY"
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-expiry' } }}
          disabled={busy}
        />
        <TextField
          label="CVC"
          value={card.cvc}
          onChange={(event) => setCard({ ...card, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) })}
          placeholder="123"
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'card-cvc' } }}
          disabled={busy}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        size="large"
        disabled={!complete || busy}
        startIcon={<LockOutlined aria-hidden />}
        data-testid="complete-payment"
      >
        {busy ? BILLING_MESSAGES.processing : BILLING_MESSAGES.completePayment}
      </Button>

      <Dialog open={authenticating} aria-labelledby={authTitleId} maxWidth="xs" fullWidth data-testid="authentication-dialog">
        <DialogTitle id={authTitleId}>Confirm this payment with your bank</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {BILLING_MESSAGES.testMode}. This card asks for authentication, as a bank’s 3D Secure page would. Approve it to pay, or fail it
            to see a refused authentication.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            color="error"
            disabled={busy}
            onClick={() => {
              setAuthenticating(false);
              void run(() => testModeAuthenticate(clientSecret, 'fail'));
            }}
          >
            Fail Authentication
          </Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => {
              setAuthenticating(false);
              void run(() => testModeAuthenticate(clientSecret, 'approve'));
            }}
          >
            Approve Authentication
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
