import type { TPromotionInput } from '@lc/shared/contracts/promotions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agencies } from '../../db/schema/agency';
import { promotions } from '../../db/schema/promotions';
import { DEMO_AGENCY_CODE } from '../agency/seed-demo-agency';
import { toPromotionValues } from './promotion-mapping';

/**
 * The demo agency's three promotions, by name so tests can use them (`DEMO_PROMOTIONS.welcome`). The seed
 * starts them at seed time; the `startsAt` written here only matters to a test that posts one as it is.
 */
export type DemoPromotionName = 'welcome' | 'dailyReload' | 'liveCasino';

export const DEMO_PROMOTIONS: Record<DemoPromotionName, TPromotionInput> = {
  welcome: {
    title: {
      lo: 'ໂບນັດຕ້ອນຮັບ 50%',
      cn: '新会员首存奖金 50%',
      vn: 'Thưởng chào mừng 50%',
      th: 'โบนัสต้อนรับ 50%',
    },
    description: {
      lo: 'ຝາກຄັ້ງທຳອິດ 100,000 ກີບ ຮັບໂບນັດ 50% ຂອງເຄຣດິດ ສູງສຸດ 100 ບາດ. ກ່ອນຖອນ ເຄຣດິດຕ້ອງເກີນ 3 ເທົ່າຂອງ (ເຄຣດິດທີ່ຝາກ + ໂບນັດ); ຖອນໄດ້ສູງສຸດ 5 ເທົ່າຂອງຍອດນັ້ນ ແລະ ຈະຫັກໂບນັດອອກເມື່ອຖອນ. ໃຊ້ໄດ້ກັບທຸກຄ່າຍເກມ, ບັນຊີລະ 1 ຄັ້ງ.',
      cn: '首次存款 100,000 基普，即可获得存款积分 50% 的奖金，最高 100 泰铢。提款前积分须超过（存款积分 + 奖金）的 3 倍；最多可提取该金额的 5 倍，提款时扣除奖金。适用于所有游戏平台，每个账户限领一次。',
      vn: 'Nạp lần đầu 100.000 kíp, nhận thưởng 50% số credit, tối đa 100 baht. Trước khi rút, credit phải vượt 3 lần (credit nạp + thưởng); rút tối đa gấp 5 lần số đó và tiền thưởng được trừ khi rút. Áp dụng cho mọi nhà cung cấp trò chơi, mỗi tài khoản một lần.',
      th: 'ฝากครั้งแรก 100,000 กีบ รับโบนัส 50% ของเครดิต สูงสุด 100 บาท ก่อนถอน เครดิตต้องเกิน 3 เท่าของ (เครดิตที่ฝาก + โบนัส) ถอนได้สูงสุด 5 เท่าของยอดนั้น และจะหักโบนัสออกเมื่อถอน ใช้ได้กับทุกค่ายเกม จำกัดบัญชีละ 1 ครั้ง',
    },
    imageUrl: '/promotions/welcome-bonus.svg',
    providers: ['alphabet', 'askmebet', 'betflix', 'gclub', 'gclub_live'],
    depositAmount: '100000',
    bonus: { type: 'PERCENT', value: '50', max: '100.00' },
    targetCredit: { type: 'MULTIPLIER', value: '3' },
    withdraw: { all: false, min: null, max: { type: 'PERCENT', value: '500' }, deductBonus: true },
    firstOrderOnly: true,
    oncePerPlayer: true,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    active: true,
  },
  dailyReload: {
    title: {
      lo: 'ໂບນັດເຕີມເງິນປະຈຳວັນ 10%',
      cn: '每日充值奖金 10%',
      vn: 'Thưởng nạp lại hằng ngày 10%',
      th: 'โบนัสเติมเงินรายวัน 10%',
    },
    description: {
      lo: 'ຝາກ 200,000 ກີບ ຮັບໂບນັດ 10% ຂອງເຄຣດິດ ສູງສຸດ 50 ບາດ, ຮັບໄດ້ທຸກມື້. ກ່ອນຖອນ ເຄຣດິດຕ້ອງເກີນ 2 ເທົ່າຂອງ (ເຄຣດິດທີ່ຝາກ + ໂບນັດ); ຖອນຂັ້ນຕ່ຳ 100 ບາດ. ສຳລັບ Alphabet, AskMeBet ແລະ Betflix.',
      cn: '存款 200,000 基普，即可获得存款积分 10% 的奖金，最高 50 泰铢，每天都可领取。提款前积分须超过（存款积分 + 奖金）的 2 倍；每次最低提取 100 泰铢。适用于 Alphabet、AskMeBet 和 Betflix。',
      vn: 'Nạp 200.000 kíp, nhận thưởng 10% số credit, tối đa 50 baht, nhận được mỗi ngày. Trước khi rút, credit phải vượt 2 lần (credit nạp + thưởng); rút tối thiểu 100 baht. Dành cho Alphabet, AskMeBet và Betflix.',
      th: 'ฝาก 200,000 กีบ รับโบนัส 10% ของเครดิต สูงสุด 50 บาท รับได้ทุกวัน ก่อนถอน เครดิตต้องเกิน 2 เท่าของ (เครดิตที่ฝาก + โบนัส) ถอนขั้นต่ำ 100 บาท สำหรับ Alphabet, AskMeBet และ Betflix',
    },
    imageUrl: '/promotions/daily-reload.svg',
    providers: ['alphabet', 'askmebet', 'betflix'],
    depositAmount: '200000',
    bonus: { type: 'PERCENT', value: '10', max: '50.00' },
    targetCredit: { type: 'MULTIPLIER', value: '2' },
    withdraw: { all: false, min: { type: 'FIXED', value: '100.00' }, max: null, deductBonus: false },
    firstOrderOnly: false,
    oncePerPlayer: false,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    active: true,
  },
  liveCasino: {
    title: {
      lo: 'ຄາສິໂນສົດ ຮັບໂບນັດ 150 ບາດ',
      cn: '真人娱乐场奖金 150 泰铢',
      vn: 'Sòng bài trực tuyến: thưởng 150 baht',
      th: 'คาสิโนสด รับโบนัส 150 บาท',
    },
    description: {
      lo: 'ຝາກ 500,000 ກີບ ເຂົ້າ GClub ຫຼື GClub Live ຮັບໂບນັດ 150 ບາດ. ກ່ອນຖອນ ເຄຣດິດຕ້ອງເກີນ 2,000 ບາດ; ຕ້ອງຖອນເຄຣດິດທັງໝົດໃນຄັ້ງດຽວ, ໄດ້ຮັບສູງສຸດ 3,000 ບາດ ແລະ ຈະຫັກໂບນັດອອກ. ບັນຊີລະ 1 ຄັ້ງ.',
      cn: '向 GClub 或 GClub Live 存款 500,000 基普，即可获得 150 泰铢奖金。提款前积分须超过 2,000 泰铢；须一次性提取全部积分，最多到账 3,000 泰铢，并扣除奖金。每个账户限领一次。',
      vn: 'Nạp 500.000 kíp vào GClub hoặc GClub Live, nhận thưởng 150 baht. Trước khi rút, credit phải vượt 2.000 baht; phải rút toàn bộ credit trong một lần, nhận tối đa 3.000 baht và tiền thưởng được trừ. Mỗi tài khoản một lần.',
      th: 'ฝาก 500,000 กีบ เข้า GClub หรือ GClub Live รับโบนัส 150 บาท ก่อนถอน เครดิตต้องเกิน 2,000 บาท ต้องถอนเครดิตทั้งหมดในครั้งเดียว ได้รับสูงสุด 3,000 บาท และจะหักโบนัสออก จำกัดบัญชีละ 1 ครั้ง',
    },
    imageUrl: '/promotions/live-casino.svg',
    providers: ['gclub', 'gclub_live'],
    depositAmount: '500000',
    bonus: { type: 'FIXED', value: '150.00', max: null },
    targetCredit: { type: 'FIXED', value: '2000.00' },
    withdraw: { all: true, min: null, max: { type: 'FIXED', value: '3000.00' }, deductBonus: true },
    firstOrderOnly: false,
    oncePerPlayer: true,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    active: true,
  },
};

/** Card order of the seed: welcome first. */
const SEED_ORDER: DemoPromotionName[] = ['welcome', 'dailyReload', 'liveCasino'];

/**
 * Sandbox seed (after seedDemoAgency): the demo agency's promotions, starting now, only when it has none, so
 * promotions changed or added by ops survive restarts. The agency row is locked so two processes starting
 * together seed once.
 */
export async function seedDemoPromotions(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.code, DEMO_AGENCY_CODE))
      .for('update');
    if (!demo) throw new Error('demo agency missing: run seedDemoAgency first');
    const [existing] = await tx
      .select({ id: promotions.id })
      .from(promotions)
      .where(eq(promotions.agencyId, demo.id))
      .limit(1);
    if (existing) return;
    await tx.insert(promotions).values(
      SEED_ORDER.map((name, index) => ({
        ...toPromotionValues({ ...DEMO_PROMOTIONS[name], startsAt: now.toISOString() }),
        agencyId: demo.id,
        sortOrder: index + 1,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
}
