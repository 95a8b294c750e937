import { comparePositions, type EventStore, type GlobalPosition, type Subscription } from '@cc/platform';

/**
 * Whether a rebuild's build has caught up with the log, so its swap may begin: its subscription
 * read to the end of the log (`isLive`), or it passed the head as it stood when the build began and
 * then the head as it stood when it got there. A log whose events keep coming (the staff access log
 * gets one per staff read) may leave no read of the build empty, and a build that waited for an
 * empty read never swapped. What came after is the swap's to project, under its lock.
 */
export class BuildCaughtUp {
  /** The head it is making for: as at the start, then (once passed) as when it got there. */
  private target: GlobalPosition | undefined;
  private passedStartHead = false;

  constructor(
    private readonly store: Pick<EventStore, 'headPosition'>,
    private readonly subscription: Pick<Subscription, 'isLive' | 'position'>,
  ) {}

  async check(): Promise<boolean> {
    if (this.subscription.isLive()) return true;
    if (this.target && comparePositions(this.subscription.position(), this.target) < 0) return false;
    if (this.passedStartHead) return true;
    let head: GlobalPosition;
    try {
      head = await this.store.headPosition();
    } catch {
      // A passing fault of the database: the build goes on, and the next check asks again.
      return false;
    }
    if (this.target) this.passedStartHead = true;
    this.target = head;
    return false;
  }
}
