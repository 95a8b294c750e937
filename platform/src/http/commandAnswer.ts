import type { Response } from 'express';
import type { CommandAccepted } from '@cc/contracts';
import type { Knex } from '../db/knex';
import { formatPosition, type GlobalPosition } from '../eventstore/types';
import { contextOf } from './context';

export const COMMAND_ACCEPTED_DETAIL = 'Saved. It may take a moment to show.';

export interface ReadAfterCommand<T> {
  /** Where the command's events ended; undefined when it appended nothing. */
  position: GlobalPosition | undefined;
  /** Waits (bounded) until the read side has passed `position`. */
  waitFor?(position: GlobalPosition): Promise<void>;
  /** What the user will see next; undefined when the read side does not show it. */
  read(): Promise<T | undefined>;
  /**
   * The same read, sending `alongside` (a statement that writes, run whatever the read finds) as a
   * data-modifying WITH of its own statement: the session's record of the write then costs no
   * statement of its own.
   */
  readAlongside?(alongside: Knex.Raw): Promise<T | undefined>;
}

/**
 * After a command's events are appended its work is done. What follows (remembering the write for
 * read-your-writes, waiting for the read side, reading it) can only make the answer richer: a
 * failure there is logged and gives undefined, never an error for work that was done.
 */
export async function readAfterCommand<T>(res: Response, options: ReadAfterCommand<T>): Promise<T | undefined> {
  const ctx = contextOf(res);
  const position = options.position ? formatPosition(options.position) : undefined;
  if (options.position && options.readAlongside && ctx.recordWriteStatement) {
    const { readAlongside, waitFor } = options;
    const reached = options.position;
    try {
      if (waitFor) await waitFor(reached);
      const value = await readAlongside(ctx.recordWriteStatement(reached));
      if (value === undefined)
        ctx.logger.warn({ position }, "the read side does not show the command's result; answering from the command");
      return value;
    } catch (error) {
      ctx.logger.warn({ err: error, position }, 'reading back after a command failed; answering from the command');
      // The record went down with the read: it is made on its own.
      await ctx.recordWrite(reached);
      return undefined;
    }
  }
  // Remembered while the read side is read (one round trip less before the answer), and before
  // the answer goes, so the session's next request waits for it.
  const recorded = ctx.recordWrite(options.position);
  try {
    if (options.position && options.waitFor) await options.waitFor(options.position);
    const value = await options.read();
    if (value === undefined) ctx.logger.warn({ position }, "the read side does not show the command's result; answering from the command");
    return value;
  } catch (error) {
    ctx.logger.warn({ err: error, position }, 'reading back after a command failed; answering from the command');
    return undefined;
  } finally {
    await recorded;
  }
}

export interface CommandAnswer<T> extends ReadAfterCommand<T> {
  /** The status when the result was read back: 200, or 201 for something new. */
  status?: number;
  /** What the command itself knows: the id of what it made or changed, and where to read it later. */
  accepted: { id: string; location: string };
}

/**
 * Answers a command whose events are appended: with the read model as the user will see it, or,
 * when that cannot be read, 202 with the id and a `Location` to read it from later.
 */
export async function answerCommand<T>(res: Response, answer: CommandAnswer<T>): Promise<T | undefined> {
  const value = await readAfterCommand(res, answer);
  if (value !== undefined) {
    res.status(answer.status ?? 200).json(value);
    return value;
  }
  const body: CommandAccepted = { id: answer.accepted.id, detail: COMMAND_ACCEPTED_DETAIL };
  res.status(202).setHeader('Location', answer.accepted.location).json(body);
  return undefined;
}
