import { z } from 'zod';
import { ZBank } from '../providers';
import { ZPaymentChannel } from './agency';

/** How a channel's dynamic QR is issued (domain.md, Deposit step 1). */
export const CHANNEL_MODES = ['gateway', 'local'] as const;
export type TChannelMode = (typeof CHANNEL_MODES)[number];

// EMVCo carries printable ASCII only; the maxima are those of the tags the values go into.
const ascii = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\x20-\x7E]*$/, 'printable ASCII only');

/**
 * A payment channel as ops configure it: the public part (agency info) plus how its LaoQR is issued.
 * `gateway`: the bank's dynamic-QR API issues each QR and its bill id; `local`: the bank lets the merchant
 * compose QRs for its merchant id, and the order code is the bill. Either way `receiverId` is the id the
 * receiving bank issued for tag 38/03 (never a bare account number), `mcc` goes into tag 52.
 */
export const ZPaymentChannelSettings = ZPaymentChannel.extend({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  mid: z.string().regex(/^[A-Za-z0-9-]{2,32}$/),
  displayName: z.string().trim().min(1).max(60),
  receivingBank: ZBank,
  mode: z.enum(CHANNEL_MODES),
  // Issued by the receiving bank (a token, a merchant id, a wrapped account): a bare account number is not one.
  receiverId: ascii(56).refine((id) => !/^\d{10,18}$/.test(id), 'a bare account number is not a receiver id'),
  mcc: z.string().regex(/^\d{4}$/),
  merchantName: ascii(25),
  merchantCity: ascii(15),
});
export type TPaymentChannelSettings = z.infer<typeof ZPaymentChannelSettings>;

/** GET /api/ops/v1/agency/payment-channels, and the answer of PUT …/{code}. */
export const ZPaymentChannelsResponse = z.object({ paymentChannels: z.array(ZPaymentChannelSettings) });
export type TPaymentChannelsResponse = z.infer<typeof ZPaymentChannelsResponse>;

/** PUT /api/ops/v1/agency/payment-channels/{code}: the whole channel (its code comes from the path). */
export const ZPutPaymentChannelRequest = ZPaymentChannelSettings.omit({ code: true });
export type TPutPaymentChannelRequest = z.infer<typeof ZPutPaymentChannelRequest>;
