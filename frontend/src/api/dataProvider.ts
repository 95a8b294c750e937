import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';

export const API_URL = '/api';

interface ProblemBody {
  detail?: unknown;
  title?: unknown;
  message?: unknown;
}

/**
 * react-admin's JSON client with the session cookie. A problem+json answer's detail (or title)
 * becomes the error message, so react-admin notifications read like the server's text.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  if (options.body !== undefined && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = (error.body ?? {}) as ProblemBody;
      const text = [body.detail, body.title, body.message].find((v): v is string => typeof v === 'string' && !!v);
      if (text && text !== error.message) throw new HttpError(text, error.status, error.body);
    }
    throw error;
  }
}

/**
 * `ra-data-simple-rest` over /api. Every list endpoint keeps its contract (sort by `id` or any
 * field it returns, `range`, `filter`, `Content-Range`), which test/api/http/lists.api.test.ts checks
 * with this same provider's `getList`.
 */
export const dataProvider: DataProvider = simpleRestProvider(API_URL, httpClient);
