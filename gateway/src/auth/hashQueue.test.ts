import { HashQueue, HashQueueFullError, type HashLane } from './hashQueue';

/** A job that runs until the test lets it finish. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: () => done, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hashing queue', () => {
  it('runs at most `concurrency` hashes; sign-ups never take the last slot, nor start beside a sign-in', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 8 });
    const gates = Array.from({ length: 4 }, gate);
    const results = gates.map((g) => queue.run('sign-up', g.job));
    await settle();
    expect(queue.stats()).toMatchObject({ running: { 'sign-in': 0, 'sign-up': 1 }, waiting: { 'sign-up': 3 } });

    // A sign-in starts at once in the slot sign-ups cannot take.
    const signIn = gate();
    const signedIn = queue.run('sign-in', signIn.job);
    await settle();
    expect(queue.stats().running).toEqual({ 'sign-in': 1, 'sign-up': 1 });
    // No sign-up starts beside a sign-in, though a slot would be free.
    gates[0]!.finish();
    await results[0];
    await settle();
    expect(queue.stats().running).toEqual({ 'sign-in': 1, 'sign-up': 0 });
    signIn.finish();
    await signedIn;
    await settle();
    expect(queue.stats().running).toEqual({ 'sign-in': 0, 'sign-up': 1 });

    for (const g of gates) g.finish();
    await Promise.all(results);
    expect(queue.stats()).toMatchObject({ running: { 'sign-in': 0, 'sign-up': 0 }, done: { 'sign-in': 1, 'sign-up': 4 } });
  });

  it('lets a waiting sign-in go before every waiting sign-up', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 8 });
    const order: string[] = [];
    const first = gate();
    const running = queue.run('sign-up', first.job);
    const track = (lane: HashLane, name: string) => queue.run(lane, async () => void order.push(name));
    const later = [track('sign-up', 'up-1'), track('sign-up', 'up-2'), track('sign-in', 'in-1')];
    first.finish();
    await Promise.all([running, ...later]);
    expect(order).toEqual(['in-1', 'up-1', 'up-2']);
  });

  it('answers 503 with Retry-After when a lane is full, and the other lane still works', async () => {
    const queue = new HashQueue({ concurrency: 2, maxWaiting: 2 });
    const gates = Array.from({ length: 3 }, gate);
    const accepted = gates.map((g) => queue.run('sign-up', g.job));
    const refused = queue.run('sign-up', async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(HashQueueFullError);
    const error = (await refused.catch((e) => e)) as HashQueueFullError;
    expect(error.status).toBe(503);
    expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(queue.stats().refused).toEqual({ 'sign-in': 0, 'sign-up': 1 });

    await expect(queue.run('sign-in', async () => 'signed in')).resolves.toBe('signed in');
    for (const g of gates) g.finish();
    await Promise.all(accepted);
  });

  it('drops a waiting job whose request went away, without running it', async () => {
    const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const running = queue.run('sign-in', first.job);
    const abandoned = new AbortController();
    let ran = false;
    const waiting = queue.run('sign-in', async () => void (ran = true), abandoned.signal);
    abandoned.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    // Its place is free again.
    const next = queue.run('sign-in', async () => 'next');
    first.finish();
    await running;
    await expect(next).resolves.toBe('next');
    expect(ran).toBe(false);
  });

  it('passes a failing job’s error on and keeps serving', async () => {
    const queue = new HashQueue({ concurrency: 1 });
    await expect(queue.run('sign-in', async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(queue.run('sign-in', async () => 1)).resolves.toBe(1);
  });
});
