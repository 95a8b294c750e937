import { startSmtpServer } from '../testing/smtpServer';
import { renderEmail } from '../templates/layout';
import { renderNotification } from '../templates/templates';
import { smtpMailer } from './mailer';

describe('e-mail over real SMTP (nodemailer against smtp-server)', () => {
  it('delivers HTML and text parts with the product name, a stable Message-ID, and the login the URL carries', async () => {
    const smtp = await startSmtpServer({ user: 'mailer', pass: 's3cret-pass' });
    const mailer = smtpMailer(`smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`, 'Claims Copilot <no-reply@claims.example.org>');
    try {
      const { email } = renderNotification(
        'claim-status',
        { condition: 'Tinnitus', claimNumber: '2026-004', from: 'Submitted', to: 'Approved' },
        'https://claims.example.org',
      );
      const id = '3f1e4c9a-1111-4222-8333-444455556666';
      const sent = await mailer.send({ to: '"Robin Hayes" <robin@example.org>', ...renderEmail(email, 'https://claims.example.org') }, id);
      expect(sent.messageId).toBe(`<${id}@claims.example.org>`);

      expect(smtp.received).toHaveLength(1);
      const [{ envelope, mail }] = smtp.received as [(typeof smtp.received)[number]];
      expect(envelope).toEqual({ from: 'no-reply@claims.example.org', to: ['robin@example.org'] });
      expect(mail.subject).toBe('Claim 2026-004 is now Approved');
      expect(mail.messageId).toBe(`<${id}@claims.example.org>`);
      expect(mail.from?.value).toEqual([{ name: 'Claims Copilot', address: 'no-reply@claims.example.org' }]);
      expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
      expect(mail.html).toContain('Your claim status changed');
      expect(mail.html).toContain('href="https://claims.example.org/claims"');
      expect(mail.text).toContain('Your claim 2026-004 for Tinnitus moved from Submitted to Approved.');
      expect(mail.text).toContain('Claims Copilot');
      expect(`${mail.html}${mail.text}`).not.toContain('s3cret-pass');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('fails the send when the server refuses the login (the worker then tries again)', async () => {
    const smtp = await startSmtpServer({ user: 'mailer', pass: 'right' });
    const mailer = smtpMailer(`smtp://mailer:wrong@127.0.0.1:${smtp.port}`, 'Claims Copilot <no-reply@claims.example.org>');
    try {
      const { email } = renderNotification('welcome', { firstName: null }, 'https://claims.example.org');
      await expect(
        mailer.send(
          { to: 'robin@example.org', ...renderEmail(email, 'https://claims.example.org') },
          '3f1e4c9a-1111-4222-8333-444455556667',
        ),
      ).rejects.toThrow();
      expect(smtp.received).toHaveLength(0);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('escapes what users wrote: a condition cannot inject markup into the HTML part', () => {
    const { email } = renderNotification(
      'claim-status',
      { condition: '<script>alert(1)</script>', claimNumber: '2026-001', from: 'A', to: 'B' },
      'https://x.example',
    );
    const { html } = renderEmail(email, 'https://x.example');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});

/**
 * The same adapter against the SMTP server of a deployment, when one is configured for the test
 * run: SMTP_CONTRACT_URL (e.g. smtp://user:pass@mail.example.org:587) and SMTP_CONTRACT_TO.
 */
const live = process.env.SMTP_CONTRACT_URL && process.env.SMTP_CONTRACT_TO ? describe : describe.skip;
live('e-mail over the configured SMTP server (contract)', () => {
  it('accepts a message', async () => {
    const mailer = smtpMailer(
      process.env.SMTP_CONTRACT_URL!,
      process.env.MAIL_FROM ?? 'Claims Copilot <no-reply@claims-copilot.localhost>',
    );
    try {
      const { email } = renderNotification('welcome', { firstName: 'Contract test' }, 'https://claims.example.org');
      const sent = await mailer.send(
        { to: process.env.SMTP_CONTRACT_TO!, ...renderEmail(email, 'https://claims.example.org') },
        crypto.randomUUID(),
      );
      expect(sent.messageId).toMatch(/^<.+@.+>$/);
    } finally {
      mailer.close();
    }
  });
});
