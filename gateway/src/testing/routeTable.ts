import { randomUUID } from 'node:crypto';
import { anyone, members, only, owner, type Caller, type MatrixRow } from './authorizationMatrix';
import { startStaffApp, STAFF_PASSWORD, type StaffApp } from './staff';
import type { TestClient } from './testApp';

export interface RouteContext {
  emails: Record<Caller, string>;
  claimId: string;
  veteranId: string;
  documentId: string;
  uploadPath: string;
  chatSessionId: string;
  outboxId: string;
  eventId: string;
  rebuildId: string;
  deadLetterId: string;
}

const AUDIT = ['adjudicator', 'administrator'] as const;
const SUPPORT = ['support', 'administrator'] as const;
const ADMIN = ['administrator'] as const;
/** Staff tiers carry every plan feature. */
const STAFF = ['adjudicator', 'support', 'administrator'] as const;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** An id that names nothing: an allowed caller gets 404, so a refusal is the permission's, not the lookup's. */
const NOBODY = '00000000-0000-4000-8000-000000000000';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Every /api route × (anonymous, veteran, another veteran, adjudicator, support, administrator).
 * Records in the context belong to `veteran`, who is asked last (see runMatrix), so the rows that
 * change or remove them are refused for everyone else first. Rows that end a session come last.
 */
