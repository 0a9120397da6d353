import { describe, expect, it } from 'vitest';
import { MEMBER_NAME, providerMemberOf } from './member-name';

describe('providerMemberOf', () => {
  const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('is deterministic and fits the providers’ name rules', () => {
    const member = providerMemberOf('demo', id);
    expect(member).toEqual(providerMemberOf('demo', id.toUpperCase()));
    expect(member.username).toMatch(/^demo_[0-9a-f]{12}$/);
    expect(member.username).toMatch(MEMBER_NAME);
  });

  it('differs between players and between agencies', () => {
    const other = '7c9e6679-7425-40de-944b-e07fc1f90ae8';
    expect(providerMemberOf('demo', id).username).not.toBe(providerMemberOf('demo', other).username);
    expect(providerMemberOf('demo', id).username).not.toBe(providerMemberOf('lucky', id).username);
  });

  it('cleans and shortens an unusual agency code', () => {
    const member = providerMemberOf('Vientiane-Royal.Agency', id);
    expect(member.username).toMatch(/^vientia_[0-9a-f]{12}$/);
    expect(member.username.length).toBeLessThanOrEqual(20);
    expect(providerMemberOf('--', id).username).toMatch(/^lc_[0-9a-f]{12}$/);
  });
});
