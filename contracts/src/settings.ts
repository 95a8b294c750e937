import { z } from 'zod';
import { AWARD_DEVICES, AWARDS, COMBAT_THEATERS } from './militaryOptions';
import { BRANCH_OPTIONS, DISCHARGE_OPTIONS, PASSWORD_MIN_LENGTH, type User } from './users';

export { AWARD_DEVICES, AWARDS, COMBAT_THEATERS } from './militaryOptions';

/** The spec's profile messages (doc 2 §5), verbatim. */
export const PROFILE_MESSAGES = {
  nameRequired: 'Name is required',
  invalidEmail: 'Invalid email address',
  emailReadOnly: 'Email cannot be changed: it is linked to your VA account.',
  disabilityRating: 'Disability rating must be a number between 0 and 100',
  yearsServed: 'Years served must be a whole number between 0 and 50',
  vaFileNumber: 'VA file number must be 8 or 9 digits',
  ssnLast4: 'SSN last 4 must be exactly 4 digits',
} as const;

export const BRANCH_LABELS: Record<(typeof BRANCH_OPTIONS)[number], string> = {
  army: 'Army',
  navy: 'Navy',
  'air-force': 'Air Force',
  marines: 'Marine Corps',
  'coast-guard': 'Coast Guard',
  'space-force': 'Space Force',
};

export const DISCHARGE_LABELS: Record<(typeof DISCHARGE_OPTIONS)[number], string> = {
  honorable: 'Honorable',
  general: 'General (Under Honorable Conditions)',
  'other-than-honorable': 'Other Than Honorable',
  'bad-conduct': 'Bad Conduct',
  dishonorable: 'Dishonorable',
  medical: 'Medical',
  administrative: 'Administrative',
};

/** Optional text: trimmed, and empty means "none" (null). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** An optional whole number: a number, a numeric string from a form field, or empty/null for none. */
const optionalInteger = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional(),
  );

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .enum(values, { error: `${label} must be one of ${values.join(', ')}` })
      .nullable()
      .optional(),
  );

/** Optional digits in a fixed shape; spaces and dashes typed between them are dropped, empty means none. */
const optionalDigits = (pattern: RegExp, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v),
    z
      .string({ error: message })
      .refine((v) => v === '' || pattern.test(v), message)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
  );

const pickList = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `Choose ${label} from the list` }), { error: `${label} must be a list` })
    .max(values.length)
    .optional()
    .transform((list) => (list ? [...new Set(list)] : undefined));

/**
 * `PUT /api/auth/profile` (spec doc 2 §3 "User", §5 "Profile form"). Fields left out keep their
 * value. `email` may be sent (the form shows it) but must be the account's own: it is read-only.
 * First and last name are taken from `name` unless they are given.
 */
