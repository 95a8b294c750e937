import type { ErrorRequestHandler, Response } from 'express';
import { ZodError, type ZodType } from 'zod';
import { PROBLEM_CONTENT_TYPE, SPEC_PROBLEMS, SPEC_VALIDATION_PROBLEMS, type ProblemDetails, type SpecProblem } from '@cc/contracts';
import { DomainError } from '../commands/handleCommand';
import { WrongExpectedVersionError } from '../eventstore/types';
import { PersonalDataErasedError } from '../crypto/personalDataVault';
import type { Logger } from '../logger';

/** An error that is answered as RFC 9457 problem details. `type` is stable; `title` is human text. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly slug: string,
    readonly title: string,
    readonly detail?: string,
    readonly extensions: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ?? title);
    this.name = 'HttpProblem';
  }

  /** A problem the spec names: its slug, title and message as the spec has them. */
  static fromSpec(
    status: number,
    spec: SpecProblem,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): HttpProblem {
    return new HttpProblem(status, spec.slug, spec.title, spec.detail, extensions, headers);
  }

  toBody(instance?: string): ProblemDetails {
    return {
      type: `/problems/${this.slug}`,
      title: this.title,
      status: this.status,
      ...(this.detail ? { detail: this.detail } : {}),
      ...(instance ? { instance } : {}),
      ...this.extensions,
    };
  }
}

export type FieldError = { field: string; message: string };

/** A 400 whose every message is one the spec titles (e.g. "Invalid Rating") carries that title. */
function validationProblem(errors: FieldError[]): HttpProblem {
  const spec = SPEC_VALIDATION_PROBLEMS.find((p) => errors.length > 0 && errors.every((e) => e.message === p.detail));
  if (spec) return HttpProblem.fromSpec(400, spec, { errors });
  return new HttpProblem(400, 'validation-error', 'Invalid request', errors.map((e) => e.message).join('. '), { errors });
}

export const problems = {
  validation: validationProblem,
  badRequest: (detail: string) => new HttpProblem(400, 'bad-request', 'Bad request', detail),
  /** Without a detail: the spec's "Unauthorized, You are logged out. Logging in again...". */
  unauthorized: (detail?: string) => {
    const spec = SPEC_PROBLEMS.unauthorized();
    return new HttpProblem(401, spec.slug, spec.title, detail ?? spec.detail);
  },
  forbidden: (detail = 'You do not have permission to do this.') => new HttpProblem(403, 'forbidden', 'Forbidden', detail),
  notFound: (detail = 'Not found.') => new HttpProblem(404, 'not-found', 'Not found', detail),
  conflict: (detail: string) => new HttpProblem(409, 'conflict', 'Conflict', detail),
  payloadTooLarge: () => new HttpProblem(413, 'payload-too-large', 'Payload too large', 'The request body is too large.'),
  unsupportedMediaType: (detail: string) => new HttpProblem(415, 'unsupported-media-type', 'Unsupported media type', detail),
  tooManyRequests: (detail: string, retryAfterSeconds: number) =>
    new HttpProblem(
      429,
      'too-many-requests',
      'Too many requests',
      detail,
      { retryAfter: retryAfterSeconds },
      {
        'Retry-After': String(retryAfterSeconds),
      },
    ),
  unavailable: (detail: string) => new HttpProblem(503, 'unavailable', 'Service unavailable', detail),
};

export function sendProblem(res: Response, problem: HttpProblem, instance?: string): void {
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
  res
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problem.toBody(instance)));
}

export function fieldErrorsOf(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
}

/** Parses a request part with a zod schema; a mismatch is a 400 naming each bad field. */
export function parseOrProblem<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw problems.validation(fieldErrorsOf(result.error));
  return result.data;
}

const DOMAIN_ERROR_STATUS: Record<DomainError['code'], [number, string, string]> = {
  'not-found': [404, 'not-found', 'Not found'],
  conflict: [409, 'conflict', 'Conflict'],
  invalid: [400, 'invalid', 'Invalid request'],
  forbidden: [403, 'forbidden', 'Forbidden'],
  'limit-reached': [429, 'limit-reached', 'Limit reached'],
};

/** The last middleware: every error becomes problem details; unexpected ones are logged, never leaked. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof HttpProblem) return sendProblem(res, error, req.originalUrl);
    if (error instanceof ZodError) return sendProblem(res, problems.validation(fieldErrorsOf(error)), req.originalUrl);
    if (error instanceof DomainError) {
      const [status, slug, title] = DOMAIN_ERROR_STATUS[error.code];
      const problem = error.problem
        ? HttpProblem.fromSpec(status, error.problem, error.details)
        : new HttpProblem(status, slug, title, error.message, error.details);
      return sendProblem(res, problem, req.originalUrl);
    }
    if (error instanceof PersonalDataErasedError) {
      return sendProblem(res, new HttpProblem(410, 'account-deleted', 'Account deleted', error.message), req.originalUrl);
    }
    if (error instanceof WrongExpectedVersionError) {
      return sendProblem(res, problems.conflict('Someone else changed this at the same time. Please try again.'), req.originalUrl);
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (error?.type === 'entity.parse.failed') {
      return sendProblem(res, problems.badRequest('The request body is not valid JSON.'), req.originalUrl);
    }
    if (error?.type === 'entity.too.large') {
      return sendProblem(res, problems.payloadTooLarge(), req.originalUrl);
    }
    if (status >= 400 && status < 500) {
      return sendProblem(
        res,
        new HttpProblem(status, 'bad-request', 'Bad request', String(error?.message ?? 'Bad request')),
        req.originalUrl,
      );
    }
    logger.error({ err: error, url: req.originalUrl, method: req.method }, 'unhandled error');
    sendProblem(
      res,
      new HttpProblem(500, 'internal-error', 'Internal Server Error', 'Something went wrong on our side. Please try again.'),
      req.originalUrl,
    );
  };
}
