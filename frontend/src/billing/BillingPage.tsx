import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../common/usePageTitle';
import { ManagementTab } from './ManagementTab';
import { PlansTab } from './PlansTab';
import { useSubscription, useTierFollowsSubscription } from './queries';
import { TestModeBanner } from './TestModeBanner';
import { useCheckoutReturn } from './useCheckoutReturn';

type BillingTab = 'plans' | 'management';

/** /billing: plans and management tabs (`?tab=management`), and the return from checkout (doc 2 §2.5, §4). */
export function BillingPage() {
  usePageTitle('Billing');
  useCheckoutReturn();
  useTierFollowsSubscription();
  const [params, setParams] = useSearchParams();
  const subscription = useSubscription();
  const tab: BillingTab = params.get('tab') === 'management' ? 'management' : 'plans';
  const switched = useRef(false);

  // From the address as it is now, not as this render saw it (react-router hands an updater the
  // render's parameters): the checkout return clears its own parameter in the same moment.
  const show = (next: BillingTab) => {
    switched.current = true;
    const query = new URLSearchParams(window.location.search);
    if (next === 'management') query.set('tab', 'management');
    else query.delete('tab');
    setParams(query, { replace: true });
  };

  // A subscriber lands on the management tab (once, and not after choosing a tab themselves).
  const landSubscriber = useEffectEvent(() => {
    if (switched.current || !subscription.data) return;
    switched.current = true;
    if (subscription.data.subscription && !params.get('tab')) show('management');
  });
  useEffect(() => landSubscriber(), [subscription.data]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h1">
          Billing
        </Typography>
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>Choose a plan, and manage your subscription and payments.</Typography>
      </Box>
      <TestModeBanner />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: BillingTab) => show(next)}
          aria-label="Billing sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          <Tab value="plans" label="Plans" id="billing-tab-plans" aria-controls="billing-panel-plans" />
          <Tab value="management" label="Manage Subscription" id="billing-tab-management" aria-controls="billing-panel-management" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`billing-panel-${tab}`} aria-labelledby={`billing-tab-${tab}`} data-testid={`billing-panel-${tab}`}>
        {tab === 'plans' ? <PlansTab /> : <ManagementTab onShowPlans={() => show('plans')} />}
      </Box>
    </Box>
  );
}
