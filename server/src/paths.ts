import { fileURLToPath } from 'node:url';

// This file sits one level below server/, and so does the bundled dist/main.js: the same
// relative URL finds the server root from source (tsx) and from the build.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
export const clientDist = fileURLToPath(new URL('../../client/dist', import.meta.url));
