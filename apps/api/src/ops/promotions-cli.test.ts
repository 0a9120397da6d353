import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TOpsPromotion } from '@lc/shared/contracts/ops-promotions';
import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit';
import { DEMO_PROMOTIONS } from '../modules/promotions/seed-demo-promotions';
import { createTestApp, registerTestPlayer, type TestApp } from '../test/app';
import { EXIT } from './command';
import { opsCliOf } from './ops-cli.test-helpers';

let t: TestApp;
let ops: ReturnType<typeof opsCliOf>;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  ops = opsCliOf(t.app);
  dir = mkdtempSync(path.join(tmpdir(), 'ops-promotions-cli-'));
});
afterAll(async () => {
  await t?.close();
});

let files = 0;
/** Writes `content` (JSON unless a string) to a fresh file and answers its path. */
function promoFile(content: unknown): string {
  files += 1;
  const file = path.join(dir, `promo-${files}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const opsPromotions = async (): Promise<TOpsPromotion[]> =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/ops/v1/promotions',
      headers: { authorization: `Bearer ${t.app.opsToken.token}` },
    })
  ).json().promotions;

const spring: TPromotionInput = {
  ...DEMO_PROMOTIONS.liveCasino,
  title: { lo: 'ໂບນັດບຸນປີໃໝ່', cn: '新年奖金', vn: 'Thưởng năm mới', th: 'โบนัสปีใหม่' },
  active: false,
};

describe('npm run ops -- promotions … / players block|unblock', () => {
  it('--help lists the promotion and block commands', async () => {
    const help = (await ops(['--help'])).out.join('\n');
    for (const name of [
      'promotions list',
      'promotions create',
      'promotions update',
      'promotions activate',
      'promotions deactivate',
      'players block',
      'players unblock',
    ]) {
      expect(help).toContain(name);
    }
  });

  it('promotions list prints a table of every promotion with the figures that matter', async () => {
    const { code, out } = await ops(['promotions', 'list']);
    expect(code).toBe(EXIT.OK);
    expect(out[0]).toMatch(/^ID\s+TITLE \(lo\)\s+DEPOSIT LAK\s+BONUS\s+TARGET\s+PROVIDERS\s+ACTIVE\s+DATES$/);
    const seeded = await opsPromotions();
    const cellsOf = (imageUrl: string) => {
      const id = seeded.find((p) => p.imageUrl === imageUrl)?.id;
      return out.find((line) => id && line.startsWith(id))?.split(/\s{2,}/);
    };
    const dates = `${t.clock.now().toISOString()} → no end`;
    expect(cellsOf(DEMO_PROMOTIONS.welcome.imageUrl)?.slice(1)).toEqual([
      'ໂບນັດຕ້ອນຮັບ 50%',
      '100000',
      '50% max 100.00',
      'x3',
      'alphabet,askmebet,betflix,gclub,gclub_live',
      'yes',
      dates,
    ]);
    expect(cellsOf(DEMO_PROMOTIONS.liveCasino.imageUrl)?.slice(2)).toEqual([
      '500000',
      '150.00',
      '2000.00',
      'gclub,gclub_live',
      'yes',
      dates,
    ]);
    expect(out.at(-1)).toBe('3 promotions');

    const json = await ops(['promotions', 'list', '--json']);
    expect(JSON.parse(json.out.join('\n'))).toEqual(await opsPromotions());
  });

  it('promotions create, update, activate and deactivate change the promotion, each audited', async () => {
    const created = await ops(['promotions', 'create', '--file', promoFile(spring)]);
    expect(created.code).toBe(EXIT.OK);
    const id =
      /^created (\S+) \(inactive\) ໂບນັດບຸນປີໃໝ່: deposit 500000 LAK, bonus 150\.00, target 2000\.00$/.exec(
        created.out[0] ?? '',
      )?.[1] as string;
    expect(id).toBeDefined();

    const updated = await ops([
      'promotions',
      'update',
      id,
      '--file',
      promoFile({ ...spring, bonus: { type: 'PERCENT', value: '12.5', max: null } }),
    ]);
    expect(updated.out).toEqual([
      `updated ${id} (inactive) ໂບນັດບຸນປີໃໝ່: deposit 500000 LAK, bonus 12.5%, target 2000.00`,
    ]);
    expect((await ops(['promotions', 'activate', id])).out[0]).toMatch(new RegExp(`^${id} \\(active\\) `));
    expect((await opsPromotions()).find((p) => p.id === id)).toMatchObject({
      active: true,
      bonus: { type: 'PERCENT', value: '12.50', max: null },
    });
    const off = await ops(['promotions', 'deactivate', id]);
    expect(off.code).toBe(EXIT.OK);
    expect(off.out[0]).toMatch(new RegExp(`^${id} \\(inactive\\) `));

    const actions = (
      await t.app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.target, `promotion:${id}`))
        .orderBy(auditLog.createdAt)
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(
      ['promotion.activate', 'promotion.create', 'promotion.deactivate', 'promotion.update'].sort(),
    );
  });

  it('explains a bad file, a bad promotion and an unknown id', async () => {
    const count = (await opsPromotions()).length;
    const missing = await ops(['promotions', 'create', '--file', path.join(dir, 'nope.json')]);
    expect(missing.code).toBe(EXIT.FAILED);
    expect(missing.err[0]).toBe(`error: cannot read ${path.join(dir, 'nope.json')} (ENOENT)`);
    const notJson = await ops(['promotions', 'create', '--file', promoFile('{"title": ')]);
    expect(notJson.code).toBe(EXIT.FAILED);
    expect(notJson.err[0]).toMatch(/^error: .*promo-\d+\.json is not JSON \(/);
    const bad = await ops([
      'promotions',
      'create',
      '--file',
      promoFile({ ...spring, endsAt: '2020-01-01T00:00:00Z' }),
    ]);
    expect(bad.code).toBe(EXIT.FAILED);
    expect(bad.err[0]).toBe('error 400 VALIDATION_ERROR: Invalid request (endsAt: INVALID)');
    expect((await ops(['promotions', 'create'])).err[0]).toBe('promotions create: --file is required');
    expect((await opsPromotions()).length).toBe(count);

    const unknown = await ops(['promotions', 'activate', '6f9619ff-8b86-4d11-b42d-00c04fc964ff']);
    expect(unknown.code).toBe(EXIT.FAILED);
    expect(unknown.err[0]).toBe('error 404 NOT_FOUND: No such promotion');
    expect((await ops(['promotions', 'deactivate'])).code).toBe(EXIT.USAGE);
  });

  it('players block and unblock bar a player from promotions and lift it', async () => {
    const p = await registerTestPlayer(t.app);
    const backlist = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/players/backlist',
          headers: { cookie: p.cookie },
        })
      ).json();

    const blocked = await ops(['players', 'block', p.player.id, '--reason', 'shared device abuse']);
    expect(blocked.code).toBe(EXIT.OK);
    expect(blocked.out).toEqual([`blocked ${p.username} (${p.player.id}) from promotions`]);
    expect(await backlist()).toEqual({ blocked: true, reason: 'shared device abuse' });
    const listed = await ops(['players', 'list', '--query', p.player.id]);
    expect(listed.out[1]).toMatch(/\byes$/);

    const unblocked = await ops(['players', 'unblock', p.player.id]);
    expect(unblocked.code).toBe(EXIT.OK);
    expect(unblocked.out[0]).toMatch(/^unblocked /);
    expect(await backlist()).toEqual({ blocked: false, reason: null });

    const target = `player:${p.player.id}`;
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, target), eq(auditLog.action, 'player.block')));
    expect(audits.map((a) => a.details)).toEqual([{ reason: 'shared device abuse', wasBlocked: false }]);

    const nobody = await ops(['players', 'block', 'nobody']);
    expect(nobody.code).toBe(EXIT.FAILED);
    expect(nobody.err[0]).toBe('error 404 NOT_FOUND: No such player');
  });
});
