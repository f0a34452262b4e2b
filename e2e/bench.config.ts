import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// The browser benchmarks (npm run bench:analysis-screen): the browser tests' server and browser, one worker.
export default defineConfig({ ...base, testDir: './bench', testMatch: '*.bench.ts', workers: 1, fullyParallel: false });
