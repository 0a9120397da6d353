import type { TPaymentChannelSettings } from '@lc/shared/contracts/payment-channels';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agencies, agencyHosts } from '../../db/schema/agency';

export const DEMO_AGENCY_CODE = 'demo';

const DEMO_RECEIVER = { merchantName: 'LAO CREDIT DEMO', merchantCity: 'VIENTIANE', mcc: '7995' } as const;

/**
 * The demo's channels at the sandbox bank: BCEL as a `local` channel (a merchant id the sandbox bank issued;
 * the app composes each QR), LDB as a `gateway` channel (the sandbox bank's dynamic-QR API issues each QR and
 * its bill id), so both ways of issuing a QR run in the demo.
 */
const DEMO_PAYMENT_CHANNELS: TPaymentChannelSettings[] = [
  {
    code: 'bcel-main',
    mid: 'MID-BCEL-0001',
    displayName: 'BCEL One',
    currency: 'LAK',
    receivingBank: 'bcel',
    mode: 'local',
    receiverId: 'SBXMCH-BCEL-0001',
    ...DEMO_RECEIVER,
  },
  {
    code: 'ldb-main',
    mid: 'MID-LDB-0001',
    displayName: 'LDB Trust',
    currency: 'LAK',
    receivingBank: 'ldb',
    mode: 'gateway',
    receiverId: 'SBXMCH-LDB-0001',
    ...DEMO_RECEIVER,
  },
];

/**
 * Sandbox seed (idempotent): the demo agency and its hosts. An existing demo agency is left as it is so
 * settings changed by ops survive restarts; only missing hosts are added.
 */
export async function seedDemoAgency(db: Db, extraHosts: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(agencies)
      .values({
        code: DEMO_AGENCY_CODE,
        name: 'Lao Credit Demo',
        logoUrl: '/brand/logo.svg',
        social: {
          telegram: 'https://t.me/laocredit_demo',
          whatsapp: 'https://wa.me/8562055555555',
          facebook: 'https://www.facebook.com/laocredit.demo',
          twitter: 'https://twitter.com/laocredit_demo',
          line: 'https://line.me/R/ti/p/@laocredit',
        },
        contactPhone: '+856 20 5555 5555',
        contactEmail: 'support@laocredit.example',
        languages: ['lo', 'cn', 'vn', 'th'],
        paymentChannels: DEMO_PAYMENT_CHANNELS,
        depositMinLak: 20_000n,
        depositMaxLak: 20_000_000n,
        withdrawMinSatang: 5_000n,
        withdrawMaxSatang: 10_000_000n,
        promotionThresholdSatang: 500n,
        isSandbox: true,
      })
      .onConflictDoNothing({ target: agencies.code });
    const [demo] = await tx
      .select({ id: agencies.id, paymentChannels: agencies.paymentChannels })
      .from(agencies)
      .where(eq(agencies.code, DEMO_AGENCY_CODE));
    if (!demo) throw new Error('demo agency missing after seed');
    // A demo seeded before receiver ids existed has channels without one: give only those the demo's settings.
    if (demo.paymentChannels.some((channel) => !channel.receiverId)) {
      const filled = demo.paymentChannels.map((channel) => {
        if (channel.receiverId) return channel;
        const { receivingAccount: _bareAccount, ...rest } = channel;
        return { ...rest, ...DEMO_PAYMENT_CHANNELS.find((d) => d.code === channel.code) };
      });
      await tx.update(agencies).set({ paymentChannels: filled }).where(eq(agencies.id, demo.id));
    }
    const hosts = [...new Set(['localhost', '127.0.0.1', ...extraHosts])];
    await tx
      .insert(agencyHosts)
      .values(hosts.map((host) => ({ host, agencyId: demo.id })))
      .onConflictDoNothing({ target: agencyHosts.host });
  });
}
