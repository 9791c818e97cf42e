/**
 * zod compiles its object parsers with `new Function` where it may. Our Content Security
 * Policy has no 'unsafe-eval', so the browser refuses and reports a violation each time a
 * page loads zod (Lighthouse counts it against best practices). `jitless` tells zod not to
 * try. zod keeps its configuration on `globalThis.__zod_globalConfig` (where `z.config()`
 * writes it), so main.tsx sets it here, first, without loading zod into every page.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
