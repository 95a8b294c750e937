import { PASSWORD_RESET_VALID_MINUTES, PRODUCT_NAME, type NotificationKind } from '@cc/contracts';
import type { EmailContent } from './layout';

/**
 * One template per kind: what the notification says in the app (title, body, link) and by e-mail.
 * Data comes from the rule that made the notification (or the Email Testing page's samples). A
 * template never receives a secret other than the reset link it exists to carry.
 */
export interface NotificationTemplate<Data> {
  inApp(data: Data): { title: string; body: string; link: string | null };
  email(data: Data, appUrl: string): EmailContent;
}

export interface TemplateData {
  welcome: { firstName: string | null };
  'claim-status': { condition: string; claimNumber: string; from: string; to: string };
  'document-upload': { fileName: string; fileSize: number; claimCondition: string | null };
  'ai-usage-limit': { limit: number; usage: 'document-analyses' | 'ai-questions'; resetsOn: string };
  subscription: { from: string; to: string; reason: 'administrator' | 'subscription' | 'operator' };
  'password-reset': { resetUrl: string };
  'deadline-reminder': { condition: string; claimNumber: string; deadline: string; daysLeft: number; option: string };
  /** `sections` come from the digest's sources (digest/sources.ts), each a title and its lines. */
  'weekly-digest': { weekOf: string; sections: { title: string; lines: string[] }[] };
  'readiness-drop': { condition: string; claimNumber: string; from: number; to: number };
  'support-answered': { subject: string; requestId: string };
}

/** "2 status changes · 1 deadline in the next 60 days": what the in-app line has room for. */
const digestSummary = (sections: TemplateData['weekly-digest']['sections']) =>
  sections.map((section) => `${section.title}: ${section.lines.length}`).join(' · ');

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const usageLabel = (usage: TemplateData['ai-usage-limit']['usage']) =>
  usage === 'document-analyses' ? 'document analyses' : 'AI questions';

