/** RFC 9457 problem details, the body of every error answer. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * 202 from a command route: the command's work is recorded, but its result could not be read back
 * yet; `Location` says where to read it.
 */
export interface CommandAccepted {
  id: string;
  detail: string;
}
