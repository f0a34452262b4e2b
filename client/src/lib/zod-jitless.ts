// Every `import ... from 'zod'` in the client (and in the shared schemas it bundles) resolves
// here (client/vite.config.ts). The server's Content-Security-Policy forbids eval, and Zod
// compiles its object parsers with new Function when it may, probing for it when a schema is
// built. This module runs before any module that imports Zod, so schemas are built jitless,
// and the first page, which builds none, downloads no Zod at all.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, default } from 'zod/v4';
