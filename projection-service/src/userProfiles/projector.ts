import { erasedUserOf, ACCOUNT_ERASED } from '../account/erasedRows';
import { pickEventTypes, USER_EVENT_TYPES, type EventDataOf, type UserPersonalData, type UserProfileChanges } from '@cc/contracts';
import type { PersonalDataVault, RecordedEvent } from '@cc/platform';
import type { Projector } from '../runner/projector';

const COLUMN_OF: Record<keyof UserProfileChanges, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  name: 'name',
  phone: 'phone',
  bio: 'bio',
  branchOfService: 'branch_of_service',
  yearsServed: 'years_served',
  dischargeType: 'discharge_type',
  disabilityRating: 'disability_rating',
  operationTheaters: 'operation_theaters',
  mos: 'mos',
  subMos: 'sub_mos',
  awards: 'awards',
  devices: 'devices',
  profileImageUrl: 'profile_image_url',
  vaFileNumber: 'va_file_number',
  ssnLast4: 'ssn_last4',
};
const JSON_COLUMNS = new Set(['operation_theaters', 'awards', 'devices']);

/** The user profile read model behind `GET /api/auth/user` and the administrators' user list. */
export function userProfilesProjector(vault: PersonalDataVault): Projector {
  return {
    name: 'user_profiles',
    version: 1,
    tables: ['user_profiles'],
    handles: [...pickEventTypes(USER_EVENT_TYPES, ['UserRegistered', 'UserProfileUpdated', 'UserTierChanged']), ACCOUNT_ERASED],
    async project(event: RecordedEvent, trx) {
      const erased = erasedUserOf(event);
      if (erased) {
        // The account is gone: it leaves the user list, and GET /api/auth/user has no one to answer.
        await trx('user_profiles').where({ user_id: erased }).del();
        return;
      }
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'UserRegistered': {
          const data = event.data as EventDataOf<'UserRegistered'>;
          // An erased key leaves a profile with no personal data, never a crash.
          const personal = await vault.open<UserPersonalData>(data.userId, data.personal);
          await trx('user_profiles')
            .insert({
              user_id: data.userId,
              email: personal?.email ?? '',
              first_name: personal?.firstName ?? null,
              last_name: personal?.lastName ?? null,
              member_tier: data.memberTier,
              created_at: at,
              updated_at: at,
            })
            .onConflict('user_id')
            .ignore();
          return;
        }
        case 'UserProfileUpdated': {
          const data = event.data as EventDataOf<'UserProfileUpdated'>;
          const changes = (await vault.open<UserProfileChanges>(data.userId, data.personal)) ?? {};
          const row: Record<string, unknown> = { updated_at: at };
          for (const [field, value] of Object.entries(changes) as [keyof UserProfileChanges, unknown][]) {
            const column = COLUMN_OF[field];
            if (column) row[column] = JSON_COLUMNS.has(column) ? JSON.stringify(value ?? []) : value;
          }
          await trx('user_profiles').where({ user_id: data.userId }).update(row);
          return;
        }
        case 'UserTierChanged': {
          const data = event.data as EventDataOf<'UserTierChanged'>;
          await trx('user_profiles').where({ user_id: data.userId }).update({ member_tier: data.to, updated_at: at });
          return;
        }
      }
    },
  };
}
