import type { Request } from 'express';
import { READ_MODEL_CHANGES_PATH, UPLOAD_PATH_PREFIX } from '@cc/contracts';

const ID = '[^/]+';
/** A claim command: filing, and changing a claim's status, rating, notes or details. */
const CLAIM_COMMAND = new RegExp(`^/api/claims(?:/${ID}(?:/(?:status|rating|notes))?)?$`);
/** One claim with its notes and documents. */
const CLAIM_DETAIL = new RegExp(`^/api/claims/${ID}$`);
/** A claim's history: its entries with their actors, and staff reads of it (claims/routes.ts). */
const CLAIM_HISTORY = new RegExp(`^/api/claims/${ID}/history$`);
/** The veteran's claims list (claims/queries.ts `listClaims`). */
const CLAIM_LIST = '/api/claims';
/** The dashboard: the user, their claims, recent activities and recent documents (claims/queries.ts `dashboard`). */
const DASHBOARD = '/api/dashboard';
/** The document list, one document, its file. */
const DOCUMENT_READ = new RegExp(`^/api/documents(?:/${ID}(?:/file)?)?$`);
/** Registering a document, linking it to a claim (which reads the document first), deleting it. */
const DOCUMENT_COMMAND = new RegExp(`^/api/documents(?:/${ID}(?:/claim)?)?$`);
/** Asking for an upload address, and the transfer to it: they check the user's stream and the upload grants, no read model. */
const UPLOAD_ADDRESS = UPLOAD_PATH_PREFIX.replace(/\/$/, '');
const UPLOAD_TRANSFER = new RegExp(`^${UPLOAD_PATH_PREFIX}${ID}$`);
const PROFILE = '/api/auth/profile';
const SIGNED_IN_USER = '/api/auth/user';

/** Every request reads who is signed in (tier and roles) from the user profiles first. */
const SIGNED_IN = ['user_profiles'];
/** A document as the repository shows it: its row, and the condition of the claim it belongs to. */
const DOCUMENT_VIEW = ['documents', 'claims'];
const DASHBOARD_VIEW = ['claims', 'activities', 'documents'];

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Which asynchronous read models a request reads before it answers, where that is known to be
 * fewer than all of them; undefined (wait for every one) otherwise. The session's read-your-writes
 * wait (requestContext) names only these, and the wait skips those the store keeps inline, so on
 * PostgreSQL the requests named here wait for nothing. Commands named here decide on their streams
 * and answer from these views; other commands keep the full wait, since some check a read model
 * before they decide (a notification, a DBQ). The change stream waits for none.
 */
export function asyncReadsOf(req: Pick<Request, 'method' | 'baseUrl' | 'path'>): readonly string[] | undefined {
  const path = `${req.baseUrl}${req.path}`;
  // The change stream reads nothing: it tells the screens when to read.
  if (req.method === 'GET' && path === READ_MODEL_CHANGES_PATH) return [];
  if (isRead(req.method)) {
    if (path === SIGNED_IN_USER) return SIGNED_IN;
    if (path === CLAIM_LIST) return [...SIGNED_IN, 'claims'];
    if (path === DASHBOARD) return [...SIGNED_IN, ...DASHBOARD_VIEW];
    if (CLAIM_DETAIL.test(path)) return [...SIGNED_IN, 'claims', 'documents'];
    if (CLAIM_HISTORY.test(path)) return [...SIGNED_IN, 'claims', 'claim_history', 'staff_access_log'];
    if (DOCUMENT_READ.test(path)) return [...SIGNED_IN, ...DOCUMENT_VIEW];
    return undefined;
  }
  // Its answer waits for the claim view itself (command-service claims/routes.ts).
  if (CLAIM_COMMAND.test(path)) return SIGNED_IN;
  if (req.method === 'PUT' && path === PROFILE) return SIGNED_IN;
  if ((req.method === 'POST' && path === UPLOAD_ADDRESS) || (req.method === 'PUT' && UPLOAD_TRANSFER.test(path))) return SIGNED_IN;
  if ((req.method === 'PUT' || req.method === 'DELETE') && DOCUMENT_COMMAND.test(path)) return [...SIGNED_IN, ...DOCUMENT_VIEW];
  return undefined;
}
