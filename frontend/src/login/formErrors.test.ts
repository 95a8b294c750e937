/// <reference types="jest" />
import { ApiError, NetworkError } from '../api/http';
import { describeFailure, issuesToFieldErrors } from './formErrors';

const problem = (status: number, body: object) =>
  new ApiError(status, JSON.stringify(body), { type: 'about:blank', title: 'x', status, ...body }, '');

describe('sign-in form errors', () => {
  it('puts 400 field errors next to their fields', () => {
    const error = problem(400, { detail: 'Invalid request', errors: [{ field: 'email', message: 'Enter a valid e-mail address' }] });
    expect(describeFailure(error, ['email', 'password'])).toEqual({
      fieldErrors: { email: 'Enter a valid e-mail address' },
      alert: undefined,
    });
  });

  it('shows the problem detail for 401, 409 and 429', () => {
    expect(describeFailure(problem(401, { detail: 'Incorrect e-mail or password.' }), ['email']).alert).toBe(
      'Incorrect e-mail or password.',
    );
    expect(describeFailure(problem(429, { detail: 'Too many attempts.' }), ['email']).alert).toBe('Too many attempts.');
  });

  it('turns errors for fields the form lacks into the alert', () => {
    const error = problem(400, { errors: [{ field: 'captcha', message: 'Captcha failed' }] });
    expect(describeFailure(error, ['email'])).toEqual({ fieldErrors: {}, alert: 'Captcha failed' });
  });

  it('explains a network failure', () => {
    expect(describeFailure(new NetworkError(new TypeError('fetch failed')), []).alert).toMatch(/Could not reach the server/);
  });

  it('keeps the first issue per field', () => {
    expect(
      issuesToFieldErrors([
        { path: ['password'], message: 'first' },
        { path: ['password'], message: 'second' },
      ]),
    ).toEqual({ password: 'first' });
  });
});
