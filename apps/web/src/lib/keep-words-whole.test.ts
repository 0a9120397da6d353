import { describe, expect, it } from 'vitest';
import { keepWordsWhole, UNBREAKABLE_WORDS, withoutWordJoiners } from './keep-words-whole';

const WJ = '\u2060';

describe('keepWordsWhole', () => {
  it('joins the letters of the loanwords ICU splits, and nothing else', () => {
    expect(keepWordsWhole('ຮັບໂປຣໂມຊັນແລະເຄຣດິດ', 'lo')).toBe(
      `ຮັບໂ${WJ}ປ${WJ}ຣ${WJ}ໂ${WJ}ມ${WJ}ຊັ${WJ}ນແລະເ${WJ}ຄ${WJ}ຣ${WJ}ດິ${WJ}ດ`,
    );
    expect(keepWordsWhole('ກຳລັງໂຫຼດ...', 'lo')).toBe(`ກຳ${WJ}ລັ${WJ}ງໂ${WJ}ຫຼ${WJ}ດ...`);
  });

  it('never puts a joiner before a vowel sign or tone mark (they stay on their consonant)', () => {
    for (const [language, words] of Object.entries(UNBREAKABLE_WORDS)) {
      for (const word of words) {
        const shown = keepWordsWhole(word, language);
        expect(withoutWordJoiners(shown)).toBe(word);
        expect(shown).not.toMatch(new RegExp(`${WJ}[\\p{M}\\u0E33\\u0EB3]`, 'u'));
      }
    }
  });

  it('leaves other languages, empty texts and words outside the glossary unchanged', () => {
    expect(keepWordsWhole('ໂປຣໂມຊັນ', 'cn')).toBe('ໂປຣໂມຊັນ');
    expect(keepWordsWhole('Khuyến mãi', 'vn')).toBe('Khuyến mãi');
    expect(keepWordsWhole('', 'lo')).toBe('');
    expect(keepWordsWhole('ທະນາຄານ', 'lo')).toBe('ທະນາຄານ');
    expect(keepWordsWhole('ໂປຣໂມຊັນ', undefined)).toBe('ໂປຣໂມຊັນ');
  });

  it('joins a Thai word inside a sentence and every occurrence of it', () => {
    const shown = keepWordsWhole('รับโปรโมชั่นและโปรโมชั่นกำลังใช้งาน', 'th');
    expect(shown.split(`โ${WJ}ป${WJ}ร${WJ}โ${WJ}ม${WJ}ชั่${WJ}น`)).toHaveLength(3);
  });
});
