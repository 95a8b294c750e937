import { currentVersionOf, eventSchemas, upcasters } from './events';

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
  const base = { documentId: 'd1', userId: 'u1', name: sealed, fileType: 'application/pdf', detectedType: 'application/pdf', fileSize: 10, objectPath: 'documents/u1/d1', claimId: null };

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
