import { isSpecProblem, SPEC_PROBLEM_SLUGS, SPEC_PROBLEMS, UNAUTHORIZED_PROBLEM } from './specProblems';

describe('the spec problems the first load tells by type', () => {
  it('names every slug the problems are made with, and no other', () => {
    const made = Object.values(SPEC_PROBLEMS).map((make) => make('' as never).slug);
    expect([...SPEC_PROBLEM_SLUGS].sort()).toEqual([...made].sort());
  });

  it('gives the unauthorized problem the spec text the server answers with', () => {
    expect(SPEC_PROBLEMS.unauthorized()).toEqual({
      slug: 'unauthorized',
      title: 'Unauthorized',
      detail: 'You are logged out. Logging in again...',
    });
    expect(UNAUTHORIZED_PROBLEM.title).toBe('Unauthorized');
  });

  it.each([
    [{ type: '/problems/payment-failed' }, true],
    [{ type: '/problems/ai-assist-failed' }, true],
    [{ type: '/problems/validation' }, false],
    [{ type: 'payment-failed' }, false],
    [{ type: 42 }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('tells %j as a spec problem: %s', (body, expected) => {
    expect(isSpecProblem(body as { type?: unknown } | null | undefined)).toBe(expected);
  });
});
