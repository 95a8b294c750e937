import type { Request } from 'express';
import { READ_MODEL_CHANGES_PATH } from '@cc/contracts';

/** A claim command: filing, and changing a claim's status, rating, notes or details. */
const CLAIM_COMMAND = /^\/api\/claims(?:\/[^/]+(?:\/(?:status|rating|notes))?)?$/;

/**
 * Which asynchronous read models a request reads before it answers, where that is known to be
 * fewer than all of them; undefined (wait for every one) otherwise. The session's read-your-writes
 * wait (requestContext) names only these. A claim command decides on its streams, reads the
 * signed-in user (`user_profiles`: tier and roles) and answers from the claim view, which is kept
 * inline: so it waits for the user's profile alone. Every other request keeps the full wait: some
 * commands check a read model before they decide (a document, a notification, a DBQ). The change
 * stream waits for none.
 */
export function asyncReadsOf(req: Pick<Request, 'method' | 'baseUrl' | 'path'>): readonly string[] | undefined {
  // The change stream reads nothing: it tells the screens when to read.
  if (req.method === 'GET' && `${req.baseUrl}${req.path}` === READ_MODEL_CHANGES_PATH) return [];
  if (req.method !== 'GET' && req.method !== 'HEAD' && CLAIM_COMMAND.test(`${req.baseUrl}${req.path}`)) return ['user_profiles'];
  return undefined;
}
