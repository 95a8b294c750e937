import {
  ACCOUNT_EVENT_TYPES,
  BILLING_CUSTOMER_EVENT_TYPES,
  CHAT_EVENT_TYPES,
  CLAIM_EVENT_TYPES,
  currentVersionOf,
  DBQ_CATALOGUE_EVENT_TYPES,
  DBQ_DOWNLOAD_EVENT_TYPES,
  DEAD_LETTER_EVENT_TYPES,
  DEADLINE_REMINDER_EVENT_TYPES,
  DOCUMENT_EVENT_TYPES,
  eventSchemas,
  NOTIFICATION_EVENT_TYPES,
  PREFERENCES_EVENT_TYPES,
  PROJECTION_EVENT_TYPES,
  STAFF_ACCESS_EVENT_TYPES,
  SUBSCRIPTION_EVENT_TYPES,
  SUPPORT_REQUEST_EVENT_TYPES,
  upcasters,
  USER_EVENT_TYPES,
} from './index';

describe('UserTierChanged', () => {
  const schema = eventSchemas.UserTierChanged.schema;
  const stored = { userId: 'u1', from: 'free', to: 'administrators' };

  it('still reads every reason stored before "operator" existed, at the same version', () => {
    expect(currentVersionOf('UserTierChanged')).toBe(1);
    expect(schema.parse({ ...stored, reason: 'administrator' }).reason).toBe('administrator');
    expect(schema.parse({ ...stored, reason: 'subscription' }).reason).toBe('subscription');
  });

  it('records a change made by an operator at the command line', () => {
    expect(schema.parse({ ...stored, reason: 'operator' }).reason).toBe('operator');
    expect(schema.safeParse({ ...stored, reason: 'someone' }).success).toBe(false);
  });
});

describe('DocumentRegistered', () => {
  const sealed = { alg: 'A256GCM' as const, iv: 'aXY=', tag: 'dGFn', data: 'ZGF0YQ==' };
  const base = {
    documentId: 'd1',
    userId: 'u1',
    name: sealed,
    fileType: 'application/pdf',
    detectedType: 'application/pdf',
    fileSize: 10,
    objectPath: 'documents/u1/d1',
    claimId: null,
  };

  it('keeps the file hash sealed since version 2', () => {
    expect(currentVersionOf('DocumentRegistered')).toBe(2);
    expect(eventSchemas.DocumentRegistered.schema.parse({ ...base, digest: { sealed } }).digest).toEqual({ sealed });
    expect(eventSchemas.DocumentRegistered.schema.safeParse({ ...base, sha256: 'ab' }).success).toBe(false);
  });

  it('reads a version 1 event, whose hash is in the clear, as { plain }', () => {
    const upcast = upcasters.DocumentRegistered![1]!({ ...base, sha256: 'ab'.repeat(32) });
    expect(eventSchemas.DocumentRegistered.schema.parse(upcast)).toEqual({ ...base, digest: { plain: 'ab'.repeat(32) } });
    expect(upcast).not.toHaveProperty('sha256');
  });
});

describe('the event catalogue by stream', () => {
  const lists = {
    USER_EVENT_TYPES,
    CLAIM_EVENT_TYPES,
    DOCUMENT_EVENT_TYPES,
    SUBSCRIPTION_EVENT_TYPES,
    BILLING_CUSTOMER_EVENT_TYPES,
    PREFERENCES_EVENT_TYPES,
    ACCOUNT_EVENT_TYPES,
    NOTIFICATION_EVENT_TYPES,
    DBQ_CATALOGUE_EVENT_TYPES,
    DBQ_DOWNLOAD_EVENT_TYPES,
    CHAT_EVENT_TYPES,
    STAFF_ACCESS_EVENT_TYPES,
    PROJECTION_EVENT_TYPES,
    DEAD_LETTER_EVENT_TYPES,
    DEADLINE_REMINDER_EVENT_TYPES,
    SUPPORT_REQUEST_EVENT_TYPES,
  };

  it('puts every event type in exactly one stream list, and every listed type has a schema', () => {
    const listed = Object.values(lists).flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(eventSchemas).sort());
  });

  it('lists a stream’s types by name, as its events carry them', () => {
    expect(CLAIM_EVENT_TYPES).toContain('ClaimDecisionDateSet');
    expect(USER_EVENT_TYPES).toContain('UserChatQuestionCounted');
    expect(CHAT_EVENT_TYPES).not.toContain('UserChatQuestionCounted');
    expect(Object.isFrozen(CLAIM_EVENT_TYPES)).toBe(true);
  });
});
