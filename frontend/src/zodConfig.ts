import { config } from 'zod/v4/core';

// zod compiles a fast path with `new Function`, which the Content-Security-Policy refuses (and logs).
// Schemas decide this when they are built, at import time, so this module is imported first. The
// core's `config` (the same global setting `z.config` writes) keeps zod itself out of the first load.
config({ jitless: true });
