import { NotFoundPage } from './NotFound';

export const ERROR_TEST_PATH = '/__boom';
export const ERROR_TEST_FLAG = 'cc:allow-error-test';

function errorTestAllowed(): boolean {
  try {
    return window.localStorage.getItem(ERROR_TEST_FLAG) === '1';
  } catch {
    return false;
  }
}

/**
 * Lets browser tests see the error screen: /__boom throws while rendering when
 * `localStorage['cc:allow-error-test'] === '1'`, and is an ordinary 404 otherwise.
 */
export function ErrorTestRoute() {
  if (errorTestAllowed()) throw new Error('Error screen test: /__boom rendered with cc:allow-error-test=1');
  return <NotFoundPage />;
}
