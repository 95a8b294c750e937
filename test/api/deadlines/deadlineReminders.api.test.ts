import { addDays, addYears, streams, utcDay } from '@cc/contracts';
import { deadlineReminderRule } from '@cc/notification-service';
import { PersonalDataVault } from '@cc/platform';
import { eventually } from '@cc/gateway/testing/eventually';
import { waitForMail } from '@cc/gateway/testing/mail';
import { startTestApp, type TestApp, type TestClient } from '@cc/gateway/testing/testApp';

/** Reminders 30 and 7 days before a decided claim's review deadlines, in the app and by e-mail. */
describe('deadline reminders', () => {
  let app: TestApp;
  let vet: TestClient;
  const today = utcDay(new Date());
  // Decided a year before the deadline: review deadlines fall one year after the decision.
  const decidedFor = (daysLeft: number) => addYears(addDays(today, daysLeft), -1);

  beforeAll(async () => {
    app = await startTestApp();
    vet = app.client();
    await vet.register('reminded.vet@example.org');
  });
  afterAll(async () => app.close());

  // The Free plan keeps three claims: each test files its own veteran's.
  const decide = async (condition: string, decisionDate: string, client = vet) => {
    const filed = await client.post('/api/claims', { condition, conditionType: 'primary' });
    expect(filed.status).toBe(201);
    const id = filed.data.id as string;
    const res = await client.put(`/api/claims/${id}/status`, { status: 'denied', decisionDate });
    expect(res.status).toBe(200);
    return res.data as { id: string; claimNumber: string; reviewDeadlines: { dueDate: string }[] };
  };
  const reminders = async (client = vet) =>
    ((await client.get('/api/notifications')).data as { kind: string; title: string; body: string }[]).filter(
      (n) => n.kind === 'deadline-reminder',
    );

  it('sends one reminder per deadline day inside 30 days, once however often the check runs, and none for a deadline further out', async () => {
    const soon = await decide('Tinnitus', decidedFor(20));
    await decide('Back strain', decidedFor(60));
    const dueDay = soon.reviewDeadlines[0]!.dueDate;
    expect(dueDay).toBe(addDays(today, 20));

    await app.system.readModelsCaughtUp();
    expect(await app.system.recordDeadlineReminders()).toBe(1);
    expect(await app.system.recordDeadlineReminders()).toBe(0);

    const inApp = await eventually(reminders, (list) => list.length >= 1);
    expect(inApp).toHaveLength(1);
    expect(inApp[0]!.title).toBe('20 days left: Higher-Level Review, Supplemental Claim or Board Appeal (Notice of Disagreement)');
    expect(inApp[0]!.body).toContain('Tinnitus');
    expect(inApp[0]!.body).toContain(soon.claimNumber);
    const [mail] = await waitForMail(app.system.outboxDir, 'reminded.vet@example.org', /^20 days left to file a Higher-Level Review/);
    expect(mail!.mail.text).toContain('Tinnitus');
  });

  it('sends the 7-day reminder inside a week', async () => {
    const other = app.client();
    await other.register('reminded.again@example.org');
    const near = await decide('Knee strain', decidedFor(6), other);
    await app.system.readModelsCaughtUp();
    expect(await app.system.recordDeadlineReminders()).toBe(1);
    await eventually(
      () => reminders(other),
      (list) => list.some((n) => n.title.startsWith('6 days left')),
    );

    expect(near.reviewDeadlines[0]!.dueDate).toBe(addDays(today, 6));
  });

  it('a reminder counted from a decision date that was corrected since is not sent', async () => {
    const third = app.client();
    await third.register('reminded.third@example.org');
    const claim = await decide('Hearing loss', decidedFor(15), third);
    await app.system.readModelsCaughtUp();
    expect(await app.system.recordDeadlineReminders()).toBe(1);
    const [due] = (await app.system.store.readStream(streams.deadlineReminders(claim.id))).events;
    expect(due!.type).toBe('DeadlineReminderDue');
    const context = { store: app.system.store, vault: new PersonalDataVault(app.system.knex), mintPasswordResetUrl: async () => '' };
    expect(await deadlineReminderRule.notify(due!, context)).toMatchObject({
      kind: 'deadline-reminder',
      data: { daysLeft: 15, condition: 'Hearing loss' },
    });

    expect((await third.request('PATCH', `/api/claims/${claim.id}`, { json: { decisionDate: decidedFor(200) } })).status).toBe(200);
    expect(await deadlineReminderRule.notify(due!, context)).toBeUndefined();
    await app.system.readModelsCaughtUp();
    expect(await app.system.recordDeadlineReminders()).toBe(0);
  });
});