export const TEMPLATES: { [K in NotificationKind]: NotificationTemplate<TemplateData[K]> } = {
  welcome: {
    inApp: () => ({
      title: `Welcome to ${PRODUCT_NAME}`,
      body: 'Start by adding a claim to track, or upload a document for the AI to analyze.',
      link: '/',
    }),
    email: (data, appUrl) => ({
      subject: `Welcome to ${PRODUCT_NAME}`,
      preview: 'Your account is ready.',
      heading: `Welcome to ${PRODUCT_NAME}`,
      paragraphs: [
        greeting(data.firstName),
        'Your account is ready. You can track your VA disability claims, keep your evidence in one safe place, and ask the AI assistant about your next steps.',
        'A good first step: add the claims you have filed, then upload your medical records so the AI can look for evidence and gaps.',
      ],
      action: { label: 'Open your dashboard', url: `${appUrl}/dashboard` },
    }),
  },
  'claim-status': {
    inApp: (data) => ({
      title: 'Claim status updated',
      body: `Your claim ${data.claimNumber} (${data.condition}) moved from ${data.from} to ${data.to}.`,
      link: '/claims',
    }),
    email: (data, appUrl) => ({
      subject: `Claim ${data.claimNumber} is now ${data.to}`,
      preview: `${data.condition}: ${data.from} → ${data.to}`,
      heading: 'Your claim status changed',
      paragraphs: [
        `Your claim ${data.claimNumber} for ${data.condition} moved from ${data.from} to ${data.to}.`,
        'Open the claim to see its notes and full history.',
      ],
      action: { label: 'View your claims', url: `${appUrl}/claims` },
    }),
  },
  'document-upload': {
    inApp: (data) => ({
      title: 'Document uploaded',
      body: `${data.fileName} (${megabytes(data.fileSize)}) was uploaded${data.claimCondition ? ` and linked to your ${data.claimCondition} claim` : ''}.`,
      link: '/documents',
    }),
    email: (data, appUrl) => ({
      subject: `Document received: ${data.fileName}`,
      preview: 'Your document is stored safely.',
      heading: 'We received your document',
      paragraphs: [
        `${data.fileName} (${megabytes(data.fileSize)}) is stored in your document repository${data.claimCondition ? ` and linked to your ${data.claimCondition} claim` : ''}.`,
        'You can ask the AI to analyze it for evidence, treatment gaps and missing elements of your claim.',
      ],
      action: { label: 'Open your documents', url: `${appUrl}/documents` },
    }),
  },
  'ai-usage-limit': {
    inApp: (data) => ({
      title: 'AI usage limit reached',
      body: `You have used all ${data.limit} ${usageLabel(data.usage)} your plan includes this month. More are available from ${data.resetsOn}, or upgrade your plan.`,
      link: '/billing',
    }),
    email: (data, appUrl) => ({
      subject: `You've reached your monthly limit of ${data.limit} ${usageLabel(data.usage)}`,
      preview: `More are available from ${data.resetsOn}.`,
      heading: 'Monthly AI limit reached',
      paragraphs: [
        `You have used all ${data.limit} ${usageLabel(data.usage)} your plan includes this month.`,
        `Your allowance starts again on ${data.resetsOn}. If you need more before then, a higher plan has more or unlimited use.`,
      ],
      action: { label: 'See plans', url: `${appUrl}/billing` },
    }),
  },
  subscription: {
    inApp: (data) => ({ title: 'Plan changed', body: `Your member tier changed from ${data.from} to ${data.to}.`, link: '/billing' }),
    email: (data, appUrl) => ({
      subject: `Your ${PRODUCT_NAME} plan is now ${data.to}`,
      preview: `${data.from} → ${data.to}`,
      heading: 'Your plan changed',
      paragraphs: [
        `Your member tier changed from ${data.from} to ${data.to}${data.reason === 'subscription' ? ' with your subscription' : ''}.`,
        'Your limits follow the new plan from now on. If you did not expect this change, contact support.',
      ],
      action: { label: 'View billing', url: `${appUrl}/billing` },
    }),
  },
  'password-reset': {
    inApp: () => ({ title: 'Password reset requested', body: 'We sent you a link to reset your password.', link: null }),
    email: (data) => ({
      subject: `Reset your ${PRODUCT_NAME} password`,
      preview: `The link works for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
      heading: 'Reset your password',
      paragraphs: ['Someone asked to reset the password of your account. If it was you, choose a new password with the button below.'],
      action: { label: 'Choose a new password', url: data.resetUrl },
      footnote: `The link works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    }),
  },
  'deadline-reminder': {
    inApp: (data) => ({
      title: `${data.daysLeft} days left: ${data.option}`,
      body: `The deadline for a ${data.option} of your ${data.condition} decision (claim ${data.claimNumber}) is ${data.deadline}.`,
      link: '/claims',
    }),
    email: (data, appUrl) => ({
      subject: `${data.daysLeft} days left to file a ${data.option}`,
      preview: `Deadline: ${data.deadline}`,
      heading: 'A decision-review deadline is coming up',
      paragraphs: [
        `The deadline for a ${data.option} of your ${data.condition} decision (claim ${data.claimNumber}) is ${data.deadline}, in ${data.daysLeft} days.`,
      ],
      action: { label: 'View your claims', url: `${appUrl}/claims` },
    }),
  },
  'weekly-digest': {
    inApp: (data) => ({
      title: 'Your weekly digest',
      body: `The week of ${data.weekOf}. ${digestSummary(data.sections)}.`,
      link: '/claims',
    }),
    email: (data, appUrl) => ({
      subject: `Your weekly claims digest: ${data.weekOf}`,
      preview: digestSummary(data.sections),
      heading: 'What changed and what is next',
      paragraphs: [
        `Here is what happened with your claims in the week of ${data.weekOf}, and what is coming up.`,
        ...data.sections.flatMap((section) => [`${section.title}:`, ...section.lines.map((line) => `• ${line}`)]),
      ],
      action: { label: 'View your claims', url: `${appUrl}/claims` },
      footnote: 'Deadlines are counted from the decision dates you entered. Check the date on your decision letter.',
    }),
  },
  'readiness-drop': {
    inApp: (data) => ({
      title: `Evidence readiness dropped: ${data.condition}`,
      body: `The evidence readiness of your claim ${data.claimNumber} (${data.condition}) went from ${data.from}% to ${data.to}%. Open its evidence map to see what changed and what to do next.`,
      link: '/claims',
    }),
    email: (data, appUrl) => ({
      subject: `Evidence readiness dropped for claim ${data.claimNumber}`,
      preview: `${data.condition}: ${data.from}% → ${data.to}%`,
      heading: "A claim's evidence readiness went down",
      paragraphs: [
        `The evidence readiness of your claim ${data.claimNumber} for ${data.condition} went from ${data.from}% to ${data.to}%.`,
        'This usually means a document was removed or a new analysis read the evidence differently. The evidence map shows which element changed and the next steps.',
      ],
      action: { label: 'View your claims', url: `${appUrl}/claims` },
    }),
  },
  // The answer itself stays in the app: it may speak of the veteran's conditions, and e-mail is not sealed.
  'support-answered': {
    inApp: (data) => ({
      title: 'Support answered your request',
      body: `Support replied to "${data.subject}".`,
      link: `/help/requests/${data.requestId}`,
    }),
    email: (data, appUrl) => ({
      subject: `Support answered: ${data.subject}`,
      preview: 'Open Help & Support to read the answer.',
      heading: 'Support answered your request',
      paragraphs: [`Support replied to your request "${data.subject}".`, 'Sign in and open Help & Support to read the answer and reply.'],
      action: { label: 'Read the answer', url: `${appUrl}/help/requests/${data.requestId}` },
    }),
  },
};

