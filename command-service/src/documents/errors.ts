import { DOCUMENT_MESSAGES } from '@cc/contracts';

/**
 * Why a document command refused, in the documents' own terms; `documentProblem` (routes) answers
 * each with its HTTP problem. Every message here is safe to show the user.
 */
export abstract class DocumentCommandError extends Error {}

/** The upload address is unknown, spent or expired. */
export class UploadAddressInvalidError extends DocumentCommandError {
  override readonly name = 'UploadAddressInvalidError';
  constructor() {
    super('This upload address is not valid, was already used, or has expired.');
  }
}

/** The transfer went over the upload limit; storage kept nothing. */
export class UploadTooLargeError extends DocumentCommandError {
  override readonly name = 'UploadTooLargeError';
  constructor() {
    super('The upload is larger than the limit');
  }
}

/** The transfer of an upload ran past its time limit. */
export class TransferTimeoutError extends DocumentCommandError {
  override readonly name = 'TransferTimeoutError';
  constructor() {
    super('The upload took too long');
  }
}

/** The transfer ended before the declared size arrived. */
export class UploadIncompleteError extends DocumentCommandError {
  override readonly name = 'UploadIncompleteError';
  constructor() {
    super(DOCUMENT_MESSAGES.incomplete);
  }
}

/** The uploaded file is over the limit; registration removed it. */
export class FileTooLargeError extends DocumentCommandError {
  override readonly name = 'FileTooLargeError';
  constructor(readonly fileName: string) {
    super(`${fileName} is larger than the limit`);
  }
}

/** A registration refused: the upload is unknown, registered already, missing, empty or not an accepted type. */
export class RegistrationRefusedError extends DocumentCommandError {
  override readonly name = 'RegistrationRefusedError';
}

/** The claim named is not one of the user's filed claims. */
export class ClaimNotFoundError extends DocumentCommandError {
  override readonly name = 'ClaimNotFoundError';
  constructor() {
    super(DOCUMENT_MESSAGES.claimNotFound);
  }
}
