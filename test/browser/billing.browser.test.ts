/// <reference lib="dom" />
/**
 * Billing in a real Chromium against the real app with the offline test-mode provider: a Free
 * veteran upgrades to Basic, applies a coupon, is declined with 4000…0002, pays with 4242…, sees
 * Payment Successful and lands on the management tab with the plan active; then cancels at period
 * end. Also: the invalid checkout view, the checkout return toasts, and 360 px without overflow.
 */
import type { Page } from 'playwright-core';
import { startLocalStripe, type LocalStripe } from '../../billing-service/src/stripe/testing/localStripe';
import { BILLING_MESSAGES } from '@cc/contracts';
import type { TestApp } from '../../gateway/src/testing/testApp';
import { expectNoHorizontalOverflow, snapshot, startSignedIn, visible, waitUntil, type SignedInSession } from './chromium';

jest.setTimeout(120_000);

async function payWith(page: Page, card: string) {
  await page.getByTestId('card-number').fill(card);
  await page.getByTestId('card-expiry').fill('1234');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('complete-payment').click();
}

describe('billing in Chromium (test mode)', () => {
  let session: SignedInSession;
  let app: TestApp;
  let page: Page;

  beforeAll(async () => {
    session = await startSignedIn('billing.browser@example.org', { firstName: 'Bea' });
    ({ app, page } = session);
  });
  afterAll(async () => session?.close());

  it('upgrades with the test card after a coupon and a declined card, and shows the subscription', async () => {
    const errors: string[] = [];
    page.on('console', (message) => {
      // The refused coupon (400) and the declined card (402) are answers the page expects.
      if (message.type() === 'error' && !/status of 40[02]/.test(message.text())) errors.push(message.text());
    });
    await page.goto(`${app.baseUrl}/billing`);
    await visible(page.getByTestId('test-mode-banner').getByText(BILLING_MESSAGES.testMode));
    const basic = page.getByTestId('plan-basic');
    await visible(basic.getByText('$9.99'));
    await visible(page.getByTestId('plan-pro').getByText('Most Popular'));
    await visible(page.getByTestId('plan-free').getByRole('button', { name: 'Current Plan' }));
    await page.getByRole('button', { name: 'Yearly' }).click();
    await visible(basic.getByText('$95.90'));
    await page.getByRole('button', { name: 'Monthly' }).click();
    await snapshot(page, 'billing-plans');

    await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await visible(page.getByTestId('checkout-normal'));
    await visible(page.getByTestId('checkout-normal').getByText(BILLING_MESSAGES.testMode).first());
    await visible(page.getByTestId('summary-total').getByText('$9.99'));

    const couponInput = page.getByTestId('coupon-input');
    const apply = page.getByRole('button', { name: 'Apply', exact: true });
    expect(await apply.isDisabled()).toBe(true);
    await couponInput.fill('NOT-A-CODE');
    await apply.click();
    await visible(page.getByText(BILLING_MESSAGES.invalidCoupon));
    await couponInput.fill('  welcome20 ');
    await apply.click();
    await visible(page.getByTestId('coupon-applied').getByText('WELCOME20 applied: 20% off'));
    await visible(page.getByTestId('summary-total').getByText('$7.99'));
    expect(await couponInput.isDisabled()).toBe(true);
    expect(await apply.isDisabled()).toBe(true);

    await payWith(page, '4000 0000 0000 0002');
    await visible(page.getByText('Your card was declined.'));
    await snapshot(page, 'billing-checkout-declined');

    await payWith(page, '4242 4242 4242 4242');
    await visible(page.getByText(BILLING_MESSAGES.paymentSuccessHeading));
    await visible(page.getByText(BILLING_MESSAGES.paymentSucceeded));
    await snapshot(page, 'billing-checkout-success');
    // On to the management tab after 3 s.
    await page.waitForURL((url) => url.pathname === '/billing' && url.searchParams.get('tab') === 'management', { timeout: 10_000 });
    const card = page.getByTestId('subscription-card');
    await visible(card.getByText('Basic', { exact: true }));
    await visible(page.getByTestId('subscription-status').getByText('Active'));
    await visible(page.getByTestId('next-billing'));
    await visible(page.getByTestId('guarantee'));
    await snapshot(page, 'billing-management');

    // Limits follow at once: the Basic plan analyses documents, and the plans tab says so.
    const me = await page.request.get(`${app.baseUrl}/api/auth/user`);
    expect(((await me.json()) as { memberTier: string }).memberTier).toBe('basic');
    await page.getByRole('tab', { name: 'Plans' }).click();
    await visible(page.getByTestId('plan-basic').getByRole('button', { name: 'Current Plan' }));
    await visible(page.getByTestId('plan-free').getByRole('button', { name: 'Downgrade' }));
    await page.getByRole('tab', { name: 'Manage Subscription' }).click();

    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await visible(page.getByTestId('ending-notice'));
    await visible(card.getByRole('button', { name: 'Resume Subscription' }));
    await snapshot(page, 'billing-management-ending');
    expect(errors).toEqual([]);
  });

  it('shows the invalid checkout view, and the checkout return toasts with the query string cleared', async () => {
    await page.goto(`${app.baseUrl}/checkout`);
    await visible(page.getByText(BILLING_MESSAGES.invalidCheckoutTitle));
    await visible(page.getByText(BILLING_MESSAGES.invalidCheckout));
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');

    await page.goto(`${app.baseUrl}/billing?checkout=cancelled`);
    await visible(page.getByText(BILLING_MESSAGES.checkoutCancelled));
    await waitUntil(
      async () => !new URL(page.url()).searchParams.has('checkout'),
      async () => `the query string was not cleared: ${page.url()}`,
    );
    await page.goto(`${app.baseUrl}/billing?checkout=success`);
    await visible(page.getByText(BILLING_MESSAGES.paymentSucceeded));
    await waitUntil(
      async () => !new URL(page.url()).searchParams.has('checkout'),
      async () => `the query string was not cleared: ${page.url()}`,
    );
  });

  it('fits 360 px in the dark theme', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${app.baseUrl}/billing?tab=management`);
    await visible(page.getByTestId('subscription-card'));
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoHorizontalOverflow(page);
    await snapshot(page, 'billing-management-360-dark');
    await page.goto(`${app.baseUrl}/billing`);
    // A subscriber lands on the management tab once the subscription has loaded; then the plans.
    await visible(page.getByTestId('subscription-card'));
    await page.getByRole('tab', { name: 'Plans' }).click();
    await visible(page.getByTestId('plan-pro'));
    await expectNoHorizontalOverflow(page);
    await snapshot(page, 'billing-plans-360-dark');
  });
});

describe('checkout with Stripe when Stripe.js cannot load (no network here)', () => {
  let session: SignedInSession;
  let stripe: LocalStripe;

  beforeAll(async () => {
    stripe = await startLocalStripe({ prices: { price_b_m: 999, price_b_y: 9590, price_p_m: 1999, price_p_y: 19190 } });
    session = await startSignedIn(
      'stripe.browser@example.org',
      { firstName: 'Stu' },
      {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_local',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_local',
          STRIPE_WEBHOOK_SECRET: 'whsec_local',
          STRIPE_PRICE_BASIC_MONTHLY: 'price_b_m',
          STRIPE_PRICE_BASIC_YEARLY: 'price_b_y',
          STRIPE_PRICE_PRO_MONTHLY: 'price_p_m',
          STRIPE_PRICE_PRO_YEARLY: 'price_p_y',
          STRIPE_CHECKOUT: 'elements',
          STRIPE_API_URL: stripe.url,
        },
      },
    );
  });
  afterAll(async () => {
    await session?.close();
    await stripe?.close();
  });

  it('treats the provider as absent: the page says so and Complete Payment stays disabled', async () => {
    const { page, app } = session;
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto(`${app.baseUrl}/billing`);
    await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    await visible(page.getByTestId('provider-unavailable'));
    expect(await page.getByTestId('payment-form').getByRole('button', { name: BILLING_MESSAGES.completePayment }).isDisabled()).toBe(true);
    await visible(page.getByTestId('summary-total').getByText('$9.99'));
    expect(logged.some((line) => line.includes('Stripe.js could not be loaded'))).toBe(true);
    await snapshot(page, 'billing-checkout-stripe-unavailable');
  });
});