/** The in-app text and e-mail of one notification. */
export function renderNotification<K extends NotificationKind>(kind: K, data: TemplateData[K], appUrl: string) {
  const template = TEMPLATES[kind] as NotificationTemplate<TemplateData[K]>;
  return { inApp: template.inApp(data), email: template.email(data, appUrl) };
}

/** Example data for the Email Testing page: made up, never a real user's. */
export function sampleData(appUrl: string): { [K in NotificationKind]: TemplateData[K] } {
  return {
    welcome: { firstName: 'Alex' },
    'claim-status': { condition: 'Tinnitus', claimNumber: '2026-001', from: 'Initial Review', to: 'Evidence Review' },
    'document-upload': { fileName: 'Sample medical record.pdf', fileSize: 1_258_291, claimCondition: 'Tinnitus' },
    'ai-usage-limit': { limit: 25, usage: 'document-analyses', resetsOn: 'the 1st of next month' },
    subscription: { from: 'Free', to: 'Basic', reason: 'subscription' },
    // A sample, so the link opens the reset page without a working token.
    'password-reset': { resetUrl: `${appUrl}/reset-password?token=sample-link-for-testing-only` },
    'deadline-reminder': {
      condition: 'Tinnitus',
      claimNumber: '2026-001',
      deadline: 'March 1, 2027',
      daysLeft: 30,
      option: 'Higher-Level Review',
    },
    'weekly-digest': {
      weekOf: 'November 16, 2026 to November 22, 2026',
      sections: [
        {
          title: 'Status changes',
          lines: ['Claim 2026-001 (Tinnitus) moved from Initial Review to Evidence Review on November 18, 2026.'],
        },
        {
          title: 'Deadlines in the next 60 days',
          lines: ['Claim 2025-004 (Knee strain): Higher-Level Review by January 5, 2027 (44 days left).'],
        },
      ],
    },
    'readiness-drop': { condition: 'Tinnitus', claimNumber: '2026-001', from: 67, to: 33 },
    'support-answered': { subject: 'Question about my tinnitus claim', requestId: '00000000-0000-4000-8000-000000000000' },
  };
}
