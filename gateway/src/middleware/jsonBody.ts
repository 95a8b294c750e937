import express, { type RequestHandler } from 'express';
import { closeAfterAnswer, problems, sendProblem } from '@cc/platform';

/**
 * express.json, with a body far over `limitBytes` answered 413 the moment that is known: at once
 * when the declared Content-Length says so, else as the byte that passes the bound arrives.
 * body-parser alone finds an oversize body just as early, but reads the rest before it answers, so a
 * client streaming without end would be read without end. This answer closes the connection (after
 * a short lingering read, so the sender sees the answer rather than a reset), and closing it is what
 * stops the reading.
 *
 * Up to twice the limit, body-parser's way is kept (as the upload route does for files): reading a
 * little more lets the sender see the 413 rather than a connection reset under its upload.
 */
export function jsonBody(limitBytes: number): RequestHandler {
  const parse = express.json({ limit: limitBytes });
  const drainAtMost = 2 * limitBytes;
  return (req, res, next) => {
    const refuse = () => {
      if (res.headersSent) return;
      closeAfterAnswer(req, res);
      sendProblem(res, problems.payloadTooLarge(), req.originalUrl);
    };
    if (Number(req.headers['content-length']) > drainAtMost) return refuse();
    let answered = false;
    parse(req, res, (error?: unknown) => {
      answered = true;
      // Once the refusal is sent, body-parser's own 413 (after the connection closed) has nobody to go to.
      if (!res.headersSent) next(error);
    });
    // body-parser is reading the body: count along with it.
    if (!answered && req.listenerCount('data') > 0) {
      let received = 0;
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= drainAtMost) return;
        req.off('data', count);
        refuse();
      };
      req.on('data', count);
    }
  };
}
