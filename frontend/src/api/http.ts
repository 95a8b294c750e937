import type { ProblemDetails } from '@cc/contracts';
import { reportUnauthorized } from '../auth/unauthorized';

/**
 * The one way to call the backend outside react-admin's dataProvider. Every call sends the session
 * cookie; a body is JSON with a JSON content type (the server refuses other mutating requests as
 * CSRF). A non-OK answer becomes an `ApiError` whose message is "status: body text" (spec doc 1 §7)
 * and which carries the parsed problem details.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly problem: ProblemDetails | undefined,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The human-readable reason: the problem's detail, else its title, else the raw message. */
  get userMessage(): string {
    return this.problem?.detail || this.problem?.title || this.message;
  }

  /** Field errors of a 400 validation problem. */
  get fieldErrors(): { field: string; message: string }[] {
    return Array.isArray(this.problem?.errors) ? this.problem.errors : [];
  }
}

/** Thrown when the request never got an answer (server down, offline). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Could not reach the server. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

export function isUnauthorizedError(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.status === 401) ||
    (typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401)
  );
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * By default a 401 answer starts the "Unauthorized, logging in again" flow. Calls where 401 is an
   * expected answer (the sign-in check, a wrong password) turn this off.
   */
  reportUnauthorized?: boolean;
}

function parseProblem(text: string): ProblemDetails | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ProblemDetails) : undefined;
  } catch {
    return undefined;
  }
}

export async function apiFetch(path: string, request: ApiRequest = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'include',
      signal: request.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    if (response.status === 401 && request.reportUnauthorized !== false) reportUnauthorized();
    throw new ApiError(response.status, text, parseProblem(text), response.statusText);
  }
  return response;
}

/** `apiFetch` and parse the JSON answer (undefined for an empty body, e.g. 204). */
export async function apiJson<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await apiFetch(path, request);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
