import Alert from '@mui/material/Alert';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { BILLING_MESSAGES } from '@cc/contracts';
import { useBillingConfig } from './queries';

/** Every billing screen says so when no real money moves (the offline provider, or Stripe's test keys). */
export function TestModeBanner() {
  const config = useBillingConfig();
  if (!config.data?.testMode) return null;
  return (
    <Alert severity="warning" icon={<ScienceOutlined aria-hidden />} data-testid="test-mode-banner" sx={{ alignItems: 'center' }}>
      <strong>{BILLING_MESSAGES.testMode}</strong>
      {config.data.provider === 'test'
        ? ' — pay with a test card such as 4242 4242 4242 4242; nothing is charged.'
        : ' — Stripe test keys; use a Stripe test card.'}
    </Alert>
  );
}
