import { z } from 'zod';

// Zod probes `new Function` to speed up object parsing; under our CSP (no 'unsafe-eval') the
// probe is blocked and reported as a securitypolicyviolation. jitless skips the probe. It must
// run before any schema is built, so the web code imports z from here, never from 'zod'.
z.config({ jitless: true });

export { z };
