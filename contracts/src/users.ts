import { z } from 'zod';
import { MEMBER_TIER_NAMES, type MemberTier, type MemberTierName } from './tiers';
import type { Role } from './roles';

export * from './displayName';

export const BRANCH_OPTIONS = ['army', 'navy', 'air-force', 'marines', 'coast-guard', 'space-force'] as const;
export const DISCHARGE_OPTIONS = [
  'honorable',
  'general',
  'other-than-honorable',
  'bad-conduct',
  'dishonorable',
  'medical',
  'administrative',
] as const;

/** The signed-in user as `GET /api/auth/user` answers it (spec doc 2 §3 "User", doc 1 §3 "Current user"). */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  phone: string | null;
  bio: string | null;
  branchOfService: string | null;
  yearsServed: number | null;
  dischargeType: string | null;
  disabilityRating: number | null;
  operationTheaters: string[];
  mos: string | null;
  subMos: string | null;
  awards: string[];
  devices: string[];
  profileImageUrl: string | null;
  vaFileNumber: string | null;
  ssnLast4: string | null;
  memberTier: MemberTierName;
  memberTierData: MemberTier;
  roles: Role[];
  createdAt: string;
}

/** A row of `GET /api/users/with-tier`. */
export interface UserWithTier {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  memberTier: MemberTierName;
  memberTierData: { displayName: string };
  createdAt: string;
}

const trimmedOptionalName = z
  .string()
  .trim()
  .max(100, 'Names are at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

export const PASSWORD_MIN_LENGTH = 10;

/** The Terms and Conditions in force: "last updated August 22, 2025" (spec doc 1 §2). */
export const TERMS_VERSION = '2025-08-22';

/** What registration asks the veteran to confirm (spec doc 1: "Users must be 18 or older"). */
export const REGISTRATION_MESSAGES = {
  ageConfirmed: 'Please confirm that you are 18 or older',
  termsAccepted: 'Please accept the Terms and Conditions',
} as const;

export const registerBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  firstName: trimmedOptionalName,
  lastName: trimmedOptionalName,
  ageConfirmed: z.literal(true, { error: REGISTRATION_MESSAGES.ageConfirmed }),
  termsAccepted: z.literal(true, { error: REGISTRATION_MESSAGES.termsAccepted }),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  // Capped like every stored address (RFC 5321): a longer one is no account's, and the failure count is keyed by it.
  email: z.string().trim().toLowerCase().min(1, 'E-mail is required').max(320, 'E-mail must be at most 320 characters'),
  password: z.string().min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const changeTierBody = z.object({
  tierName: z.enum(MEMBER_TIER_NAMES, { message: `tierName must be one of ${MEMBER_TIER_NAMES.join(', ')}` }),
});
export type ChangeTierBody = z.infer<typeof changeTierBody>;
