// Turns zod's JIT off before any schema is built. The CSP allows no eval, and zod probes `new Function` when
// it builds its first object schema (in the lazily loaded forms), which the browser reports as a CSP
// violation (Lighthouse, best practices); its interpreter is fast enough for forms. Set on the global object
// zod reads its settings from (zod/v4/core/core.js), so zod stays off the start-up path (decision 0013);
// e2e/auth.spec.ts (the CSP test) fails if zod stops reading it.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
