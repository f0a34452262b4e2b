// Runs a TypeScript worker from source (tests, `npm run dev`): Node 20 worker threads do not
// take --import loaders for their entry module, so the loader is registered here first.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
