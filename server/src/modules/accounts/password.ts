import { hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum that isolated modules cannot read; 2 is its Argon2id.
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB, two passes, one lane (about 16 ms a hash here).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/** Spends the time of a real check when the account does not exist, so timing reveals nothing. */
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoy, password);
}
