import type { ErrorRequestHandler } from 'express';
import { DOCUMENT_MESSAGES, SPEC_PROBLEMS } from '@cc/contracts';
import { HttpProblem, problems } from '@cc/platform';
import {
  ClaimNotFoundError,
  FileTooLargeError,
  RegistrationRefusedError,
  TransferTimeoutError,
  UploadAddressInvalidError,
  UploadIncompleteError,
  UploadTooLargeError,
} from './errors';

/** The HTTP problem that answers a document command's refusal; any other error as it is. */
export function documentProblem(error: unknown): unknown {
  if (error instanceof UploadAddressInvalidError) return problems.forbidden(error.message);
  if (error instanceof UploadTooLargeError) return HttpProblem.fromSpec(413, SPEC_PROBLEMS.fileTooLarge());
  if (error instanceof TransferTimeoutError)
    return new HttpProblem(408, 'request-timeout', 'Request timeout', DOCUMENT_MESSAGES.transferTooSlow);
  if (error instanceof UploadIncompleteError) return problems.badRequest(error.message);
  if (error instanceof FileTooLargeError) return HttpProblem.fromSpec(400, SPEC_PROBLEMS.fileTooLarge(error.fileName));
  if (error instanceof RegistrationRefusedError || error instanceof ClaimNotFoundError) return problems.badRequest(error.message);
  return error;
}

/** A router's last middleware: its routes' document errors go on as their problems. */
export const documentProblems: ErrorRequestHandler = (error, _req, _res, next) => next(documentProblem(error));
