import { describe, expect, it } from 'vitest';
import { PROTOCOL_CREDENTIALS, ZPutProviderSettingsRequest } from './ops-provider-settings';

const fieldsOf = (body: object) => {
  const parsed = ZPutProviderSettingsRequest.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('provider settings of the aggregator protocol (fundtransfer-v1)', () => {
  const good = {
    protocol: 'fundtransfer-v1',
    url: 'https://api.aggregator.example',
    credentials: {
      operatorCode: 'd8kr',
      secretKey: '904c3acfdc028f495ccc5b60d01dcc49',
      providerCode: 'PG',
      logUrl: 'https://log.aggregator.example',
    },
    enabled: true,
  };

  it('takes the operator code, secret key, product code and LOG_URL', () => {
    expect(PROTOCOL_CREDENTIALS['fundtransfer-v1']).toEqual([
      'operatorCode',
      'secretKey',
      'providerCode',
      'logUrl',
    ]);
    expect(fieldsOf(good)).toEqual([]);
    expect(fieldsOf({ ...good, credentials: { ...good.credentials, providerCode: 'i8' } })).toEqual([]);
  });

  it('checks each field by its own rule, strictly', () => {
    const withField = (field: string, value: unknown) => ({
      ...good,
      credentials: { ...good.credentials, [field]: value },
    });
    expect(fieldsOf(withField('operatorCode', 'D8KR'))).toEqual(['credentials.operatorCode:INVALID_FORMAT']);
    expect(fieldsOf(withField('operatorCode', 'd'))).toEqual(['credentials.operatorCode:INVALID_FORMAT']);
    expect(fieldsOf(withField('providerCode', 'PGS'))).toEqual(['credentials.providerCode:INVALID_FORMAT']);
    expect(fieldsOf(withField('secretKey', 'short'))).toEqual(['credentials.secretKey:TOO_SHORT']);
    expect(fieldsOf(withField('logUrl', 'ftp://log.example'))).toEqual(['credentials.logUrl:INVALID_FORMAT']);
    expect(fieldsOf(withField('logUrl', 'https://log.example/?a=1'))).toEqual([
      'credentials.logUrl:INVALID_FORMAT',
    ]);
    expect(fieldsOf({ ...good, credentials: { key: 'x'.repeat(20) } })).toEqual([
      'credentials.operatorCode:REQUIRED',
      'credentials.secretKey:REQUIRED',
      'credentials.providerCode:REQUIRED',
      'credentials.logUrl:REQUIRED',
      'credentials.key:INVALID',
    ]);
  });
});
