import { TransientFault, backoffMs, isTransientFault, retryTransientFaults } from './faults';

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
    [
      'knex pool exhausted',
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
    ],
    ['a cause that is transient', new Error('commit failed', { cause: withCode('ECONNRESET') })],
    ['an adapter says the other side is down', new TransientFault('Kafka did not take the batch')],
    ['EventStoreDB unavailable', Object.assign(new Error('14 UNAVAILABLE: No connection established'), { type: 'unavailable' })],
    ['connect to several addresses', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    [
      'S3 answering 503',
      Object.assign(new Error('Service Unavailable'), { name: 'ServiceUnavailable', $fault: 'server', $metadata: { httpStatusCode: 503 } }),
    ],
    [
      'S3 throttling',
      Object.assign(new Error('Please reduce your request rate.'), {
        name: 'SlowDown',
        $fault: 'client',
        $retryable: { throttling: true },
      }),
    ],
    ['a wrapper that kept only the message', new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:9000')],
    ['a request past its time limit', Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' })],
  ])('%s is transient', (_name, error) => {
    expect(isTransientFault(error)).toBe(true);
  });

  it.each([
    ['a handler bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a unique violation', withCode('23505')],
    ['text PostgreSQL cannot store', withCode('22P05')],
    ['a zod parse error', Object.assign(new Error('Invalid input'), { name: 'ZodError' })],
    [
      'S3 refusing the request',
      Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } }),
    ],
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

  describe('retrying transient faults until a deadline', () => {
    const failing = (faults: unknown[]) => {
      const tries = { count: 0 };
      const work = async () => {
        const fault = faults[tries.count++];
        if (fault) throw fault;
        return 'done';
      };
      return { tries, work };
    };

    it('waits out transient faults and answers what the work answers', async () => {
      const { tries, work } = failing([withCode('ECONNREFUSED'), withCode('ECONNRESET')]);
      const waits: number[] = [];
      await expect(
        retryTransientFaults(work, { deadline: Date.now() + 10_000, baseMs: 5, onFault: (_e, _n, ms) => waits.push(ms) }),
      ).resolves.toBe('done');
      expect(tries.count).toBe(3);
      expect(waits).toHaveLength(2);
      expect(waits[1]!).toBeGreaterThan(waits[0]!);
    });

    it('throws at once what is not transient', async () => {
      const bug = new TypeError('not a function');
      const { tries, work } = failing([bug]);
      await expect(retryTransientFaults(work, { deadline: Date.now() + 10_000, baseMs: 5 })).rejects.toBe(bug);
      expect(tries.count).toBe(1);
    });

    it('tries once even past the deadline, and throws the fault whose wait would end after it', async () => {
      const refused = withCode('ECONNREFUSED');
      const { tries, work } = failing([refused, refused, refused]);
      await expect(retryTransientFaults(work, { deadline: Date.now() - 1, baseMs: 5 })).rejects.toBe(refused);
      expect(tries.count).toBe(1);
    });

    it('stops waiting when its signal is aborted', async () => {
      const { work } = failing([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]);
      const stop = new AbortController();
      const running = retryTransientFaults(work, { deadline: Date.now() + 60_000, baseMs: 30_000, signal: stop.signal });
      setTimeout(() => stop.abort(), 10);
      await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
});
