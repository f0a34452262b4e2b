// Decodes one HEIC photo (libheif compiled to WebAssembly) in its own thread, so a photo that
// takes too long can be stopped by terminating the thread. Plain JavaScript so that the same
// file runs from source and beside the bundle (server/build.mjs copies it).
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

const { input, maxPixels } = workerData;
const images = await decodeHeic.all({ buffer: input });
try {
  // The size is read from the container; it is checked before any pixel is decoded.
  const { width, height, decode } = images[0];
  if (width * height > maxPixels) {
    parentPort.postMessage({ tooLarge: true });
  } else {
    // libheif applies the container's rotation, mirror and crop: the pixels come out as shown.
    const image = await decode();
    parentPort.postMessage({ width: image.width, height: image.height, rgba: image.data }, [image.data.buffer]);
  }
} finally {
  images.dispose();
}
