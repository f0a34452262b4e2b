/**
 * Work buffers kept from one grading to the next. A fresh typed array of megabytes is fresh
 * memory from the kernel, and every 4 KB page of it faults on first touch: on the benchmark's
 * machine that is about 0.85 ms per megabyte, some 30 ms a grading for the Lab grid alone. A
 * grading worker grades one card at a time, so the same few buffers serve every grading.
 *
 * A buffer is handed out for work that finishes synchronously: the caller must not keep it
 * across an await, and two users at once must ask with different keys.
 */
const kept = new Map<string, ArrayBuffer>();

function bytes(key: string, byteLength: number): ArrayBuffer {
  const have = kept.get(key);
  if (have && have.byteLength >= byteLength) return have;
  const fresh = new ArrayBuffer(byteLength);
  kept.set(key, fresh);
  return fresh;
}

/** `length` bytes, all zero. */
export function zeroedBytes(key: string, length: number): Uint8Array {
  return new Uint8Array(bytes(key, length), 0, length).fill(0);
}

/** `length` floats, with whatever the last user left in them: for planes the caller fills whole. */
export function floats(key: string, length: number): Float32Array {
  return new Float32Array(bytes(key, length * 4), 0, length);
}
