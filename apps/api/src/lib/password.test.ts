import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_HASH_OPTIONS, passwordHashOptions, verifyPassword } from './password';

/** What `hashPassword` makes in a process started as the server is (no test runner in its environment). */
function hashOutsideTheRunner(password: string): string {
  const env = { ...process.env };
  delete env.VITEST;
  delete env.VITEST_WORKER_ID;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_MODE;
  delete env.NODE_ENV;
  const module = pathToFileURL(fileURLToPath(new URL('./password.ts', import.meta.url))).href;
  const script = `const { hashPassword } = await import(${JSON.stringify(module)}); process.stdout.write(await hashPassword(${JSON.stringify(password)}));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`hashing process failed: ${child.stderr}`);
  return child.stdout;
}

describe('password hashing', () => {
  it('hashes with argon2id at OWASP cost (m=19456 KiB, t=2, p=1) in a process started as the server is', async () => {
    const stored = hashOutsideTheRunner('correct-horse-battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A hash of either cost verifies in this process: verify reads the cost from the hash.
    expect(await verifyPassword(stored, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse-batterz')).toBe(false);
  }, 30_000);

  it('lowers the cost only for a vitest worker, and keeps argon2id and its output length', async () => {
    expect(passwordHashOptions({})).toEqual(PRODUCTION_HASH_OPTIONS);
    expect(passwordHashOptions({ NODE_ENV: 'test' })).toEqual(PRODUCTION_HASH_OPTIONS);
    expect(passwordHashOptions({ VITEST: 'true' })).toMatchObject({ parallelism: 1, outputLen: 32 });
    const quick = await hashPassword('correct-horse-battery');
    expect(quick).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(quick, 'correct-horse-battery')).toBe(true);
    expect(await verifyPassword(quick, 'wrong')).toBe(false);
    expect(await verifyPassword('not a hash', 'wrong')).toBe(false);
  });
});
