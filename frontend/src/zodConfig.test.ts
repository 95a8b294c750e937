import './zodConfig';
import { z } from 'zod';

describe('the zod settings the app starts with', () => {
  it('are the settings zod itself reads: jitless, so no schema compiles with `new Function` (refused by the CSP)', () => {
    expect(z.config().jitless).toBe(true);
  });
});
