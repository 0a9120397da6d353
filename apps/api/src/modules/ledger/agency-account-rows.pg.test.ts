import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { houseAccount, playerProviderAccount, shardOf } from './account-key';
import { demoAgencyId, insertBarePlayer, signal } from './ledger-test-helpers';
import { postTransaction } from './post-transaction';

// Only on PostgreSQL (a `.pg.test.ts` file): it needs one transaction waiting on another's row lock, which the
// one connection of embedded PGlite cannot have.

let t: TestApp;
let agencyId: string;
beforeAll(async () => {
  t = await createTestApp();
  agencyId = await demoAgencyId(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

/** A deposit's posting: the house account against a player's. */
const depositPosting = (playerId: string, reference: string) => ({
  agencyId,
  kind: 'DEPOSIT' as const,
  reference,
  playerId,
  provider: 'gclub' as const,
  at: t.clock.now(),
  entries: [
    { account: houseAccount('THB'), amount: -100n },
    { account: playerProviderAccount(playerId, 'gclub'), amount: 100n },
  ],
});

it('a posting goes through while another transaction holds its posting on another row of the house account open, and waits for one on the same row', async () => {
  const players = await Promise.all(Array.from({ length: 5 }, () => insertBarePlayer(t.app.db, agencyId)));
  const [holder, sameRowPlayer, ...others] = players as [string, string, ...string[]];
  const held = 'rows-held';
  const candidates = Array.from({ length: 64 }, (_, i) => `rows-other-${i}`);
  const onOtherRows = candidates.filter((reference) => shardOf(reference) !== shardOf(held)).slice(0, 3);
  const onHeldRow = candidates.find((reference) => shardOf(reference) === shardOf(held)) as string;

  const released = signal();
  const posted = signal();
  // A withdrawal's approval, say: it posts, then does more before it commits, holding its rows meanwhile.
  const holding = t.app.db.transaction(async (tx) => {
    await postTransaction(tx, depositPosting(holder, held));
    posted.give();
    await released.given;
  });
  await posted.given;

  // Each gives up after 1 s waiting on a lock.
  const postWithin1s = (playerId: string, reference: string) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '1s'`);
      await postTransaction(tx, depositPosting(playerId, reference));
    });
  const outcomes = await Promise.allSettled([
    postWithin1s(sameRowPlayer, onHeldRow),
    ...others.map((playerId, i) => postWithin1s(playerId, onOtherRows[i] as string)),
  ]);
  released.give();
  await holding;
  expect(outcomes.map((outcome) => outcome.status)).toEqual([
    'rejected',
    'fulfilled',
    'fulfilled',
    'fulfilled',
  ]);
});
