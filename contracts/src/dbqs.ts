/**
 * Disability Benefits Questionnaires (spec doc 2 §2.2, §3 "DBQ", "DBQ category", §7). The catalogue
 * is event-sourced (one stream, `dbq-catalogue`); the id of a DBQ is its VA form number.
 */

export interface Dbq {
  /** The VA form number, e.g. 21-0960M-9. */
  id: string;
  title: string;
  /** The body system VA files it under, e.g. "Muscles and bones (musculoskeletal)". */
  category: string;
  /** The conditions it is for, as VA's DBQ page groups them. */
  conditionGroup: string | null;
  isActive: boolean;
  /** When the catalogue entry last changed (ISO time). */
  lastUpdated: string;
  /** 1 when added, one more with every change. */
  version: number;
  downloadCount: number;
  fileUrl: string;
}

export interface DbqCategory {
  category: string;
  count: number;
}

export interface DbqDownloadAnswer {
  fileUrl: string;
  downloadCount: number;
}

export interface DbqSyncAnswer {
  added: number;
  updated: number;
  /** DBQs no longer on the source, now inactive. */
  retired: number;
  /** How many DBQs the source listed. */
  total: number;
  /** "VA website" (DBQ_SYNC_URL) or "bundled catalogue". */
  source: string;
}

/** A DBQ id is a form number: letters, digits and dashes. */
export const DBQ_ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,39}$/;

/** Spec doc 2 §6: the Free tier has no DBQs; this is what a tier without `hasDbqAccess` is told. */
export const DBQ_MESSAGES = {
  upgrade: 'DBQ forms are not available on the Free plan. Upgrade to Basic or Pro to browse and download DBQs.',
} as const;
