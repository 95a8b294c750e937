import type {
  AccountInfo,
  MemberTier,
  MemberTierName,
  Preferences,
  PreferencesPatch,
  ProfileBody,
  User,
  UserWithTier,
} from '@cc/contracts';
import { apiFetch, apiJson } from '../api/http';

/** The settings calls (spec doc 2 §7): same-origin JSON with the session cookie. */

export function updateProfile(input: ProfileBody): Promise<User> {
  return apiJson<User>('/api/auth/profile', { method: 'PUT', body: input });
}

export function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return apiJson<Preferences>('/api/auth/preferences', { signal });
}

export function savePreferences(patch: PreferencesPatch): Promise<Preferences> {
  return apiJson<Preferences>('/api/auth/preferences', { method: 'PUT', body: patch });
}

export function fetchAccount(signal?: AbortSignal): Promise<AccountInfo> {
  return apiJson<AccountInfo>('/api/account', { signal });
}

/** A wrong current password is a 400 with a field error, not a 401: the session stays. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch('/api/auth/password', { method: 'POST', body: { currentPassword, newPassword }, reportUnauthorized: false });
}

export async function deleteAccount(confirmation: { password?: string; email?: string }): Promise<void> {
  await apiFetch('/api/account', { method: 'DELETE', body: confirmation, reportUnauthorized: false });
}

export function fetchMemberTiers(signal?: AbortSignal): Promise<MemberTier[]> {
  return apiJson<MemberTier[]>('/api/member-tiers', { signal });
}

/** The first users (spec: administrators and adjudicators see the first 10). */
export async function fetchUsersWithTier(count: number, signal?: AbortSignal): Promise<{ users: UserWithTier[]; total: number }> {
  const range = encodeURIComponent(JSON.stringify([0, count - 1]));
  const sort = encodeURIComponent(JSON.stringify(['createdAt', 'ASC']));
  const response = await apiFetch(`/api/users/with-tier?range=${range}&sort=${sort}`, { signal });
  const users = (await response.json()) as UserWithTier[];
  const total = Number(response.headers.get('Content-Range')?.split('/')[1]);
  return { users, total: Number.isFinite(total) ? total : users.length };
}

export function changeUserTier(userId: string, tierName: MemberTierName): Promise<unknown> {
  return apiJson(`/api/users/${encodeURIComponent(userId)}/tier`, { method: 'PUT', body: { tierName } });
}

export interface ExportProgress {
  received: number;
  /** From Content-Length; undefined when the server could not tell. */
  total: number | undefined;
}

/**
 * Downloads `GET /api/account/export` while reporting progress, then hands the ZIP to the browser
 * as a file download.
 */
export async function downloadExport(onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<void> {
  const response = await apiFetch('/api/account/export', { signal });
  const header = response.headers.get('Content-Length');
  const total = header ? Number(header) : undefined;
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'claims-copilot-data.zip';
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'application/zip' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
