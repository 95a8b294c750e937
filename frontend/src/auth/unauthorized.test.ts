/// <reference types="jest" />
import { reportUnauthorized, resetUnauthorized, setUnauthorizedHandler } from './unauthorized';

describe('the Unauthorized flow', () => {
  beforeEach(() => resetUnauthorized());

  it('asks for the immediate redirect from chat and the delayed one elsewhere, once per page load', () => {
    const seen: { immediate: boolean }[] = [];
    const off = setUnauthorizedHandler((options) => seen.push(options));
    reportUnauthorized({ immediate: true });
    reportUnauthorized();
    expect(seen).toEqual([{ immediate: true }]);
    resetUnauthorized();
    reportUnauthorized();
    expect(seen).toEqual([{ immediate: true }, { immediate: false }]);
    off();
  });

  it('keeps a report made before the handler is there, with its kind', () => {
    reportUnauthorized({ immediate: true });
    const seen: { immediate: boolean }[] = [];
    setUnauthorizedHandler((options) => seen.push(options))();
    expect(seen).toEqual([{ immediate: true }]);
  });
});
