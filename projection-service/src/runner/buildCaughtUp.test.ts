import { START, type GlobalPosition } from '@cc/platform';
import { BuildCaughtUp } from './buildCaughtUp';

const at = (seq: number): GlobalPosition => ({ txId: 1n, seq: BigInt(seq) });

describe("a rebuild's build counts as caught up", () => {
  /** A subscription at `position`, a log whose head moves as `heads` says, one per look. */
  function build(heads: number[]) {
    const state = { position: START as GlobalPosition, live: false, looks: 0, failing: false };
    const store = {
      headPosition: async () => {
        if (state.failing) throw new Error('connection reset');
        return at(heads[Math.min(state.looks++, heads.length - 1)]!);
      },
    };
    const subscription = { isLive: () => state.live, position: () => state.position };
    return { state, caughtUp: new BuildCaughtUp(store, subscription) };
  }

  it('once its subscription read to the end of the log', async () => {
    const { state, caughtUp } = build([10]);
    expect(await caughtUp.check()).toBe(false);
    state.live = true;
    expect(await caughtUp.check()).toBe(true);
  });

  it('once it passed the head as it was at the start and then as it was when it got there, though events keep coming', async () => {
    const { state, caughtUp } = build([10, 14, 17, 19]);
    expect(await caughtUp.check()).toBe(false); // the head is at 10
    state.position = at(9);
    expect(await caughtUp.check()).toBe(false);
    state.position = at(10);
    expect(await caughtUp.check()).toBe(false); // at 10; the head has moved on to 14
    state.position = at(13);
    expect(await caughtUp.check()).toBe(false);
    state.position = at(15);
    expect(await caughtUp.check()).toBe(true);
    expect(state.looks).toBe(2);
  });

  it('goes on when the head cannot be read for a while, and counts each head once', async () => {
    const { state, caughtUp } = build([10, 14]);
    expect(await caughtUp.check()).toBe(false); // the head is at 10
    state.position = at(10);
    state.failing = true;
    expect(await caughtUp.check()).toBe(false);
    expect(await caughtUp.check()).toBe(false);
    state.failing = false;
    expect(await caughtUp.check()).toBe(false); // the head has moved on to 14
    state.position = at(14);
    expect(await caughtUp.check()).toBe(true);
  });
});
