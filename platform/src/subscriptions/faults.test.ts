import { TransientFault, backoffMs, isTransientFault } from './faults';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('telling faults apart', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['socket timeout', withCode('ETIMEDOUT')],
    ['serialization failure', withCode('40001')],
    ['deadlock', withCode('40P01')],
    ['admin shutdown', withCode('57P01')],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03')],
    ['too many connections', withCode('53300')],
    ['connection failure', withCode('08006')],
    ['connection ended by the driver', new Error('Connection terminated unexpectedly')],
    ['knex pool exhausted', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' })],
    ['a cause that is transient', new Error('commit failed', { cause: withCode('ECONNRESET') })],
    ['an adapter says the other side is down', new TransientFault('Kafka did not take the batch')],
    ['EventStoreDB unavailable', Object.assign(new Error('14 UNAVAILABLE: No connection established'), { type: 'unavailable' })],
    ['connect to several addresses', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
  ])('%s is transient', (_name, error) => {
    expect(isTransientFault(error)).toBe(true);
  });

  it.each([
    ['a handler bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a unique violation', withCode('23505')],
    ['text PostgreSQL cannot store', withCode('22P05')],
    ['a zod parse error', Object.assign(new Error('Invalid input'), { name: 'ZodError' })],
    ['nothing', undefined],
    ['a string', 'ECONNRESET'],
  ])('%s is the event’s own', (_name, error) => {
    expect(isTransientFault(error)).toBe(false);
  });

  it('backs off exponentially up to the cap', () => {
    expect(backoffMs(1, 5000, 100)).toBeLessThanOrEqual(200);
    expect(backoffMs(30, 5000, 100)).toBeLessThanOrEqual(5000);
    expect(backoffMs(30, 5000, 100)).toBeGreaterThanOrEqual(4000);
  });
});
