/// <reference types="jest" />
import { couponDiscount, formatCardNumber, formatCents, formatExpiry, formatPeriodDate, planAction, statusLabel } from './format';

describe('billing formats', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(999)).toBe('$9.99');
    expect(formatCents(19190)).toBe('$191.90');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('labels the statuses as the spec shows them, and any other raw', () => {
    expect(['active', 'canceled', 'past_due', 'unpaid', 'incomplete'].map(statusLabel)).toEqual([
      'Active',
      'Cancelled',
      'Past Due',
      'Unpaid',
      'incomplete',
    ]);
  });

  it('follows the tier order free → basic → pro', () => {
    expect(['free', 'basic', 'pro'].map((p) => planAction('free', p))).toEqual(['current', 'upgrade', 'upgrade']);
    expect(['free', 'basic', 'pro'].map((p) => planAction('basic', p))).toEqual(['downgrade', 'current', 'upgrade']);
    expect(['free', 'basic', 'pro'].map((p) => planAction('pro', p))).toEqual(['downgrade', 'downgrade', 'current']);
    expect(planAction('administrators', 'free')).toBe('contact-support');
  });

  it('says the discount as a percent or a dollar amount', () => {
    expect(couponDiscount({ percent_off: 20, amount_off: null })).toBe('20% off');
    expect(couponDiscount({ percent_off: null, amount_off: 500 })).toBe('$5.00 off');
  });

  it('formats dates from seconds, and card fields as they are typed', () => {
    expect(formatPeriodDate(Date.parse('2026-04-10T12:00:00Z') / 1000)).toBe('April 10, 2026');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0025-0000-3155x')).toBe('4000 0025 0000 3155');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('1')).toBe('1');
  });
});
