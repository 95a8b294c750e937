// zod compiles a fast path with `new Function`, which the Content-Security-Policy refuses (and logs).
// Schemas decide this when they are built, at import time, so this module is imported first. zod
// keeps its global settings (what `z.config` writes) on `globalThis.__zod_globalConfig` and adopts an
// object already there; setting it here keeps every part of zod out of the entry, and so out of the
// first load of the pages that use no schema. zodConfig.test.ts checks that zod reads it.
const zodGlobal = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

export {};
