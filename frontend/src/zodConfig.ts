import { z } from 'zod';

// zod compiles a fast path with `new Function`, which the Content-Security-Policy refuses (and logs).
// Schemas decide this when they are built, at import time, so this module is imported first.
z.config({ jitless: true });
