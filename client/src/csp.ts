import { z } from 'zod';

// The server's Content-Security-Policy forbids eval. Zod compiles its object parsers with
// new Function when it may, and probes for it when a schema is built: both must be off before
// any module builds a schema, so main.tsx imports this file first.
z.config({ jitless: true });
