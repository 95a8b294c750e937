import { AppendNotifier } from './appendNotifier';

/** A send the test finishes by hand, so appends can land while one is on its way. */
function manualSend() {
  const started: (() => void)[] = [];
  const send = () => new Promise<void>((resolve) => started.push(resolve));
  return { send, started, finish: async (i: number) => (started[i]!(), await new Promise((r) => setImmediate(r))) };
}

describe('AppendNotifier', () => {
  it('sends one notification for appends made while another is on its way, and one after the last append', async () => {
    const { send, started, finish } = manualSend();
    const notifier = new AppendNotifier(send);
    notifier.appended();
    expect(started).toHaveLength(1);
    notifier.appended();
    notifier.appended();
    expect(started).toHaveLength(1);
    await finish(0);
    // The two appends during the first send are covered by one more, started after they committed.
    expect(started).toHaveLength(2);
    await finish(1);
    expect(started).toHaveLength(2);
    notifier.appended();
    expect(started).toHaveLength(3);
    await finish(2);
    await notifier.settled();
  });

  it('reports a failed notification and still sends the next one', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const notifier = new AppendNotifier(
      async () => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
      },
      (error) => errors.push(error),
    );
    notifier.appended();
    await notifier.settled();
    notifier.appended();
    await notifier.settled();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('names the types appended since the last notification, or none once an append did not say', async () => {
    const sent: (readonly string[] | undefined)[] = [];
    const finishers: (() => void)[] = [];
    const notifier = new AppendNotifier((types) => {
      sent.push(types);
      return new Promise<void>((resolve) => finishers.push(resolve));
    });
    notifier.appended(['A']);
    notifier.appended(['B', 'C']);
    notifier.appended(['B']);
    finishers[0]!();
    await new Promise((r) => setImmediate(r));
    notifier.appended(['D']);
    notifier.appended();
    finishers[1]!();
    await new Promise((r) => setImmediate(r));
    finishers[2]!();
    await notifier.settled();
    expect(sent).toEqual([['A'], ['B', 'C'], undefined]);
  });

  it("holds an append's notification for the next append, which tells of both", async () => {
    const sent: (readonly string[] | undefined)[] = [];
    const notifier = new AppendNotifier(async (types) => void sent.push(types));
    notifier.appended(['UserClaimRegistered'], true);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([]);
    notifier.appended(['ClaimFiled']);
    await notifier.settled();
    expect(sent).toEqual([['UserClaimRegistered', 'ClaimFiled']]);
  });

  it('sends a held notification when the next append fails, or when none comes in time', async () => {
    const sent: (readonly string[] | undefined)[] = [];
    const notifier = new AppendNotifier(async (types) => void sent.push(types), undefined, 20);
    notifier.appended(['A'], true);
    notifier.release();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([['A']]);
    notifier.appended(['B'], true);
    await new Promise((r) => setTimeout(r, 60));
    expect(sent).toEqual([['A'], ['B']]);
  });
});
