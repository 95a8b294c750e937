import type { Claim, ClaimDetail, ClaimHistoryEntry, ClaimNote, ClaimStatus, ConditionType, NoteType } from '@cc/contracts';
import { apiJson } from '../api/http';

/** The claims calls of spec doc 1 §7 (same-origin JSON with the session cookie, see api/http.ts). */

const claimPath = (id: string) => `/api/claims/${encodeURIComponent(id)}`;

/** Every claim (the server's cap is 1,000), newest first (the server sorts; the client keeps that order if it does not). */
export async function fetchClaims(signal?: AbortSignal): Promise<Claim[]> {
  const sort = encodeURIComponent(JSON.stringify(['filedAt', 'DESC']));
  const claims = await apiJson<Claim[]>(`/api/claims?sort=${sort}`, { signal });
  return [...claims].sort((a, b) => b.filedAt.localeCompare(a.filedAt));
}

export function fetchClaim(id: string, signal?: AbortSignal): Promise<ClaimDetail> {
  return apiJson<ClaimDetail>(claimPath(id), { signal });
}

/** Oldest first, as the server answers. */
export function fetchClaimHistory(id: string, signal?: AbortSignal): Promise<ClaimHistoryEntry[]> {
  return apiJson<ClaimHistoryEntry[]>(`${claimPath(id)}/history`, { signal });
}

export interface NewClaimInput {
  condition: string;
  conditionType: ConditionType;
  nextAction: string | null;
}

export function createClaim(input: NewClaimInput): Promise<Claim> {
  return apiJson<Claim>('/api/claims', { method: 'POST', body: input });
}

export function updateClaimStatus(id: string, status: ClaimStatus): Promise<ClaimDetail> {
  return apiJson<ClaimDetail>(`${claimPath(id)}/status`, { method: 'PUT', body: { status } });
}

/** `ratingPercentage` is text: "" clears the rating, otherwise "0".."100". */
export function updateClaimRating(id: string, ratingPercentage: string): Promise<ClaimDetail> {
  return apiJson<ClaimDetail>(`${claimPath(id)}/rating`, { method: 'PUT', body: { ratingPercentage } });
}

export interface NewNoteInput {
  note: string;
  noteType: Extract<NoteType, 'general' | 'communication' | 'reminder'>;
  isImportant: boolean;
}

export function addClaimNote(id: string, input: NewNoteInput): Promise<ClaimNote> {
  return apiJson<ClaimNote>(`${claimPath(id)}/notes`, { method: 'POST', body: input });
}

/** GET /api/ai-analysis/profile (spec doc 1 §3 "AI profile"). */
export interface AiProfile {
  potentialConditions: { condition: string; confidence: number }[];
  secondaryConditions: { secondaryCondition: string; primaryCondition: string }[];
  existingConditions: { condition: string; currentRating: number | null; potentialIncrease: boolean }[];
}

export function fetchAiProfile(signal?: AbortSignal): Promise<AiProfile> {
  return apiJson<AiProfile>('/api/ai-analysis/profile', { signal });
}
