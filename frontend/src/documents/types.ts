import type { ProcessingStatus } from '@cc/contracts';

/** A document of `GET /api/documents` (spec doc 1 §3 "Document"), as the contracts define it. */
export type { Document, ProcessingStatus } from '@cc/contracts';

/** The status filter's value: every status, or one of them. */
export type StatusFilter = 'all' | ProcessingStatus;

export interface DocumentFilters {
  search: string;
  status: StatusFilter;
}
