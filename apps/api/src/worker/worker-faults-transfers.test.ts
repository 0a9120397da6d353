import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TransferOutcome } from '../adapters/providers/game-provider';
import { waitFor } from '../modules/deposits/deposit-test-helpers';
import { demoAgencyId } from '../modules/ledger/ledger-test-helpers';
import { runReconciliationNow } from '../modules/reconciliation/reconciliation-test-helpers';
import { MAX_IN_ATTEMPTS } from '../modules/transfers/resume-transfer';
import {
  bothSides,
  inTransitOf,
  legsOf,
  listTransfers,
  postTransfer,
  transferRow,
} from '../modules/transfers/transfer-test-helpers';
import {
  creditOf,
  fund,
  playerWithBankAccount,
  type Withdrawer,
} from '../modules/withdrawals/withdrawal-test-helpers';
import { createTestApp, type TestApp } from '../test/app';
import { runWorkerTick } from './run-worker-tick';

// A transfer between providers whose second leg goes wrong (decision 0072): refused for good, answer lost,
// timed out, refused again and again, or the process gone between the legs. Each ends SUCCESS or RETURNED,
// the providers equal to the ledger, nothing lost or doubled — finished by the worker where the request could
// not. Faults come from the sandbox providers' injection (a transfer's answer dropped, a call stalled) or, for
// a refusal the sandbox never gives, from the `to` client answering it.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  // A short client timeout, and a `timeout` fault that stalls just past it: the test does not wait seconds.
  t = await createTestApp({ PROVIDER_TIMEOUT_MS: '1000' }, { listen: true });
  t.app.sandboxFaults.timeoutDelayMs = 1100;
  agencyId = await demoAgencyId(t.app.db);
});
afterEach(() => {
  t.app.sandboxFaults.reset();
  vi.restoreAllMocks();
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

// The client's own look-up (3 tries) and the two look-ups after it: nine failed answers keep it unknown.
const UNANSWERED_LOOK_UPS = Array.from({ length: 9 }, () => 'error' as const);
// Past any lease and resend window of an unfinished transfer.
const LATER_MS = 5 * 60_000;

/**
 * A player with 500.00 at askmebet whose members at askmebet and gclub exist already: the transfer's first
 * provider calls are then the balance read, `:out` and `:in`, in that order (the faults queued below count on it).
 */
async function player(): Promise<Withdrawer> {
  const p = await playerWithBankAccount(t.app);
  await fund(t.app, p, 'askmebet', '500.00');
  expect(await creditOf(t.app, p, 'gclub')).toBe('0.00');
  return p;
}

const gclubClient = () => t.app.providers.deploymentDefault('gclub');

/** Worker ticks, the clock moved on before each, until the transfer leaves PENDING (at most `ticks`). */
async function tickUntilFinished(reference: string, ticks = 20): Promise<string | undefined> {
  for (let i = 0; i < ticks; i++) {
    t.clock.advance(LATER_MS);
    await runWorkerTick(t.app);
    const row = await transferRow(t.app, reference);
    if (row?.status === 'SUCCESS' || row?.status === 'RETURNED' || row?.status === 'FAILED')
      return row.status;
  }
  return (await transferRow(t.app, reference))?.status;
}

async function expectBooksMatch(p: Withdrawer, askmebet: string, gclub: string): Promise<void> {
  expect(await bothSides(t.app, agencyId, p, 'askmebet')).toEqual({ provider: askmebet, ledger: askmebet });
  expect(await bothSides(t.app, agencyId, p, 'gclub')).toEqual({ provider: gclub, ledger: gclub });
  expect(await inTransitOf(t.app, agencyId, p)).toBe(0n);
}

describe('transfers whose second leg goes wrong', () => {
  it('`to` refuses the credit for good: it goes back to `from` at once, RETURNED, provider = ledger', async () => {
    const p = await player();
    const original = gclubClient().transfer.bind(gclubClient());
    vi.spyOn(gclubClient(), 'transfer').mockImplementation(async (member, direction, amount, reference) =>
      reference.endsWith(':in')
        ? ({ status: 'rejected', code: 'MEMBER_BLOCKED' } satisfies TransferOutcome)
        : original(member, direction, amount, reference),
    );
    const res = await postTransfer(t.app, p, { amount: '120.00' });
    expect(res.statusCode).toBe(200);
    const { transfer } = res.json();
    expect(transfer.status).toBe('RETURNED');
    const ref = transfer.reference;
    await expectBooksMatch(p, '500.00', '0.00');
    expect(await legsOf(t.app, ref)).toEqual({
      ledger: [
        ['TRANSFER', `${ref}:back`],
        ['TRANSFER', `${ref}:out`],
      ],
      providers: [
        ['askmebet', `${ref}:back`, 'in'],
        ['askmebet', `${ref}:out`, 'out'],
      ],
    });
    expect((await listTransfers(t.app, p)).json().items).toEqual([transfer]);
  });

  it('the answer of `:in` is lost after it landed: PENDING, then the worker finds it by reference and books it, SUCCESS', async () => {
    const p = await player();
    t.app.sandboxFaults.forceNext('providers', null, null, 'lost', ...UNANSWERED_LOOK_UPS);
    const res = await postTransfer(t.app, p, { amount: '120.00' });
    expect(res.statusCode).toBe(200);
    const { transfer } = res.json();
    expect(transfer.status).toBe('PENDING');
    // Landed at gclub, not booked yet: the ledger holds it in transit.
    expect(await inTransitOf(t.app, agencyId, p)).toBe(120_00n);
    expect(await creditOf(t.app, p, 'gclub')).toBe('120.00');

    expect(await tickUntilFinished(transfer.reference)).toBe('SUCCESS');
    await expectBooksMatch(p, '380.00', '120.00');
    // Sent once: the worker looked it up, it never sent it again.
    expect((await legsOf(t.app, transfer.reference)).providers).toHaveLength(2);
  });

  it('`:in` times out without landing: PENDING, then the worker sends the same reference again, SUCCESS', async () => {
    const p = await player();
    t.app.sandboxFaults.forceNext('providers', null, null, 'timeout');
    const res = await postTransfer(t.app, p, { amount: '75.25' });
    const { transfer } = res.json();
    expect(transfer.status).toBe('PENDING');
    expect(await creditOf(t.app, p, 'gclub')).toBe('0.00');

    expect(await tickUntilFinished(transfer.reference)).toBe('SUCCESS');
    await expectBooksMatch(p, '424.75', '75.25');
    expect((await legsOf(t.app, transfer.reference)).providers).toHaveLength(2);
  });

  it(`\`:in\` keeps failing: the worker retries it ${MAX_IN_ATTEMPTS} times, then returns the credit, RETURNED`, async () => {
    const p = await player();
    const original = gclubClient().transfer.bind(gclubClient());
    const sends = vi
      .spyOn(gclubClient(), 'transfer')
      .mockImplementation(async (member, direction, amount, reference) =>
        reference.endsWith(':in')
          ? ({ status: 'rejected', code: 'SANDBOX_FAULT' } satisfies TransferOutcome)
          : original(member, direction, amount, reference),
      );
    const { transfer } = (await postTransfer(t.app, p, { amount: '200.00' })).json();
    expect(transfer.status).toBe('PENDING');
    expect(await tickUntilFinished(transfer.reference)).toBe('RETURNED');
    expect(sends.mock.calls.filter(([, , , reference]) => reference.endsWith(':in'))).toHaveLength(
      MAX_IN_ATTEMPTS,
    );
    await expectBooksMatch(p, '500.00', '0.00');
  });

  it('the process dies after the first leg: the worker resumes the second under the same reference, SUCCESS; a repeat of the key answers it', async () => {
    const p = await player();
    const key = randomUUID();
    // `:in` is never sent: the request stops there for good, as a killed process would.
    vi.spyOn(gclubClient(), 'transfer').mockImplementationOnce(() => new Promise<never>(() => {}));
    void postTransfer(t.app, p, { amount: '99.99' }, key);
    let reference = '';
    await waitFor(async () => {
      const { items } = (await listTransfers(t.app, p)).json();
      reference = items[0]?.reference ?? '';
      return (await transferRow(t.app, reference))?.status === 'IN_PENDING';
    });
    expect(await inTransitOf(t.app, agencyId, p)).toBe(99_99n);

    expect(await tickUntilFinished(reference)).toBe('SUCCESS');
    await expectBooksMatch(p, '400.01', '99.99');
    const repeat = await postTransfer(t.app, p, { amount: '99.99' }, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().transfer).toMatchObject({ reference, status: 'SUCCESS' });
  });

  it('after all of it, a reconciliation run reports no difference', async () => {
    const report = await runReconciliationNow(t.app, 'FULL');
    expect(report.summary).toMatchObject({ differences: 0, unavailable: 0 });
  });
});
