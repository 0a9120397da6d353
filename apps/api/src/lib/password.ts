import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: m=19456 KiB, t=2, p=1. @node-rs/argon2 defaults to argon2id. */
export const PRODUCTION_HASH_OPTIONS = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

/**
 * The cost a process hashes at: production's, except inside a vitest worker (the runner sets VITEST; a server
 * started by `npm start`, serve.mjs or a deployment never has it). The API tests register and sign in
 * thousands of players; at production cost that is over a minute of CPU spent proving nothing about the
 * tests' subject. password.test.ts proves the production cost in a process of its own. verify() reads the
 * cost from the stored hash, so hashes of either cost verify anywhere.
 */
export function passwordHashOptions(env: NodeJS.ProcessEnv = process.env) {
  return env.VITEST ? { ...PRODUCTION_HASH_OPTIONS, memoryCost: 64, timeCost: 1 } : PRODUCTION_HASH_OPTIONS;
}

const OPTIONS = passwordHashOptions();

/** argon2id hash of a password (PHC string). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** True when `password` matches `passwordHash`; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash with the same cost, so an unknown username takes as long as a wrong
 * password and the timing does not tell which usernames exist.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}
