/// <reference types="jest" />
import { SPEC_PROBLEMS } from '@cc/contracts';
import { errorToastText } from './errorToast';
import { ApiError, NetworkError } from './http';

/** An ApiError as apiFetch builds it from a problem+json answer. */
const answer = (status: number, body: Record<string, unknown>) => new ApiError(status, JSON.stringify(body), body as never, '');
const FALLBACK = { title: 'Error', description: 'Failed to create claim' };

describe('errorToastText', () => {
  it("shows a spec problem's title and detail from the body", () => {
    const limit = SPEC_PROBLEMS.claimLimitReached(5);
    const body = { type: `/problems/${limit.slug}`, title: limit.title, status: 429, detail: limit.detail, limit: 5 };
    expect(errorToastText(answer(429, body), FALLBACK)).toEqual({
      title: 'Claim Limit Reached',
      description: "You've reached your limit of 5 claims. Please upgrade your plan to add more claims.",
    });
    const tooLarge = SPEC_PROBLEMS.fileTooLarge('scan.pdf');
    expect(
      errorToastText(
        answer(400, { type: '/problems/file-too-large', title: tooLarge.title, status: 400, detail: tooLarge.detail }),
        FALLBACK,
      ),
    ).toEqual({
      title: 'File too large',
      description: 'scan.pdf is larger than 50MB',
    });
  });

  it("keeps the caller's spec text for problems the spec does not name, with the server detail only when asked", () => {
    const notFound = answer(404, { type: '/problems/not-found', title: 'Not found', status: 404, detail: 'Claim not found.' });
    expect(errorToastText(notFound, FALLBACK)).toEqual(FALLBACK);
    expect(errorToastText(notFound, FALLBACK, { serverDetail: true })).toEqual({ title: 'Error', description: 'Claim not found.' });
  });

  it('falls back without a problem body, and for network errors', () => {
    expect(errorToastText(new ApiError(502, 'Bad Gateway', undefined, 'Bad Gateway'), FALLBACK, { serverDetail: true })).toEqual(FALLBACK);
    expect(errorToastText(new NetworkError(new Error('offline')), FALLBACK)).toEqual(FALLBACK);
  });
});
