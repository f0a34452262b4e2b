import { createRequire } from 'node:module';

// Node's own require, whatever runs this file: a test runner's transform of the 10 MB module
// never finishes, and a bundle must leave it as a package (server/build.mjs keeps it external).
const require = createRequire(import.meta.url);

/** The parts of OpenCV.js the engine uses, loosely typed: the package's own types are incomplete. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

let ready: Promise<{ cv: OpenCv }> | undefined;

/**
 * OpenCV compiled to WebAssembly, loaded once per thread on first use (about 0.1 s and 150 MB):
 * only photos the colour search cannot read pay for it. The module object is a thenable that
 * resolves to itself, so a promise (or an async function) must never resolve with it: it travels
 * in a wrapper, `const { cv } = await openCv()`.
 */
export function openCv(): Promise<{ cv: OpenCv }> {
  ready ??= new Promise((resolve) => {
    const cv = require('@techstark/opencv-js') as OpenCv;
    if (cv.Mat) return resolve({ cv });
    // The WebAssembly compiles without holding the event loop open: a process with nothing
    // else to do would exit before it is ready.
    const keepAlive = setInterval(() => undefined, 1000);
    cv.onRuntimeInitialized = () => {
      clearInterval(keepAlive);
      resolve({ cv });
    };
  });
  return ready;
}
