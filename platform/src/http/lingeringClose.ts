import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection refused mid-body is still read (and discarded) after its answer. */
export const LINGER_MS = 2_000;

const lingering = new WeakSet<Socket>();

/**
 * Marks the answer as the connection's last, for a client that may still be sending its body (a
 * body far over its limit, one of unknown length, a sender too slow). Closing at once with unread
 * data makes the kernel reset the connection, and a client still writing then fails its write and
 * never reads the answer: it sees a reset, not the 413. So, as nginx's lingering close does, the
 * server half-closes after the answer and reads and discards what still comes for at most
 * `lingerMs`, then closes; a client that reads the answer and stops is let go when it hangs up.
 */
export function closeAfterAnswer(req: IncomingMessage, res: ServerResponse, lingerMs = LINGER_MS): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (lingering.has(socket)) return;
  lingering.add(socket);
  // Node's HTTP server ends a connection whose answer said "close" through destroySoon (end, then destroy once written).
  socket.destroySoon = () => {
    endLingering(socket, undefined, lingerMs);
    req.resume();
  };
}

/**
 * Ends the connection after `last` (what is already written, and this): the server half-closes,
 * what still comes is read and dropped for at most `lingerMs`, then the connection is closed; a
 * client that hangs up first closes it at once (both sides ended).
 */
export function endLingering(socket: Socket, last?: string, lingerMs = LINGER_MS): void {
  lingering.add(socket);
  if (last === undefined) socket.end();
  else socket.end(last);
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Whether the connection is answered and only being read until it closes (or about to be). */
export const isLingering = (socket: Socket): boolean => lingering.has(socket);
