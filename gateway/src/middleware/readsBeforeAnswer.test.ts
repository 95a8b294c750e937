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
    ['PUT', '/api/auth/profile'],
    ['GET', '/api/auth/user'],
    ['POST', '/api/objects/upload'],
    ['PUT', '/api/objects/upload/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11.c2lnbmF0dXJl'],
  ])('the profile or an upload (%s %s) waits for the user profile alone', (method, url) => {
    expect(at(method, url)).toEqual(['user_profiles']);
  });

  it.each([
    ['GET', '/api/documents'],
    ['GET', '/api/documents/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11'],
    ['GET', '/api/documents/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/file'],
    ['PUT', '/api/documents'],
    ['PUT', '/api/documents/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/claim'],
    ['DELETE', '/api/documents/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11'],
  ])('the document repository (%s %s) waits for the user, the documents and their claims', (method, url) => {
    expect(at(method, url)).toEqual(['user_profiles', 'documents', 'claims']);
  });

  it('a claim with its notes and documents waits for those views and the user', () => {
    expect(at('GET', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11')).toEqual(['user_profiles', 'claims', 'documents']);
  });

  it("a claim's history waits for the claim, its entries, the staff reads of it and the user", () => {
    expect(at('GET', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/history')).toEqual([
      'user_profiles',
      'claims',
      'claim_history',
      'staff_access_log',
    ]);
  });

  it('the claims list waits for the claims and the user', () => {
    expect(at('GET', '/api/claims')).toEqual(['user_profiles', 'claims']);
  });

  it('the dashboard waits for the claims, activities, documents and the user', () => {
    expect(at('GET', '/api/dashboard')).toEqual(['user_profiles', 'claims', 'activities', 'documents']);
  });

  it.each([
    ['GET', '/api/auth/preferences'],
    ['POST', '/api/documents/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/analyze'],
    ['POST', '/api/objects/uploads'],
    ['PUT', '/api/objects/upload'],
    ['GET', '/api/dashboards'],
    ['POST', '/api/documents'],
    ['POST', '/api/claims/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/documents'],
    ['PUT', '/api/notifications/6f1c3c1e-0d5e-4a8e-9a57-0c7f3f0f8f11/read'],
  ])('anything else (%s %s) waits for every one', (method, url) => {
    expect(at(method, url)).toBeUndefined();
  });
});
