import { randomBytes } from 'node:crypto';
import { PROVIDERS } from '@lc/shared/providers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfBaseUrl } from '../../adapters/self-url';
import { providerEnvName } from '../../config';
import { deposits } from '../../db/schema/deposits';
import {
  creditsOf,
  playerWithBankAccount,
  postDeposit,
  sandboxPay,
  waitFor,
} from '../../modules/deposits/deposit-test-helpers';
import { demoAgencyId } from '../../modules/ledger/ledger-test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { freePort } from '../../test/free-port';

// The topology of `npm run bench:money` and of production: the bank and the providers are another process
// (here the sandboxes of app `bank`, with their own database), and the API talks to them only over HTTP. The
// sandbox bank's webhook goes to the API named by SANDBOX_WEBHOOK_URLS, not to the process it runs in.

describe('the sandboxes in a process of their own', () => {
  let bank: TestApp;
  let api: TestApp;
  const bankKey = randomBytes(24).toString('hex');
  const webhookSecret = randomBytes(24).toString('hex');
  const providerKey = randomBytes(24).toString('hex');
  const providerKeys = Object.fromEntries(
    PROVIDERS.map((p) => [`PROVIDER_${providerEnvName(p)}_KEY`, providerKey]),
  );

  beforeAll(async () => {
    const apiPort = await freePort();
    bank = await createTestApp(
      {
        BANK_KEY: bankKey,
        BANK_WEBHOOK_SECRET: webhookSecret,
        ...providerKeys,
        SANDBOX_WEBHOOK_URLS: `http://127.0.0.1:${apiPort}`,
      },
      { listen: true },
    );
    const sandboxUrl = selfBaseUrl(bank.app);
    api = await createTestApp(
      {
        BANK_URL: `${sandboxUrl}/sandbox/bank`,
        BANK_KEY: bankKey,
        BANK_WEBHOOK_SECRET: webhookSecret,
        ...providerKeys,
        ...Object.fromEntries(
          PROVIDERS.map((p) => [
            `PROVIDER_${providerEnvName(p)}_URL`,
            `${sandboxUrl}/sandbox/providers/${p}`,
          ]),
        ),
      },
      { listen: true, port: apiPort },
    );
    // Two apps (each migrates and seeds its database) where other files build one: twice the usual hook time.
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await bank?.close();
  });

  it("settles a deposit paid at the other process's bank by that bank's webhook, and credits its provider", async () => {
    const player = await playerWithBankAccount(api.app);
    const created = await postDeposit(api.app, player);
    expect(created.statusCode).toBe(201);
    const { code } = created.json().order;

    // Paid at the bank process; nobody calls check: only the webhook to the API process can settle it.
    expect((await sandboxPay(bank.app, { billNumber: code, amount: '100000' })).statusCode).toBe(201);
    const statusIn = async ({ app }: TestApp) =>
      (await app.db.select().from(deposits).where(eq(deposits.code, code)))[0]?.status;
    await waitFor(async () => (await statusIn(api)) === 'SUCCESS');

    // The bank process's own API never saw the order: the webhook went where SANDBOX_WEBHOOK_URLS says.
    expect(await statusIn(bank)).toBeUndefined();
    const credits = await creditsOf(api.app, await demoAgencyId(api.app.db), player.player.id);
    expect(credits.provider).toBeGreaterThan(0n);
    expect(credits.provider).toBe(credits.ledger);
  });
});