export const ROUTES: MatrixRow<RouteContext>[] = [
  // Open to everyone.
  { method: 'GET', route: 'GET /api/health', path: () => '/api/health', expect: anyone() },
  { method: 'GET', route: 'GET /api/member-tiers', path: () => '/api/member-tiers', expect: anyone() },
  { method: 'GET', route: 'GET /api/subscription-plans', path: () => '/api/subscription-plans', expect: anyone() },
  // Sign-in: one new account per caller; signing in again with one's own password.
  {
    method: 'POST',
    route: 'POST /api/auth/register',
    path: () => '/api/auth/register',
    json: (_c, caller) => ({
      email: `matrix.new.${caller}@example.org`,
      password: STAFF_PASSWORD,
      ageConfirmed: true,
      termsAccepted: true,
    }),
    detached: true,
    expect: anyone(201),
  },
  { method: 'GET', route: 'GET /api/login', path: () => '/api/login', expect: anyone(302) },
  {
    method: 'POST',
    route: 'POST /api/auth/password-reset',
    path: () => '/api/auth/password-reset',
    json: (c, caller) => ({ email: c.emails[caller] }),
    expect: anyone(202),
  },
  {
    method: 'POST',
    route: 'POST /api/auth/password-reset/confirm',
    path: () => '/api/auth/password-reset/confirm',
    json: { token: 'not-a-token', password: STAFF_PASSWORD },
    expect: anyone(400),
  },
  // The member's own account.
  { method: 'GET', route: 'GET /api/auth/user', path: () => '/api/auth/user', expect: members() },
  { method: 'PUT', route: 'PUT /api/auth/profile', path: () => '/api/auth/profile', json: { name: 'Pat Doe' }, expect: members() },
  { method: 'GET', route: 'GET /api/auth/preferences', path: () => '/api/auth/preferences', expect: members() },
  { method: 'PUT', route: 'PUT /api/auth/preferences', path: () => '/api/auth/preferences', json: { theme: 'dark' }, expect: members() },
  // A wrong current password: the refusal is the password's (and changes nothing) for every member.
  {
    method: 'POST',
    route: 'POST /api/auth/password',
    path: () => '/api/auth/password',
    json: { currentPassword: 'not the password', newPassword: 'another horse battery' },
    expect: members(400),
  },
  { method: 'GET', route: 'GET /api/account', path: () => '/api/account', expect: members() },
  { method: 'GET', route: 'GET /api/account/export', path: () => '/api/account/export', expect: members() },
  { method: 'GET', route: 'GET /api/dashboard', path: () => '/api/dashboard', expect: members() },
  { method: 'GET', route: 'GET /api/ai-analysis/profile', path: () => '/api/ai-analysis/profile', expect: members() },
  { method: 'GET', route: 'GET /api/deadlines', path: () => '/api/deadlines', expect: members() },
  // Claims: each member's own list; one claim is the veteran's alone.
  { method: 'GET', route: 'GET /api/claims', path: () => '/api/claims', expect: members() },
  {
    method: 'POST',
    route: 'POST /api/claims',
    path: () => '/api/claims',
    json: { condition: 'Tinnitus', conditionType: 'primary' },
    expect: members(201),
  },
  { method: 'GET', route: 'GET /api/claims/:id', path: (c) => `/api/claims/${c.claimId}`, expect: owner() },
  { method: 'GET', route: 'GET /api/claims/:id/evidence', path: (c) => `/api/claims/${c.claimId}/evidence`, expect: owner() },
  { method: 'GET', route: 'GET /api/evidence/readiness', path: () => '/api/evidence/readiness', expect: members() },
  // Claim strategy and predictions are Pro's (and administrators'): every other tier is refused first.
  {
    method: 'GET',
    route: 'GET /api/claims/:id/strategy',
    path: (c) => `/api/claims/${c.claimId}/strategy`,
    expect: only(['administrator'], 404),
  },
  { method: 'GET', route: 'GET /api/strategy/predictions', path: () => '/api/strategy/predictions', expect: only(['administrator']) },
  // Analytics is a paid feature (Basic, Pro and the staff tiers): the Free veteran is refused.
  { method: 'GET', route: 'GET /api/analytics', path: () => '/api/analytics', expect: only(STAFF) },
  {
    method: 'GET',
    route: 'GET /api/claims/:id/history',
    path: (c) => `/api/claims/${c.claimId}/history`,
    expect: only(['veteran', ...AUDIT], 200, 404),
  },
  {
    method: 'PUT',
    route: 'PUT /api/claims/:id/status',
    path: (c) => `/api/claims/${c.claimId}/status`,
    json: { status: 'initial_review' },
    expect: owner(),
  },
  {
    method: 'PUT',
    route: 'PUT /api/claims/:id/rating',
    path: (c) => `/api/claims/${c.claimId}/rating`,
    json: { ratingPercentage: 30 },
    expect: owner(),
  },
  {
    method: 'POST',
    route: 'POST /api/claims/:id/notes',
    path: (c) => `/api/claims/${c.claimId}/notes`,
    json: { note: 'Called the VA' },
    expect: owner(201),
  },
  {
    method: 'PATCH',
    route: 'PATCH /api/claims/:id',
    path: (c) => `/api/claims/${c.claimId}`,
    json: { nextAction: 'Send the nexus letter' },
    expect: owner(),
  },
  // Documents (the Free plan has no analysis, so there is no result to report either: 403, 409).
  { method: 'GET', route: 'GET /api/documents', path: () => '/api/documents', expect: members() },
  { method: 'POST', route: 'POST /api/objects/upload', path: () => '/api/objects/upload', json: {}, expect: members() },
  {
    method: 'PUT',
    route: 'PUT /api/objects/upload/:token',
    path: (c) => c.uploadPath,
    json: undefined,
    headers: { 'content-type': 'application/pdf' },
    expect: owner(201, 403),
  },
  {
    method: 'PUT',
    route: 'PUT /api/documents',
    path: () => '/api/documents',
    json: { documentURL: `/api/objects/upload/${randomUUID()}`, fileName: 'a.pdf' },
    expect: members(400),
  },
  { method: 'GET', route: 'GET /api/documents/:id', path: (c) => `/api/documents/${c.documentId}`, expect: owner() },
  { method: 'GET', route: 'GET /api/documents/:id/file', path: (c) => `/api/documents/${c.documentId}/file`, expect: owner() },
  {
    method: 'PUT',
    route: 'PUT /api/documents/:id/claim',
    path: (c) => `/api/documents/${c.documentId}/claim`,
    json: (c) => ({ claimId: c.claimId }),
    expect: owner(),
  },
  {
    method: 'POST',
    route: 'POST /api/documents/:id/analyze',
    path: (c) => `/api/documents/${c.documentId}/analyze`,
    json: { analysisType: 'service-connection' },
    expect: owner(403),
  },
  {
    method: 'POST',
    route: 'POST /api/documents/:id/analysis-pdf',
    path: (c) => `/api/documents/${c.documentId}/analysis-pdf`,
    json: { originalFileName: 'a.pdf' },
    expect: owner(409),
  },
  // Reference data, calculators, DBQs, VA forms, the claim package wizard (the Free plan has no PDF
  // generation: it is refused before the form is checked, which staff, on every feature, fail here).
  { method: 'GET', route: 'GET /api/va/disabilities', path: () => '/api/va/disabilities', expect: members() },
  { method: 'GET', route: 'GET /api/va/service-branches', path: () => '/api/va/service-branches', expect: members() },
  { method: 'GET', route: 'GET /api/va/contention-types', path: () => '/api/va/contention-types', expect: members() },
  { method: 'GET', route: 'GET /api/va/treatment-centers', path: () => '/api/va/treatment-centers', expect: members() },
  { method: 'GET', route: 'GET /api/va/special-circumstances', path: () => '/api/va/special-circumstances', expect: members() },
  { method: 'GET', route: 'GET /api/va-forms', path: () => '/api/va-forms', expect: members() },
  // The Free plan has no DBQ library (spec doc 2 §6); the veterans here are on it.
  { method: 'GET', route: 'GET /api/dbqs/categories', path: () => '/api/dbqs/categories', expect: only(STAFF) },
  { method: 'GET', route: 'GET /api/dbqs', path: () => '/api/dbqs', expect: only(STAFF) },
  { method: 'POST', route: 'POST /api/dbqs/:id/download', path: () => '/api/dbqs/21-0960M-9/download', json: {}, expect: only(STAFF) },
  { method: 'POST', route: 'POST /api/dbqs/sync', path: () => '/api/dbqs/sync', json: {}, expect: only(ADMIN) },
  {
    method: 'POST',
    route: 'POST /api/calculators/combined-rating',
    path: () => '/api/calculators/combined-rating',
    json: { ratings: [{ percent: 30 }, { percent: 20 }] },
    expect: members(),
  },
  {
    method: 'POST',
    route: 'POST /api/calculators/deadlines',
    path: () => '/api/calculators/deadlines',
    json: { decisionDate: '2024-01-01' },
    expect: members(),
  },
  {
    method: 'POST',
    route: 'POST /api/pdforge/generate',
    path: () => '/api/pdforge/generate',
    json: { templateId: 'nexus-letter', formData: { veteran_full_name: 'Jane Doe' } },
    expect: only(STAFF, 400),
  },
  {
    method: 'POST',
    route: 'POST /api/pdforge/ai-assist',
    path: () => '/api/pdforge/ai-assist',
    json: { fieldName: 'symptoms', documentText: 'Ringing in both ears.' },
    expect: members(),
  },
  // The change stream: every signed-in caller gets their own.
  { method: 'GET', route: 'GET /api/read-models/changes', path: () => '/api/read-models/changes', endless: true, expect: members() },
  // Notifications.
  { method: 'GET', route: 'GET /api/notifications', path: () => '/api/notifications', expect: members() },
  { method: 'GET', route: 'GET /api/notifications/unread-count', path: () => '/api/notifications/unread-count', expect: members() },
  {
    method: 'POST',
    route: 'POST /api/notifications/:id/read',
    path: () => `/api/notifications/${NOBODY}/read`,
    json: {},
    expect: members(404),
  },
  { method: 'POST', route: 'POST /api/notifications/read-all', path: () => '/api/notifications/read-all', json: {}, expect: members() },
  // Help & Support: the answers and the veteran's support requests.
  { method: 'GET', route: 'GET /api/help/articles', path: () => '/api/help/articles', expect: members() },
  { method: 'GET', route: 'GET /api/support-requests', path: () => '/api/support-requests', expect: members() },
  {
    method: 'POST',
    route: 'POST /api/support-requests',
    path: () => '/api/support-requests',
    json: { subject: 'Access check', message: 'Who may open a request?' },
    expect: members(201),
  },
  { method: 'GET', route: 'GET /api/support-requests/:id', path: () => `/api/support-requests/${NOBODY}`, expect: members(404) },
  {
    method: 'POST',
    route: 'POST /api/support-requests/:id/replies',
    path: () => `/api/support-requests/${NOBODY}/replies`,
    json: { message: 'Hello' },
    expect: members(404),
  },
  {
    method: 'POST',
    route: 'POST /api/support-requests/:id/close',
    path: () => `/api/support-requests/${NOBODY}/close`,
    json: {},
    expect: members(404),
  },
  // AI Copilot chat.
  { method: 'GET', route: 'GET /api/ai-chat/sessions', path: () => '/api/ai-chat/sessions', expect: members() },
  { method: 'POST', route: 'POST /api/ai-chat/sessions', path: () => '/api/ai-chat/sessions', json: {}, expect: members(201) },
  {
    method: 'GET',
    route: 'GET /api/ai-chat/sessions/:id/messages',
    path: (c) => `/api/ai-chat/sessions/${c.chatSessionId}/messages`,
    expect: owner(),
  },
  {
    method: 'PATCH',
    route: 'PATCH /api/ai-chat/sessions/:id',
    path: (c) => `/api/ai-chat/sessions/${c.chatSessionId}`,
    json: { title: 'Knee' },
    expect: owner(),
  },
  {
    method: 'POST',
    route: 'POST /api/ai-chat/sessions/:id/messages/stream',
    path: (c) => `/api/ai-chat/sessions/${c.chatSessionId}/messages/stream`,
    json: { content: 'What is a nexus letter?' },
    expect: owner(),
  },
  { method: 'GET', route: 'GET /api/ai-chat/messages', path: () => '/api/ai-chat/messages', expect: members() },
  { method: 'GET', route: 'GET /api/ai-chat/usage', path: () => '/api/ai-chat/usage', expect: members() },
  {
    method: 'POST',
    route: 'POST /api/ai-chat/message',
    path: () => '/api/ai-chat/message',
    json: { content: 'What is a C&P exam?' },
    expect: members(),
  },
  {
    method: 'POST',
    route: 'POST /api/copilot/chat',
    path: () => '/api/copilot/chat',
    json: { message: 'Help with my knee claim' },
    expect: members(),
  },
  // Billing (test-mode provider).
  { method: 'GET', route: 'GET /api/billing/config', path: () => '/api/billing/config', expect: members() },
  { method: 'GET', route: 'GET /api/billing/subscription', path: () => '/api/billing/subscription', expect: members() },
  {
    method: 'POST',
    route: 'POST /api/billing/checkout',
    path: () => '/api/billing/checkout',
    json: { tierName: 'basic', cycle: 'monthly' },
    expect: members(),
  },
  {
    method: 'POST',
    route: 'POST /api/billing/apply-coupon',
    path: () => '/api/billing/apply-coupon',
    json: { subscriptionId: NOBODY, couponCode: 'NOPE' },
    expect: members(404),
  },
  {
    method: 'POST',
    route: 'POST /api/billing/refresh-payment-intent',
    path: () => '/api/billing/refresh-payment-intent',
    json: { subscriptionId: NOBODY },
    expect: members(404),
  },
  { method: 'POST', route: 'POST /api/billing/portal', path: () => '/api/billing/portal', json: {}, expect: members() },
  { method: 'POST', route: 'POST /api/billing/cancel', path: () => '/api/billing/cancel', json: {}, expect: members(409) },
  { method: 'POST', route: 'POST /api/billing/resume', path: () => '/api/billing/resume', json: {}, expect: members(409) },
  { method: 'POST', route: 'POST /api/billing/refund', path: () => '/api/billing/refund', json: {}, expect: members(409) },
  {
    method: 'POST',
    route: 'POST /api/billing/test-mode/pay',
    path: () => '/api/billing/test-mode/pay',
    json: { clientSecret: 'nope', cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    expect: members(404),
  },
  {
    method: 'POST',
    route: 'POST /api/billing/test-mode/authenticate',
    path: () => '/api/billing/test-mode/authenticate',
    json: { clientSecret: 'nope', outcome: 'approve' },
    expect: members(404),
  },
  // Stripe's webhook carries no session (its signature is its authorization); the test-mode provider has none.
  {
    method: 'POST',
    route: 'POST /api/billing/webhook',
    path: () => '/api/billing/webhook',
    json: { type: 'invoice.paid' },
    expect: anyone(404),
  },
  // Administrators: tiers, e-mail testing.
  {
    method: 'PUT',
    route: 'PUT /api/users/:userId/tier',
    path: (c) => `/api/users/${c.veteranId}/tier`,
    json: { tierName: 'free' },
    expect: only(ADMIN),
  },
  {
    method: 'POST',
    route: 'POST /api/emails/send-sample',
    path: () => '/api/emails/send-sample',
    json: { to: 'sample@example.org' },
    expect: only(ADMIN),
  },
  { method: 'GET', route: 'GET /api/emails/outbox', path: () => '/api/emails/outbox', expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/emails/outbox/:id', path: (c) => `/api/emails/outbox/${c.outboxId}`, expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/emails/outbox/:id/html', path: (c) => `/api/emails/outbox/${c.outboxId}/html`, expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/emails/outbox/:id/raw', path: (c) => `/api/emails/outbox/${c.outboxId}/raw`, expect: only(ADMIN) },
  // The support queue.
  { method: 'GET', route: 'GET /api/staff/support-requests', path: () => '/api/staff/support-requests', expect: only(SUPPORT) },
  {
    method: 'GET',
    route: 'GET /api/staff/support-requests/:id',
    path: () => `/api/staff/support-requests/${NOBODY}`,
    expect: only(SUPPORT, 404),
  },
  {
    method: 'POST',
    route: 'POST /api/staff/support-requests/:id/replies',
    path: () => `/api/staff/support-requests/${NOBODY}/replies`,
    json: { message: 'Hello' },
    expect: only(SUPPORT, 404),
  },
  {
    method: 'POST',
    route: 'POST /api/staff/support-requests/:id/close',
    path: () => `/api/staff/support-requests/${NOBODY}/close`,
    json: {},
    expect: only(SUPPORT, 404),
  },
  // The staff console.
  { method: 'GET', route: 'GET /api/staff/claims', path: () => '/api/staff/claims', expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id', path: (c) => `/api/staff/claims/${c.claimId}`, expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/claims/:id/history', path: (c) => `/api/staff/claims/${c.claimId}/history`, expect: only(AUDIT) },
  {
    method: 'GET',
    route: 'GET /api/staff/claims/:id/history?at',
    path: (c) => `/api/staff/claims/${c.claimId}/history?at=1`,
    expect: only(AUDIT),
  },
  {
    method: 'GET',
    route: 'GET /api/staff/claims/:id/history.csv',
    path: (c) => `/api/staff/claims/${c.claimId}/history.csv`,
    expect: only(AUDIT),
  },
  {
    method: 'GET',
    route: 'GET /api/staff/claims/:id/evidence',
    path: (c) => `/api/staff/claims/${c.claimId}/evidence`,
    expect: only(AUDIT),
  },
  {
    method: 'GET',
    route: 'GET /api/staff/claims/:id/evidence?at',
    path: (c) => `/api/staff/claims/${c.claimId}/evidence?at=1`,
    expect: only(AUDIT),
  },
  {
    method: 'GET',
    route: 'GET /api/staff/documents',
    path: (c) => `/api/staff/documents?filter=${q({ claimId: c.claimId })}`,
    expect: only(AUDIT),
  },
  { method: 'GET', route: 'GET /api/staff/access-log', path: () => '/api/staff/access-log', expect: only(ADMIN) },
  { method: 'GET', route: 'GET /api/users/with-tier', path: () => '/api/users/with-tier', expect: only(AUDIT) },
  { method: 'GET', route: 'GET /api/staff/users/:id', path: (c) => `/api/staff/users/${c.veteranId}`, expect: only(AUDIT) },
  {
    method: 'GET',
    route: 'GET /api/staff/tier-history',
    path: (c) => `/api/staff/tier-history?filter=${q({ userId: c.veteranId })}`,
    expect: only(ADMIN),
  },
  { method: 'GET', route: 'GET /api/staff/projections', path: () => '/api/staff/projections', expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/projections/:name', path: () => '/api/staff/projections/claims', expect: only(SUPPORT) },
  {
    method: 'POST',
    route: 'POST /api/staff/projections/:name/rebuild',
    path: () => '/api/staff/projections/user_tier_history/rebuild',
    json: {},
    expect: only(SUPPORT, 202),
  },
  { method: 'GET', route: 'GET /api/staff/rebuilds/:rebuildId', path: (c) => `/api/staff/rebuilds/${c.rebuildId}`, expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/dead-letters', path: () => '/api/staff/dead-letters', expect: only(SUPPORT) },
  {
    method: 'GET',
    route: 'GET /api/staff/dead-letters/:id',
    path: (c) => `/api/staff/dead-letters/${c.deadLetterId}`,
    expect: only(SUPPORT),
  },
  // A subscriber this process does not run: an allowed caller is told so (409), and the letter stays for the next caller.
  {
    method: 'POST',
    route: 'POST /api/staff/dead-letters/:id/retry',
    path: (c) => `/api/staff/dead-letters/${c.deadLetterId}/retry`,
    json: {},
    expect: only(SUPPORT, 409),
  },
  {
    method: 'DELETE',
    route: 'DELETE /api/staff/dead-letters/:id',
    path: () => '/api/staff/dead-letters/999999999',
    expect: only(SUPPORT, 404),
  },
  { method: 'GET', route: 'GET /api/staff/events', path: () => '/api/staff/events', expect: only(SUPPORT) },
  { method: 'GET', route: 'GET /api/staff/events/:id', path: (c) => `/api/staff/events/${c.eventId}`, expect: only(SUPPORT) },
  {
    method: 'GET',
    route: 'GET /api/staff/events/:id?reveal',
    path: (c) => `/api/staff/events/${c.eventId}?reveal=true`,
    expect: only(ADMIN),
  },
  // Removals of the veteran's records, after every row that reads them.
  {
    method: 'DELETE',
    route: 'DELETE /api/ai-chat/sessions/:id',
    path: (c) => `/api/ai-chat/sessions/${c.chatSessionId}`,
    expect: owner(204),
  },
  { method: 'DELETE', route: 'DELETE /api/documents/:id', path: (c) => `/api/documents/${c.documentId}`, expect: owner(204) },
  // A wrong password: the account stays, and the refusal is the password's for every member.
  {
    method: 'DELETE',
    route: 'DELETE /api/account',
    path: () => '/api/account',
    json: { password: 'not the password' },
    expect: members(400),
  },
  // Signing in again replaces each caller's session; signing out ends it, so these come last.
  {
    method: 'POST',
    route: 'POST /api/auth/login',
    path: () => '/api/auth/login',
    json: (c, caller) => ({ email: c.emails[caller], password: caller === 'anonymous' ? 'not the password' : STAFF_PASSWORD }),
    expect: { ...anyone(), anonymous: 401 },
  },
  { method: 'GET', route: 'GET /api/logout', path: () => '/api/logout', expect: anyone(302) },
];

/**
 * The app with a signed-in client of each kind of caller and, owned by `veteran`, the records the
 * rows name (a claim, a document, an upload address, a chat session), an outbox message, an event,
 * a rebuild and a dead letter.
 */
export async function startRouteTableApp(
  options: Parameters<typeof startStaffApp>[0] = {},
  prefix = 'matrix',
): Promise<{ staff: StaffApp; clients: Record<Caller, TestClient>; context: RouteContext }> {
  const staff = await startStaffApp(options, prefix);
  const veteran = await staff.member(`${prefix}.veteran@example.org`);
  const anotherVeteran = await staff.member(`${prefix}.other@example.org`);
  const clients: Record<Caller, TestClient> = {
    anonymous: staff.app.client(),
    veteran,
    anotherVeteran,
    adjudicator: staff.adjudicator,
    support: staff.support,
    administrator: staff.admin,
  };
  const filed = await veteran.post('/api/claims', { condition: 'Migraine', conditionType: 'primary' });
  expect(filed.status).toBe(201);
  const upload = async () => (await veteran.post('/api/objects/upload', {})).data.uploadURL as string;
  const documentUrl = await upload();
  expect(
    (await veteran.request('PUT', documentUrl, { body: PDF as unknown as string, headers: { 'content-type': 'application/pdf' } })).status,
  ).toBe(201);
  const document = await veteran.put('/api/documents', {
    documentURL: documentUrl,
    fileName: `${prefix}.pdf`,
    fileType: 'application/pdf',
  });
  expect(document.status).toBe(201);
  const chat = await veteran.post('/api/ai-chat/sessions', {});
  expect(chat.status).toBe(201);
  const sample = await staff.admin.post('/api/emails/send-sample', { to: `${prefix}.sample@example.org` });
  expect(sample.status).toBeLessThan(300);
  const outbox = await staff.admin.get('/api/emails/outbox');
  const knex = staff.app.system.knex;
  const event = await knex('events')
    .where({ stream_id: `user-${veteran.id}`, stream_version: 1 })
    .first('event_id');
  const rebuild = await staff.support.post('/api/staff/projections/user_tier_history/rebuild', {});
  const [{ id: deadLetterId }] = await knex('subscription_dead_letters')
    .insert({
      subscription: 'worker:elsewhere',
      event_id: event.event_id,
      stream_id: `user-${veteran.id}`,
      type: 'UserRegistered',
      tx_id: knex.raw("'1'::xid8"),
      seq: 1,
      attempts: 5,
      error: 'boom',
    })
    .returning(knex.raw('id::text as id'));
  const context: RouteContext = {
    emails: {
      anonymous: `${prefix}.nobody@example.org`,
      veteran: `${prefix}.veteran@example.org`,
      anotherVeteran: `${prefix}.other@example.org`,
      adjudicator: `${prefix}.adjudicator@example.org`,
      support: `${prefix}.support@example.org`,
      administrator: `${prefix}.admin@example.org`,
    },
    claimId: filed.data.id,
    veteranId: veteran.id,
    documentId: document.data.id,
    uploadPath: await upload(),
    chatSessionId: chat.data.id,
    outboxId: outbox.data[0].id,
    eventId: event.event_id,
    rebuildId: rebuild.data.rebuildId,
    deadLetterId,
  };
  return { staff, clients, context };
}
