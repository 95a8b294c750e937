/**
 * What a Kafka client error means for the relay (docs/decisions/subscriptions.md), read from the client's own
 * classification: the protocol error's `type` and `retriable` flag, through kafkajs's wrappers
 * (`cause`, and `errors` of an aggregate).
 *
 * - `refused`: the broker refuses what was sent (too large, or a record it rejects). Sending it
 *   again will never work; a smaller batch may, and a single event refused alone is that event's
 *   fault.
 * - `transient`: the client says it may pass (a leader moving, a broker unreachable, retries run out).
 * - `stuck`: the client says it will not pass, and it is not about the events (authorization, the
 *   broker's configuration): nothing the relay sends differently can help, so it waits as for a
 *   transient fault, and says that an operator must act.
 */
export type KafkaFault = 'refused' | 'transient' | 'stuck';

/** Protocol errors about the records themselves, not the broker's state. */
const REFUSED_TYPES = new Set(['MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'INVALID_RECORD']);

type KafkaErrorLike = { type?: unknown; retriable?: unknown; cause?: unknown; errors?: unknown; name?: unknown };

/** Every error in the chain, outermost first. */
function chain(error: unknown, depth = 0): KafkaErrorLike[] {
  if (!error || typeof error !== 'object' || depth > 6) return [];
  const one = error as KafkaErrorLike;
  const inner = Array.isArray(one.errors) ? one.errors.flatMap((e: unknown) => chain(e, depth + 1)) : [];
  return [one, ...inner, ...(one.cause !== error ? chain(one.cause, depth + 1) : [])];
}

export function kafkaFault(error: unknown): KafkaFault {
  const errors = chain(error);
  if (errors.some((e) => typeof e.type === 'string' && REFUSED_TYPES.has(e.type))) return 'refused';
  // The innermost error is the client's verdict; its wrappers only say the retries ran out.
  const root = errors.at(-1);
  if (!root || root.retriable !== false) return 'transient';
  return 'stuck';
}