export const profileBody = z.object({
  name: z
    .string({ error: PROFILE_MESSAGES.nameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  email: z.string().trim().toLowerCase().pipe(z.email(PROFILE_MESSAGES.invalidEmail)).optional(),
  firstName: optionalText(100, 'First name'),
  lastName: optionalText(100, 'Last name'),
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'Phone must be text' })
      .max(30, 'Phone must be at most 30 characters')
      .regex(/^[0-9+().\s-]*$/, 'Enter a phone number using digits, spaces and + ( ) - .')
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
  ),
  bio: optionalText(2000, 'Bio'),
  branchOfService: optionalChoice(BRANCH_OPTIONS, 'Branch of service'),
  yearsServed: optionalInteger(0, 50, PROFILE_MESSAGES.yearsServed),
  dischargeType: optionalChoice(DISCHARGE_OPTIONS, 'Discharge type'),
  disabilityRating: optionalInteger(0, 100, PROFILE_MESSAGES.disabilityRating),
  operationTheaters: pickList(COMBAT_THEATERS, 'operation theaters'),
  awards: pickList(AWARDS, 'awards'),
  devices: pickList(AWARD_DEVICES, 'award devices'),
  // Free text: a pick-list entry ("11B Infantryman") or, for a branch without a public list, anything.
  mos: optionalText(200, 'MOS'),
  subMos: optionalText(200, 'Secondary MOS'),
  /** The VA's file (C-file) number: 8 or 9 digits, as vets-json-schema's `centralMailVaFile` pattern. */
  vaFileNumber: optionalDigits(/^\d{8,9}$/, PROFILE_MESSAGES.vaFileNumber),
  /** Only the last four digits of the SSN are ever kept (sealed with the rest of the profile). */
  ssnLast4: optionalDigits(/^\d{4}$/, PROFILE_MESSAGES.ssnLast4),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** The profile fields a `PUT /api/auth/profile` may change, as stored (User field names). */
export const EDITABLE_PROFILE_FIELDS = [
  'name',
  'firstName',
  'lastName',
  'phone',
  'bio',
  'branchOfService',
  'yearsServed',
  'dischargeType',
  'disabilityRating',
  'operationTheaters',
  'awards',
  'devices',
  'mos',
  'subMos',
  'vaFileNumber',
  'ssnLast4',
] as const satisfies readonly (keyof User)[];
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

/** First and last name from a full name when they are not given: the first word, then the rest. */
export function splitName(name: string): { firstName: string; lastName: string | null } {
  const words = name.trim().split(/\s+/);
  return { firstName: words[0] ?? name.trim(), lastName: words.length > 1 ? words.slice(1).join(' ') : null };
}

// ── Notifications and preferences ───────────────────────────────────────────────────────────────

/**
 * What the app notifies about (doc 1 §1 "notifications about status changes and deadlines"; the six
 * sample e-mails of doc 2 §2.7; reminders of a decided claim's review deadlines).
 */
export const NOTIFICATION_KINDS = [
  'welcome',
  'claim-status',
  'document-upload',
  'ai-usage-limit',
  'subscription',
  'password-reset',
  'deadline-reminder',
  'weekly-digest',
  'readiness-drop',
  'support-answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds a user can turn off per channel. The welcome and password reset messages are about the
 * account itself (a reset link the user asked for must arrive), so they are always sent.
 */
export const CONFIGURABLE_NOTIFICATION_KINDS = [
  'claim-status',
  'document-upload',
  'ai-usage-limit',
  'subscription',
  'deadline-reminder',
  'weekly-digest',
  'readiness-drop',
  'support-answered',
] as const;
export type ConfigurableNotificationKind = (typeof CONFIGURABLE_NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  welcome: { label: 'Welcome', description: 'When your account is created.' },
  'claim-status': { label: 'Claim status updates', description: 'When one of your claims changes status.' },
  'document-upload': { label: 'Document uploads', description: 'A confirmation when a document is uploaded.' },
  'ai-usage-limit': { label: 'AI usage limit', description: 'When you have used all of the AI analyses your plan includes this month.' },
  subscription: { label: 'Subscription changes', description: 'When your plan or member tier changes.' },
  'password-reset': { label: 'Password reset', description: 'The link you ask for when you forget your password.' },
  'deadline-reminder': { label: 'Deadline reminders', description: '30 and 7 days before a decision-review deadline.' },
  'weekly-digest': {
    label: 'Weekly digest',
    description: 'Once a week: status changes, evidence that moved and deadlines in the next 60 days.',
  },
  'readiness-drop': { label: 'Readiness drops', description: "Right away when a claim's evidence readiness goes down." },
  'support-answered': { label: 'Support answers', description: 'When support answers one of your support requests.' },
};

/** Kinds only a plan with `hasClaimInsights` (Pro's automatic updates) receives; lower plans see them as a teaser. */
export const CLAIM_INSIGHT_NOTIFICATION_KINDS: readonly ConfigurableNotificationKind[] = ['weekly-digest', 'readiness-drop'];

export const NOTIFICATION_CHANNELS = ['email', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type NotificationToggles = Record<ConfigurableNotificationKind, boolean>;

/** `GET/PUT /api/auth/preferences`. `theme` is null until the user picks one (the system preference applies). */
export interface Preferences {
  theme: 'light' | 'dark' | null;
  autoSave: boolean;
  aiRecommendations: boolean;
  emailNotifications: NotificationToggles;
  inAppNotifications: NotificationToggles;
}

const allOn = Object.fromEntries(CONFIGURABLE_NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationToggles;

/** The defaults (spec doc 2 §2.4 gives toggles "default states"): everything on, theme from the system. */
export const DEFAULT_PREFERENCES: Preferences = {
  theme: null,
  autoSave: true,
  aiRecommendations: true,
  emailNotifications: allOn,
  inAppNotifications: allOn,
};

const togglesSchema = z.object(
  Object.fromEntries(CONFIGURABLE_NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    ConfigurableNotificationKind,
    z.ZodBoolean
  >,
);

export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark']).nullable(),
  autoSave: z.boolean(),
  aiRecommendations: z.boolean(),
  emailNotifications: togglesSchema,
  inAppNotifications: togglesSchema,
});

/** `PUT /api/auth/preferences`: any part of the preferences; what is left out keeps its value. */
export const preferencesPatchBody = z
  .object({
    theme: z.enum(['light', 'dark'], { error: 'theme must be light or dark' }).nullable().optional(),
    autoSave: z.boolean({ error: 'autoSave must be true or false' }).optional(),
    aiRecommendations: z.boolean({ error: 'aiRecommendations must be true or false' }).optional(),
    emailNotifications: togglesSchema.partial().strict().optional(),
    inAppNotifications: togglesSchema.partial().strict().optional(),
  })
  .strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchBody>;

export function mergePreferences(current: Preferences, patch: PreferencesPatch): Preferences {
  return {
    theme: patch.theme === undefined ? current.theme : patch.theme,
    autoSave: patch.autoSave ?? current.autoSave,
    aiRecommendations: patch.aiRecommendations ?? current.aiRecommendations,
    emailNotifications: { ...current.emailNotifications, ...stripUndefined(patch.emailNotifications) },
    inAppNotifications: { ...current.inAppNotifications, ...stripUndefined(patch.inAppNotifications) },
  };
}

/** Stored preferences from any earlier shape: kinds added later take their default. */
export function completePreferences(stored: Partial<Preferences> | null | undefined): Preferences {
  return mergePreferences(DEFAULT_PREFERENCES, (stored ?? {}) as PreferencesPatch);
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Whether a notification of this kind goes out on this channel under these preferences. */
export function notificationWanted(preferences: Preferences, kind: NotificationKind, channel: NotificationChannel): boolean {
  if (!(CONFIGURABLE_NOTIFICATION_KINDS as readonly string[]).includes(kind)) return true;
  const toggles = channel === 'email' ? preferences.emailNotifications : preferences.inAppNotifications;
  return toggles[kind as ConfigurableNotificationKind];
}

/** An in-app notification, as `GET /api/notifications` lists it (newest first). */
export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the app to open, e.g. `/claims`. */
  link: string | null;
  isRead: boolean;
  readAt: string | null;
  createdAt: string;
}

// ── Account: password reset, change, export, erasure ────────────────────────────────────────────

/** How long a password reset link works. */
export const PASSWORD_RESET_VALID_MINUTES = 60;

export const ACCOUNT_MESSAGES = {
  resetRequested: "If an account exists for that e-mail, we've sent a link to reset your password. It works for 60 minutes.",
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  wrongPassword: 'The password is not correct.',
  noPassword: 'This account signs in through your identity provider and has no password here.',
  deleteConfirmEmail: 'Type the e-mail address of this account to confirm.',
} as const;

const newPassword = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const passwordResetRequestBody = z.object({
  email: z.string({ error: PROFILE_MESSAGES.invalidEmail }).trim().toLowerCase().pipe(z.email(PROFILE_MESSAGES.invalidEmail)),
});

export const passwordResetConfirmBody = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200, 'token is too long'),
  password: newPassword,
});

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword,
});

