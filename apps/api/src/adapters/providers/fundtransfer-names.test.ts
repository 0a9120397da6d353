import { describe, expect, it } from 'vitest';
import {
  AGGREGATOR_REFERENCE,
  AGGREGATOR_USERNAME,
  aggregatorPasswordOf,
  aggregatorReferenceOf,
  aggregatorSignature,
  aggregatorUsernameOf,
} from './fundtransfer-names';
import { providerMemberOf } from './member-name';

describe('aggregator names', () => {
  it('member names: the agent prefix and ten base-36 digits, one per member of ours', () => {
    const names = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const name = aggregatorUsernameOf(providerMemberOf('demo', `player-${i}`), 'lcsbx');
      expect(name).toMatch(AGGREGATOR_USERNAME);
      expect(name).toHaveLength(12);
      expect(name.startsWith('lc')).toBe(true);
      names.add(name);
    }
    expect(names.size).toBe(2000);
    // The 48 bits of our name's hex, exactly: the extremes stay 12 characters.
    expect(aggregatorUsernameOf({ username: 'demo_000000000000' }, 'ab')).toBe('ab0000000000');
    expect(aggregatorUsernameOf({ username: 'demo_ffffffffffff' }, 'ab')).toBe(
      `ab${(2n ** 48n - 1n).toString(36).padStart(10, '0')}`,
    );
    // Stable: the same member is the same name at every call.
    const member = providerMemberOf('demo', 'p1');
    expect(aggregatorUsernameOf(member, 'lcsbx')).toBe(aggregatorUsernameOf(member, 'lcsbx'));
  });

  it('passwords: twelve letters, capitals and small alternating, per member and key', () => {
    const a = aggregatorPasswordOf('key-1', 'lc0000000001');
    expect(a).toMatch(/^([A-Z][a-z]){6}$/);
    expect(aggregatorPasswordOf('key-1', 'lc0000000001')).toBe(a);
    expect(aggregatorPasswordOf('key-1', 'lc0000000002')).not.toBe(a);
    expect(aggregatorPasswordOf('key-2', 'lc0000000001')).not.toBe(a);
  });

  it('reference ids: 20 digits and capitals, the same for the same reference', () => {
    const id = aggregatorReferenceOf('D2601150001AB:in');
    expect(id).toMatch(AGGREGATOR_REFERENCE);
    expect(id).toHaveLength(20);
    expect(aggregatorReferenceOf('D2601150001AB:in')).toBe(id);
    expect(aggregatorReferenceOf('D2601150001AB:back')).not.toBe(id);
    expect(aggregatorReferenceOf(`ops-credit:${'f'.repeat(36)}`)).toMatch(AGGREGATOR_REFERENCE);
  });

  it('signature: MD5 of the fields run together, in capitals', () => {
    // md5("abc") = 900150983cd24fb0d6963f7d28e17f72
    expect(aggregatorSignature('a', 'b', 'c')).toBe('900150983CD24FB0D6963F7D28E17F72');
  });
});
