import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestStaff, staffRequest, type TestStaff } from '../staff/staff.test-helpers';

let t: TestApp;
let admin: TestStaff;
let support: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  [admin, support] = await Promise.all([
    createTestStaff(t.app, t.clock, 'admin'),
    createTestStaff(t.app, t.clock, 'support'),
  ]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const put = (member: TestStaff, body: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/ops/v1/agency',
    headers: { cookie: member.cookie, 'content-type': 'application/json' },
    payload: body as Record<string, unknown>,
  });

const settings = {
  name: 'Lucky Lao',
  social: {
    telegram: 'https://t.me/lucky',
    whatsapp: null,
    facebook: null,
    twitter: null,
    line: 'https://line.me/R/ti/p/@lucky',
  },
  contacts: { phone: '+856 20 1234 5678', email: 'help@example.com' },
  languages: ['lo', 'th'],
  limits: {
    depositMin: '30000',
    depositMax: '15000000',
    withdrawMin: '60.00',
    withdrawMax: '90000.00',
    promotionCreditThreshold: '5.00',
    approvalThreshold: '12000.50',
  },
};

describe('GET/PUT /api/ops/v1/agency', () => {
  it('reads the settings with the default four-eyes threshold of 10,000.00 THB', async () => {
    const res = await staffRequest(t.app, support.cookie, 'GET', '/api/ops/v1/agency');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().agency.limits.approvalThreshold).toBe('10000.00');
  });

  it('an admin replaces them; players see the new limits at once; audited with before and after', async () => {
    const res = await put(admin, settings);
    expect(res.statusCode, res.body).toBe(200);
    // The logo is uploaded (settings/logo), never named by this PUT: it stays the platform's.
    expect(res.json().agency).toMatchObject({ ...settings, logoUrl: '/brand/logo.svg' });
    const info = await t.app.inject({ method: 'GET', url: '/api/v2/agency/info' });
    expect(info.json().agency.limits.depositMin).toBe('30000');
    expect(info.json().agency.limits.approvalThreshold).toBeUndefined();
    const audit = await staffRequest(t.app, admin.cookie, 'GET', '/api/ops/v1/audit?action=agency.update');
    const [entry] = audit.json().items;
    expect(entry).toMatchObject({ actor: admin.username, outcome: 'OK' });
    expect(entry.before.limits.approvalThreshold).toBe('10000.00');
    expect(entry.after.limits.approvalThreshold).toBe('12000.50');
  });

  it('400 VALIDATION_ERROR with fields: bad money, a maximum under its minimum, a bad e-mail, a bad link', async () => {
    const res = await put(admin, {
      ...settings,
      social: { ...settings.social, line: 'lucky' },
      contacts: { phone: null, email: 'nope' },
      limits: { ...settings.limits, depositMax: '100', withdrawMin: '1.234' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        'contacts.email': 'INVALID_FORMAT',
        'limits.depositMax': 'INVALID',
        'limits.withdrawMin': 'INVALID_FORMAT',
        'social.line': 'INVALID_FORMAT',
      },
    });
  });

  it('support may read but not change them (403 FORBIDDEN_ROLE, audited as refused)', async () => {
    const res = await put(support, settings);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN_ROLE');
  });
});
