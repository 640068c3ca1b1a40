import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may, and probes for that while the
// schemas are built. The Content-Security-Policy allows no eval, and even the caught probe
// reports a violation, so this runs before any schema exists (main.tsx imports it first).
config({ jitless: true });
