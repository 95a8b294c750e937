import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the part of Stripe's API the Stripe provider uses (form-encoded
 * requests with bracket keys, JSON answers, Idempotency-Key replay, Stripe-shaped errors), so the
 * real adapter and the real `stripe` package are exercised without the network. It keeps what was
 * asked (`requests`) for the tests to check.
 */
export interface LocalStripe {
  url: string;
  requests: {
    method: string;
    path: string;
    params: Record<string, unknown>;
    idempotencyKey: string | undefined;
    authorization: string | undefined;
  }[];
  subscriptions: Map<string, StripeSubscription>;
  /** Promotion codes it knows: code → coupon. */
  promotionCodes: Map<string, { id: string; percent_off: number | null; amount_off: number | null; name: string; valid: boolean }>;
  close(): Promise<void>;
}

interface StripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; price: { id: string; unit_amount: number } }[] };
  discounts: string[];
  latest_invoice: string;
  cancellation_details: { comment: string | null; reason: string | null };
}

/** Parses `a[b][0][c]=1&…` into nested objects and arrays, the way Stripe reads its requests. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

export async function startLocalStripe(options: { prices: Record<string, number> }): Promise<LocalStripe> {
  const PRICES = options.prices;
  const requests: LocalStripe['requests'] = [];
  const subscriptions = new Map<string, StripeSubscription>();
  const invoices = new Map<string, { id: string; object: 'invoice'; amount_due: number; payment_intent: string; secret: string }>();
  const promotionCodes: LocalStripe['promotionCodes'] = new Map();
  const replay = new Map<string, { status: number; body: unknown }>();

  const invoiceFor = (amount: number) => {
    const paymentIntent = id('pi');
    const invoice = {
      id: id('in'),
      object: 'invoice' as const,
      amount_due: amount,
      payment_intent: paymentIntent,
      secret: `${paymentIntent}_secret_${randomBytes(6).toString('hex')}`,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };
  const invoiceView = (invoiceId: string, expand: string[]) => {
    const invoice = invoices.get(invoiceId)!;
    const view: Record<string, unknown> = { id: invoice.id, object: 'invoice', amount_due: invoice.amount_due };
    if (expand.some((e) => e.includes('confirmation_secret')))
      view.confirmation_secret = { client_secret: invoice.secret, type: 'payment_intent' };
    if (expand.includes('payments')) {
      view.payments = {
        object: 'list',
        data: [{ id: id('inpay'), object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: invoice.payment_intent } }],
      };
    }
    return view;
  };
  const subscriptionView = (sub: StripeSubscription, expand: string[]) => ({
    ...sub,
    latest_invoice: expand.some((e) => e.startsWith('latest_invoice')) ? invoiceView(sub.latest_invoice, expand) : sub.latest_invoice,
  });
  const error = (status: number, type: string, message: string, code?: string) => ({ status, body: { error: { type, message, code } } });
  const expandOf = (params: Record<string, unknown>) => (Array.isArray(params.expand) ? (params.expand as string[]) : []);

  function handle(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    const expand = expandOf(params);
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers')
      return { status: 200, body: { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {} } };
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = id('cs_test');
      return {
        status: 200,
        body: { id: session, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${session}`, mode: params.mode },
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = params.items as { price: string }[];
      const price = items[0]!.price;
      if (!(price in PRICES)) return error(400, 'invalid_request_error', `No such price: '${price}'`, 'resource_missing');
      const discounts = (params.discounts as { promotion_code: string }[] | undefined)?.map((d) => d.promotion_code) ?? [];
      let amount = PRICES[price]!;
      for (const code of discounts) {
        const coupon = [...promotionCodes.values()].find((c) => c.id === code);
        if (coupon?.percent_off) amount = Math.round(amount * (1 - coupon.percent_off / 100));
        if (coupon?.amount_off) amount = Math.max(0, amount - coupon.amount_off);
      }
      const sub: StripeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: String(params.customer),
        status: 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        items: { object: 'list', data: [{ id: id('si'), price: { id: price, unit_amount: PRICES[price]! } }] },
        discounts,
        latest_invoice: invoiceFor(amount).id,
        cancellation_details: { comment: null, reason: null },
      };
      subscriptions.set(sub.id, sub);
      return { status: 200, body: subscriptionView(sub, expand) };
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return error(404, 'invalid_request_error', `No such subscription: '${match[1]}'`, 'resource_missing');
      if (method === 'GET') return { status: 200, body: subscriptionView(sub, expand) };
      if (method === 'DELETE') {
        if (sub.status === 'canceled')
          return error(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
        sub.status = 'canceled';
        sub.cancellation_details = {
          comment: (params.cancellation_details as { comment?: string } | undefined)?.comment ?? null,
          reason: 'cancellation_requested',
        };
        return { status: 200, body: subscriptionView(sub, expand) };
      }
      if (method === 'POST') {
        if ('cancel_at_period_end' in params) sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
        return { status: 200, body: subscriptionView(sub, expand) };
      }
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const coupon = promotionCodes.get(String(params.code).toUpperCase());
      const data = coupon
        ? [
            {
              id: coupon.id,
              object: 'promotion_code',
              code: String(params.code).toUpperCase(),
              active: true,
              expires_at: null,
              promotion: { type: 'coupon', coupon: { ...coupon, id: `co_${coupon.id}`, object: 'coupon' } },
            },
          ]
        : [];
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/promotion_codes' } };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.com/p/session/${id('test')}`,
          return_url: params.return_url,
        },
      };
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([^/]+)$/.exec(path))) {
      if (!invoices.has(match[1]!)) return error(404, 'invalid_request_error', `No such invoice: '${match[1]}'`, 'resource_missing');
      return { status: 200, body: invoiceView(match[1]!, expand) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const invoice = [...invoices.values()].find((i) => i.payment_intent === params.payment_intent);
      if (!invoice)
        return error(400, 'invalid_request_error', `No such payment_intent: '${String(params.payment_intent)}'`, 'resource_missing');
      return {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(params.amount ?? invoice.amount_due),
          payment_intent: invoice.payment_intent,
          status: 'succeeded',
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const params = parseStripeForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) || body : body);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: url.pathname, params, idempotencyKey, authorization: req.headers.authorization });
      const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
      const answer = (replayKey && replay.get(replayKey)) || handle(req.method!, url.pathname, params);
      if (replayKey && answer.status < 500) replay.set(replayKey, answer);
      res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    subscriptions,
    promotionCodes,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
