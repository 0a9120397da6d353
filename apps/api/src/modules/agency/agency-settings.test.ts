import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZManifest } from '@lc/shared/contracts/manifest';
import { LOGO_MAX_BYTES } from '@lc/shared/contracts/ops-agency';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyLogos } from '../../db/schema/agency';
import { createTestApp, registerTestPlayer, type TestApp } from '../../test/app';
import { platformAgency } from '../../test/platform-agency';
import { demoAgencyId } from '../ledger/ledger-test-helpers';
import { createTestStaff, type TestStaff } from '../staff/staff.test-helpers';
import { pngOfSize, SAFE_SVG, TINY_PNG } from './logo.test-helpers';

// Issue #38 item 3: the agency's brand and limits (settings/agency), its logo (settings/logo) and what players
// see of them at once (agency info, the manifest, the banks of the bank form).
let t: TestApp;
let admin: TestStaff;
let finance: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  [admin, finance, support] = await Promise.all([
    createTestStaff(t.app, t.clock, 'admin'),
    createTestStaff(t.app, t.clock, 'finance'),
    createTestStaff(t.app, t.clock, 'support'),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'POST';
const ops = (member: TestStaff, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: member.cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const putSettings = (body: object, member = admin) => ops(member, 'PUT', '/api/ops/v1/settings/agency', body);
const getSettings = async () => {
  const res = await ops(support, 'GET', '/api/ops/v1/settings/agency');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settings;
};
const upload = (contentType: string, body: Buffer | string, member = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/v1/settings/logo',
    headers: { cookie: member.cookie, 'content-type': contentType },
    payload: body,
  });
const agencyInfo = async (host = 'localhost') =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/agency/info', headers: { host } })).json().agency;
const lastAudit = async (action: string) => {
  const res = await ops(admin, 'GET', `/api/ops/v1/audit?action=${action}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items[0];
};

/** The contract's body (decision 0069), all of it. */
const settings = {
  name: 'Lucky Lao',
  social: {
    whatsapp: 'https://wa.me/8562099999999',
    line: 'https://line.me/R/ti/p/@lucky',
    facebook: null,
    telegram: 'https://t.me/lucky_lao',
    twitter: null,
  },
  theme: { primaryColor: '#1C7ED6' },
  languages: ['th', 'lo'],
  acceptedBanks: ['ldb', 'bcel', 'jdb'],
  limits: {
    depositMin: '30000',
    depositMax: '15000000',
    withdrawMin: '60.00',
    withdrawMax: '90000.50',
    creditBelow: '25.50',
    promotionCreditBelow: '7.25',
  },
};

describe('GET/PUT /api/ops/v1/settings/agency', () => {
  it('any staff member reads the settings; a new agency has the gold, every bank and no credit rule', async () => {
    expect(await getSettings()).toEqual({
      name: 'Lao Credit Demo',
      logoUrl: '/brand/logo.svg',
      social: expect.objectContaining({ telegram: 'https://t.me/laocredit_demo' }),
      contacts: { phone: '+856 20 5555 5555', email: 'support@laocredit.example' },
      theme: { primaryColor: '#e8b931' },
      languages: ['lo', 'cn', 'vn', 'th'],
      acceptedBanks: ['bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb'],
      limits: {
        depositMin: '20000',
        depositMax: '20000000',
        withdrawMin: '50.00',
        withdrawMax: '100000.00',
        transferMin: '1.00',
        transferMax: '100000.00',
        creditBelow: null,
        promotionCreditBelow: '5.00',
        approvalThreshold: '10000.00',
      },
    });
  });

  it('an admin replaces them: answered and read back as stored, colour in lower case, banks in BANKS order', async () => {
    const res = await putSettings(settings);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      ...settings,
      logoUrl: '/brand/logo.svg',
      // Left out of the body: kept as they were.
      contacts: { phone: '+856 20 5555 5555', email: 'support@laocredit.example' },
      theme: { primaryColor: '#1c7ed6' },
      acceptedBanks: ['bcel', 'jdb', 'ldb'],
      limits: {
        ...settings.limits,
        transferMin: '1.00',
        transferMax: '100000.00',
        approvalThreshold: '10000.00',
      },
    };
    expect(res.json()).toEqual({ settings: expected });
    expect(await getSettings()).toEqual(expected);
  });

  it('is audited as agency.update with the settings before and after', async () => {
    const entry = await lastAudit('agency.update');
    expect(entry).toMatchObject({ actor: admin.username, outcome: 'OK' });
    expect(entry.before).toMatchObject({ name: 'Lao Credit Demo', theme: { primaryColor: '#e8b931' } });
    expect(entry.before.limits.creditBelow).toBeNull();
    expect(entry.after).toMatchObject({
      name: 'Lucky Lao',
      theme: { primaryColor: '#1c7ed6' },
      acceptedBanks: ['bcel', 'jdb', 'ldb'],
      limits: { creditBelow: '25.50', promotionCreditBelow: '7.25' },
    });
  });

  it('players see them at once: agency info, the manifest, the banks of the bank form', async () => {
    const agency = await agencyInfo();
    expect(agency).toMatchObject({
      name: 'Lucky Lao',
      social: settings.social,
      theme: { primaryColor: '#1c7ed6' },
      languages: ['th', 'lo'],
      acceptedBanks: ['bcel', 'jdb', 'ldb'],
      limits: {
        depositMin: '30000',
        depositMax: '15000000',
        withdrawMin: '60.00',
        withdrawMax: '90000.50',
        creditBelow: '25.50',
        promotionCreditThreshold: '7.25',
      },
    });
    // Staff-only values stay out of the public answer.
    expect(agency.limits.approvalThreshold).toBeUndefined();
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(ZManifest.parse(manifest.json())).toMatchObject({ name: 'Lucky Lao', description: 'Lucky Lao' });
    const banks = await t.app.inject({ method: 'GET', url: '/api/v2/banks' });
    expect(banks.json().banks.map((bank: { code: string }) => bank.code)).toEqual(['bcel', 'jdb', 'ldb']);
  });

  it('the first path (GET/PUT /api/ops/v1/agency) is the same settings in its own shape', async () => {
    const read = await ops(support, 'GET', '/api/ops/v1/agency');
    expect(read.json().agency).toMatchObject({
      name: 'Lucky Lao',
      theme: { primaryColor: '#1c7ed6' },
      acceptedBanks: ['bcel', 'jdb', 'ldb'],
      limits: { promotionCreditThreshold: '7.25', creditBelow: '25.50', approvalThreshold: '10000.00' },
    });
    // Its PUT carries neither the colour, the banks nor creditBelow: they stay; a logoUrl is no longer taken.
    const { agency } = read.json();
    const res = await ops(admin, 'PUT', '/api/ops/v1/agency', {
      name: 'Lucky Lao II',
      logoUrl: 'https://evil.example/logo.svg',
      social: agency.social,
      contacts: { phone: null, email: 'help@lucky.example' },
      languages: agency.languages,
      limits: {
        depositMin: '30000',
        depositMax: '15000000',
        withdrawMin: '60.00',
        withdrawMax: '90000.50',
        promotionCreditThreshold: '8.00',
        approvalThreshold: '12000.00',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await getSettings()).toMatchObject({
      name: 'Lucky Lao II',
      logoUrl: '/brand/logo.svg',
      contacts: { phone: null, email: 'help@lucky.example' },
      theme: { primaryColor: '#1c7ed6' },
      acceptedBanks: ['bcel', 'jdb', 'ldb'],
      limits: { creditBelow: '25.50', promotionCreditBelow: '8.00', approvalThreshold: '12000.00' },
    });
  });

  it('creditBelow may be none (null or empty); empty links are none', async () => {
    for (const none of [null, '', '  ']) {
      const res = await putSettings({
        ...settings,
        social: { ...settings.social, line: '' },
        limits: { ...settings.limits, creditBelow: '1.00' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cleared = await putSettings({ ...settings, limits: { ...settings.limits, creditBelow: none } });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().settings.limits.creditBelow).toBeNull();
      expect(res.json().settings.social.line).toBeNull();
    }
    expect((await agencyInfo()).limits.creditBelow).toBeNull();
  });

  const bad = (patch: (body: typeof settings) => object) => patch(structuredClone(settings));
  it.each([
    [
      'a colour name',
      bad((b) => ({ ...b, theme: { primaryColor: 'red' } })),
      'theme.primaryColor',
      'INVALID_FORMAT',
    ],
    [
      'a short colour',
      bad((b) => ({ ...b, theme: { primaryColor: '#fff' } })),
      'theme.primaryColor',
      'INVALID_FORMAT',
    ],
    [
      'a colour of 7 digits',
      bad((b) => ({ ...b, theme: { primaryColor: '#1234567' } })),
      'theme.primaryColor',
      'INVALID_FORMAT',
    ],
    [
      'a colour with a non-hex digit',
      bad((b) => ({ ...b, theme: { primaryColor: '#12345g' } })),
      'theme.primaryColor',
      'INVALID_FORMAT',
    ],
    ['no colour', bad((b) => ({ ...b, theme: {} })), 'theme.primaryColor', 'REQUIRED'],
    [
      'a link without its scheme',
      bad((b) => ({ ...b, social: { ...b.social, facebook: 'facebook.com/lucky' } })),
      'social.facebook',
      'INVALID_FORMAT',
    ],
    [
      'a javascript: link',
      bad((b) => ({ ...b, social: { ...b.social, line: 'javascript:alert(1)' } })),
      'social.line',
      'INVALID_FORMAT',
    ],
    [
      'a link with a space',
      bad((b) => ({ ...b, social: { ...b.social, telegram: 'https://t.me/a b' } })),
      'social.telegram',
      'INVALID_FORMAT',
    ],
    [
      'a link without a host',
      bad((b) => ({ ...b, social: { ...b.social, twitter: 'https://' } })),
      'social.twitter',
      'INVALID_FORMAT',
    ],
    [
      'a link of 301 characters',
      bad((b) => ({ ...b, social: { ...b.social, whatsapp: `https://wa.me/${'1'.repeat(287)}` } })),
      'social.whatsapp',
      'TOO_LONG',
    ],
    [
      'kip with decimals',
      bad((b) => ({ ...b, limits: { ...b.limits, depositMin: '30000.5' } })),
      'limits.depositMin',
      'INVALID_FORMAT',
    ],
    [
      'a negative amount',
      bad((b) => ({ ...b, limits: { ...b.limits, withdrawMin: '-1.00' } })),
      'limits.withdrawMin',
      'INVALID_FORMAT',
    ],
    [
      'baht with three decimals',
      bad((b) => ({ ...b, limits: { ...b.limits, withdrawMax: '1.234' } })),
      'limits.withdrawMax',
      'INVALID_FORMAT',
    ],
    [
      'a zero promotion threshold',
      bad((b) => ({ ...b, limits: { ...b.limits, promotionCreditBelow: '0' } })),
      'limits.promotionCreditBelow',
      'INVALID_FORMAT',
    ],
    [
      'a zero creditBelow',
      bad((b) => ({ ...b, limits: { ...b.limits, creditBelow: '0.00' } })),
      'limits.creditBelow',
      'INVALID_FORMAT',
    ],
    [
      'a creditBelow that is not money',
      bad((b) => ({ ...b, limits: { ...b.limits, creditBelow: '1e3' } })),
      'limits.creditBelow',
      'INVALID_FORMAT',
    ],
    [
      'a missing limit',
      bad((b) => ({ ...b, limits: { ...b.limits, depositMax: undefined } })),
      'limits.depositMax',
      'REQUIRED',
    ],
    [
      'a deposit minimum above its maximum',
      bad((b) => ({ ...b, limits: { ...b.limits, depositMin: '15000001' } })),
      'limits.depositMax',
      'INVALID',
    ],
    [
      'a withdrawal minimum above its maximum',
      bad((b) => ({ ...b, limits: { ...b.limits, withdrawMax: '59.99' } })),
      'limits.withdrawMax',
      'INVALID',
    ],
    [
      'a transfer minimum above its maximum',
      bad((b) => ({ ...b, limits: { ...b.limits, transferMin: '50.00', transferMax: '49.99' } })),
      'limits.transferMax',
      'INVALID',
    ],
    [
      'a transfer maximum below the stored minimum (1.00)',
      bad((b) => ({ ...b, limits: { ...b.limits, transferMax: '0.99' } })),
      'limits.transferMax',
      'INVALID',
    ],
    ['no accepted bank', bad((b) => ({ ...b, acceptedBanks: [] })), 'acceptedBanks', 'REQUIRED'],
    ['a bank twice', bad((b) => ({ ...b, acceptedBanks: ['bcel', 'bcel'] })), 'acceptedBanks', 'INVALID'],
    [
      'an unknown bank',
      bad((b) => ({ ...b, acceptedBanks: ['bcel', 'bank-of-nowhere'] })),
      'acceptedBanks.1',
      'INVALID',
    ],
    ['no language', bad((b) => ({ ...b, languages: [] })), 'languages', 'REQUIRED'],
    ['an unknown language', bad((b) => ({ ...b, languages: ['lo', 'fr'] })), 'languages.1', 'INVALID'],
    ['an empty name', bad((b) => ({ ...b, name: '  ' })), 'name', 'REQUIRED'],
  ])(
    'refuses %s: 400 VALIDATION_ERROR naming the field, and saves nothing of the rest',
    async (_what, body, field, code) => {
      const before = await getSettings();
      // Everything else in the body is a change, so a half-saved request would show.
      const res = await putSettings({ ...body, name: field === 'name' ? '  ' : 'Half Saved' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: code } });
      expect(await getSettings()).toEqual(before);
      expect((await agencyInfo()).name).toBe(before.name);
    },
  );

  it('the transfer limits (decision 0072): set through either route, kept when left out, public to players', async () => {
    const set = await putSettings({
      ...settings,
      limits: { ...settings.limits, transferMin: '10.00', transferMax: '5000.00' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().settings.limits).toMatchObject({ transferMin: '10.00', transferMax: '5000.00' });
    expect((await agencyInfo()).limits).toMatchObject({ transferMin: '10.00', transferMax: '5000.00' });
    // Left out: kept.
    expect((await putSettings(settings)).json().settings.limits).toMatchObject({
      transferMin: '10.00',
      transferMax: '5000.00',
    });
    const { agency } = (await ops(support, 'GET', '/api/ops/v1/agency')).json();
    expect(agency.limits).toMatchObject({ transferMin: '10.00', transferMax: '5000.00' });
    const first = await ops(admin, 'PUT', '/api/ops/v1/agency', {
      name: agency.name,
      social: agency.social,
      contacts: agency.contacts,
      languages: agency.languages,
      limits: {
        depositMin: agency.limits.depositMin,
        depositMax: agency.limits.depositMax,
        withdrawMin: agency.limits.withdrawMin,
        withdrawMax: agency.limits.withdrawMax,
        transferMin: '1.00',
        transferMax: '100000.00',
        promotionCreditThreshold: agency.limits.promotionCreditThreshold,
        approvalThreshold: agency.limits.approvalThreshold,
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await getSettings()).limits).toMatchObject({ transferMin: '1.00', transferMax: '100000.00' });
  });

  it('support and finance may read but not change them (403 FORBIDDEN_ROLE)', async () => {
    for (const member of [support, finance]) {
      const res = await putSettings(settings, member);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN_ROLE');
      const logo = await upload('image/png', TINY_PNG, member);
      expect(logo.statusCode).toBe(403);
      expect(logo.json().error.code).toBe('FORBIDDEN_ROLE');
    }
    expect((await ops(finance, 'GET', '/api/ops/v1/settings/agency')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/v1/settings/agency' })).statusCode).toBe(401);
  });
});

describe('POST /api/ops/v1/settings/logo', () => {
  const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');
  const served = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });
  const storedLogos = async () =>
    t.app.db
      .select()
      .from(agencyLogos)
      .where(eq(agencyLogos.agencyId, await demoAgencyId(t.app.db)));

  it('takes a PNG: answers its URL, which serves the same bytes for good; players get it at once; audited', async () => {
    const res = await upload('image/png', TINY_PNG);
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = `/api/v2/agency/logo/${sha256(TINY_PNG)}`;
    expect(res.json()).toEqual({ logoUrl });
    const logo = await served(logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect((await agencyInfo()).logoUrl).toBe(logoUrl);
    expect((await getSettings()).logoUrl).toBe(logoUrl);
    const entry = await lastAudit('agency.logo');
    expect(entry).toMatchObject({
      actor: admin.username,
      outcome: 'OK',
      after: { logoUrl, contentType: 'image/png' },
    });
    expect(entry.before.logoUrl).toBe('/brand/logo.svg');
  });

  it('takes a safe SVG, served as SVG that may run and load nothing; the previous logo URL is gone', async () => {
    const previous = (await agencyInfo()).logoUrl;
    const res = await upload('image/svg+xml', SAFE_SVG);
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = res.json();
    expect(logoUrl).toBe(`/api/v2/agency/logo/${sha256(SAFE_SVG)}`);
    const logo = await served(logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toBe(SAFE_SVG);
    expect(logo.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect((await served(previous)).statusCode).toBe(404);
    expect(await storedLogos()).toHaveLength(1);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'],
    [
      'onload',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    ],
    [
      'an outside href',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png"/></svg>',
    ],
    [
      'an outside xlink:href',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="//evil.example/s.svg#a"/></svg>',
    ],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
    ],
    [
      'an ENTITY',
      '<!DOCTYPE svg [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&e;</svg>',
    ],
    [
      'an outside url()',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(https://evil.example/p.svg#g)"/></svg>',
    ],
  ])('refuses an SVG with %s: 400 logo INVALID, nothing stored', async (_what, text) => {
    const before = await storedLogos();
    const logoUrl = (await agencyInfo()).logoUrl;
    const res = await upload('image/svg+xml', text);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { logo: 'INVALID' } });
    expect(await storedLogos()).toEqual(before);
    expect((await agencyInfo()).logoUrl).toBe(logoUrl);
    expect((await served(`/api/v2/agency/logo/${sha256(text)}`)).statusCode).toBe(404);
  });

  it('refuses what is not what its Content-Type says (400 logo INVALID_FORMAT), nothing, or another type (415)', async () => {
    const notPng = await upload('image/png', Buffer.from('GIF89a, not a PNG at all, whatever its type says'));
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().error.fields).toEqual({ logo: 'INVALID_FORMAT' });
    const notSvg = await upload('image/svg+xml', TINY_PNG);
    expect(notSvg.json().error.fields).toEqual({ logo: 'INVALID_FORMAT' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/settings/logo',
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ logo: 'REQUIRED' });
    for (const type of ['image/jpeg', 'text/plain', 'application/json']) {
      const res = await upload(type, type === 'application/json' ? '{}' : TINY_PNG);
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.code, type).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('takes 200 KiB and refuses a byte more: 413 PAYLOAD_TOO_LARGE naming the logo, nothing stored', async () => {
    const largest = pngOfSize(LOGO_MAX_BYTES);
    const ok = await upload('image/png', largest);
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await upload('image/png', pngOfSize(LOGO_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { logo: 'TOO_LONG' } });
    expect((await storedLogos())[0]?.sha256).toBe(sha256(largest));
    // Sent in chunks, with no Content-Length to refuse it by: cut at the limit, and said the same way.
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/settings/logo',
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
      payload: Readable.from([pngOfSize(LOGO_MAX_BYTES), Buffer.from('!')]),
    });
    expect(chunked.statusCode, chunked.body).toBe(413);
    expect(chunked.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fields: { logo: 'TOO_LONG' } });
  });

  it('refuses a cross-site upload (403 CSRF) as any other write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/v1/settings/logo',
      headers: { cookie: admin.cookie, 'content-type': 'image/png', origin: 'https://evil.example' },
      payload: TINY_PNG,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it("serves a logo only on its own agency's hosts; an unknown or malformed address is refused", async () => {
    const { logoUrl } = await agencyInfo();
    await platformAgency(t.app, 'other-logo.example');
    expect((await served(logoUrl)).statusCode).toBe(200);
    expect((await served(logoUrl, 'other-logo.example')).statusCode).toBe(404);
    expect((await served(`/api/v2/agency/logo/${'0'.repeat(64)}`)).statusCode).toBe(404);
    const malformed = await served('/api/v2/agency/logo/not-a-hash');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('bank accounts at the banks the agency accepts', () => {
  it('refuses an account at a bank the agency does not accept: 400 VALIDATION_ERROR, field bank', async () => {
    const accepted = await putSettings({ ...settings, acceptedBanks: ['bcel', 'ldb'] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const player = await registerTestPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/players/bank-accounts',
      headers: { cookie: player.cookie },
      payload: {
        bank: 'jdb',
        accountNumber: '123456789012',
        accountName: 'SOMCHAI',
        currency: 'LAK',
        owner: 'SELF',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: { bank: 'INVALID' } });
    const banks = await t.app.inject({ method: 'GET', url: '/api/v2/banks' });
    expect(banks.json().banks).toEqual([
      { code: 'bcel', name: 'BCEL — Banque pour le Commerce Extérieur Lao' },
      { code: 'ldb', name: 'Lao Development Bank' },
    ]);
  });
});
