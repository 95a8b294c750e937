import { asyncReadsOf } from './readsBeforeAnswer';

describe('the asynchronous read models a request waits for', () => {
  const at = (method: string, url: string) => asyncReadsOf({ method, baseUrl: '/api', path: url.slice('/api'.length) });

  it.each([
    ['POST', '/api/claims'],
    ['PUT', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/status'],
    ['PUT', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/rating'],
    ['POST', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/notes'],
    ['PATCH', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11'],
  ])('a claim command (%s %s) waits for the user profile alone', (method, url) => {
    expect(at(method, url)).toEqual(['user_profiles']);
  });

  it.each([
    ['GET', '/api/claims'],
    ['GET', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11'],
    ['GET', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/history'],
    ['GET', '/api/dashboard'],
    ['POST', '/api/documents'],
    ['POST', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/documents'],
    ['PUT', '/api/notifications/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/read'],
  ])('anything else (%s %s) waits for every one', (method, url) => {
    expect(at(method, url)).toBeUndefined();
  });
});
