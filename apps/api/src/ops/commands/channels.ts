import { ZApprovalResponse } from '@lc/shared/contracts/ops-approvals';
import {
  type TPaymentChannelSettings,
  ZPaymentChannelsResponse,
} from '@lc/shared/contracts/payment-channels';
import { EXIT, type OpsCommand } from '../command';
import { formatTable } from '../format-table';
import { UsageError } from '../parse-args';

function printChannels(out: (line: string) => void, channels: TPaymentChannelSettings[]): void {
  const lines = formatTable<TPaymentChannelSettings>(
    [
      { header: 'CODE', value: (c) => c.code },
      { header: 'MID', value: (c) => c.mid },
      { header: 'BANK', value: (c) => c.receivingBank },
      { header: 'MODE', value: (c) => c.mode },
      { header: 'RECEIVER ID', value: (c) => c.receiverId },
      { header: 'MCC', value: (c) => c.mcc },
      { header: 'MERCHANT', value: (c) => `${c.merchantName}, ${c.merchantCity}` },
      { header: 'NAME', value: (c) => c.displayName },
    ],
    channels,
  );
  for (const line of lines) out(line);
  out(`${channels.length} payment channels`);
}

export const channelsListCommand: OpsCommand = {
  name: 'channels list',
  summary: "List the agency's payment channels and how each issues its LaoQR",
  usage: '',
  options: {},
  async run({ client, out }) {
    const { body } = await client.request(
      'GET',
      '/api/ops/v1/agency/payment-channels',
      ZPaymentChannelsResponse,
    );
    printChannels(out, body.paymentChannels);
    return EXIT.OK;
  },
};

export const channelsSetCommand: OpsCommand = {
  name: 'channels set',
  summary:
    'Ask to create or replace a payment channel; an admin approves it (docs/payment-channels.md: what to ask each bank for)',
  usage:
    'CODE --mid MID --name "BCEL One" --bank bcel|jdb|ldb|indochina|kasikam|lvb --mode gateway|local ' +
    '--receiver-id ID --mcc 7995 --merchant NAME --city CITY',
  positionals: ['CODE'],
  options: {
    mid: { type: 'string', description: 'the MID players choose the channel by', isRequired: true },
    name: { type: 'string', description: 'the name players see', isRequired: true },
    bank: { type: 'string', description: 'the receiving bank', isRequired: true },
    mode: {
      type: 'string',
      description: "gateway (the bank's API issues each QR) or local",
      isRequired: true,
    },
    'receiver-id': {
      type: 'string',
      description: 'the receiver id the bank issued (tag 38/03)',
      isRequired: true,
    },
    mcc: { type: 'string', description: 'merchant category code, 4 digits (tag 52)', isRequired: true },
    merchant: { type: 'string', description: 'merchant name, ASCII ≤ 25 (tag 59)', isRequired: true },
    city: { type: 'string', description: 'merchant city, ASCII ≤ 15 (tag 60)', isRequired: true },
  },
  async run({ client, out }, { positionals, options }) {
    const [code, ...extra] = positionals;
    if (!code || extra.length > 0) throw new UsageError('give exactly one channel CODE');
    const { body } = await client.request(
      'PUT',
      `/api/ops/v1/agency/payment-channels/${encodeURIComponent(code)}`,
      ZApprovalResponse,
      {
        body: {
          mid: options.mid,
          displayName: options.name,
          currency: 'LAK',
          receivingBank: options.bank,
          mode: options.mode,
          receiverId: options['receiver-id'],
          mcc: options.mcc,
          merchantName: options.merchant,
          merchantCity: options.city,
        },
      },
    );
    // Where deposits go is a money setting: the channel applies when an admin approves the request (and not
    // one the token made: they never approve the token's requests, decision 0065).
    out(
      `request ${body.approval.id} filed: channel ${code} applies once an admin approves it (back office, Approvals)`,
    );
    return EXIT.OK;
  },
};
