import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import { accountDecider, type AccountCommand, type AccountEvent } from './decider';

const { given } = deciderSpec(accountDecider);

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, 0) + minutes * 60_000).toISOString();
const request = (minutes: number, requestId = `r${minutes}`): AccountCommand => ({
  type: 'RequestPasswordReset',
  data: { userId: 'u1', requestId, requestedAt: at(minutes), validMinutes: 60 },
});
const requested = (minutes: number, requestId = `r${minutes}`): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { userId: 'u1', requestId, requestedAt: at(minutes), expiresAt: at(minutes + 60) },
});

describe('account decider', () => {
  it('records a reset request valid for 60 minutes', () => {
    given()
      .when(request(0))
      .then([requested(0)]);
  });

  it('sends nothing when asked again within a minute, and again after it', () => {
    given(requested(0)).when(request(0.5)).then([]);
    given(requested(0))
      .when(request(1))
      .then([requested(1)]);
  });

  it('allows 5 reset e-mails an hour, then waits until the oldest is an hour old', () => {
    const five = [0, 2, 4, 6, 8].map((m) => requested(m));
    given(...five)
      .when(request(30))
      .then([]);
    given(...five)
      .when(request(60))
      .then([requested(60)]);
  });

  it('records password changes', () => {
    given()
      .when({ type: 'RecordPasswordChange', data: { userId: 'u1', method: 'reset' } })
      .then([{ type: 'PasswordChanged', data: { userId: 'u1', method: 'reset' } }]);
  });

  it('erases an account once; after that it refuses everything', () => {
    const erase: AccountCommand = { type: 'EraseAccount', data: { userId: 'u1', erasedAt: at(0) } };
    given()
      .when(erase)
      .then([{ type: 'AccountErased', data: erase.data }]);
    const erased: AccountEvent = { type: 'AccountErased', data: { userId: 'u1', erasedAt: at(0) } };
    given(erased).when(erase).thenFails('not-found');
    given(erased).when(request(10)).thenFails('not-found');
  });
});
