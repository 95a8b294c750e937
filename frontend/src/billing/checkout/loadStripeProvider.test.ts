/// <reference types="jest" />
import { loadStripeProvider } from './loadStripeProvider';

describe('the payment provider key', () => {
  it('must start with pk_: otherwise an error is logged and nothing is loaded', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const key of ['sk_test_123', 'rk_live_1', '', null, undefined]) expect(await loadStripeProvider(key)).toBeNull();
      expect(log).toHaveBeenCalledTimes(5);
      expect(String(log.mock.calls[0]![0])).toContain('pk_');
    } finally {
      log.mockRestore();
    }
  });
});