/** `DELETE /api/account`: the password again, or, for an account without one, its e-mail address. */
export const deleteAccountBody = z
  .object({
    password: z.string().max(200).optional(),
    email: z.string().trim().toLowerCase().max(320).optional(),
  })
  .refine((body) => Boolean(body.password) || Boolean(body.email), { message: 'Password is required', path: ['password'] });

/** `GET /api/account`: what the account section shows. */
export interface AccountInfo {
  userId: string;
  email: string;
  createdAt: string;
  /** False for an account that signs in only through OpenID Connect. */
  hasPassword: boolean;
}

// ── E-mail ──────────────────────────────────────────────────────────────────────────────────────

export const PRODUCT_NAME = 'Claims Copilot';

/** `POST /api/emails/send-sample` (doc 2 §3 "Sample e-mail request": to; the answer has a message). */
export const sampleEmailBody = z.object({
  to: z.string({ error: PROFILE_MESSAGES.invalidEmail }).trim().pipe(z.email(PROFILE_MESSAGES.invalidEmail)),
});

/** The six sample e-mails of the Email Testing page, in the spec's order (doc 2 §2.7). */
export const SAMPLE_EMAILS: readonly { kind: NotificationKind; label: string }[] = [
  { kind: 'welcome', label: 'Welcome email' },
  { kind: 'claim-status', label: 'Claim status update' },
  { kind: 'document-upload', label: 'Document upload confirmation' },
  { kind: 'ai-usage-limit', label: 'AI usage limit notification' },
  { kind: 'subscription', label: 'Subscription change confirmation' },
  { kind: 'password-reset', label: 'Password reset request' },
];

/** A message in the embedded outbox (`GET /api/emails/outbox`). */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  kind: NotificationKind;
  /** Sent from the Email Testing page rather than for a real event. */
  sample: boolean;
  sentAt: string;
}

/** One outbox message opened (`GET /api/emails/outbox/{id}`). */
export interface OutboxMessageDetail extends OutboxMessage {
  from: string;
  text: string;
}
