import { currentVersionOf, eventSchemas } from './events';

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
