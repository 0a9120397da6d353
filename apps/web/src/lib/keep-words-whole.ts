/**
 * Lao and Thai are written without spaces between words; the browser finds line-break opportunities with ICU's
 * word dictionary, the same one `Intl.Segmenter` uses. That dictionary lacks the loanwords and some compounds
 * this app says on every screen (ໂປຣໂມຊັນ → ໂປຣ|ໂມ|ຊັນ, ເຄຣດິດ → ເຄຣ|ດິດ, ໂຫຼດ → ໂຫຼ|ດ, โปรโมชั่น → โปร|โม|ชั่น),
 * so a line could end inside them. CSS cannot say "not here" for these scripts (`word-break: keep-all` leaves
 * them alone in Chromium), so the words below get a WORD JOINER (U+2060, invisible, "no break here" in Unicode
 * line breaking) between their letters. Decision 0032.
 */

/**
 * Words of the app's Lao texts that ICU's dictionary splits (alone, or in some sentences: ກະລຸນາ|ກວດ… stays whole,
 * ກະ|ລຸ|ນາ|ໂຫຼ|ດ does not), found by segmenting every string of public/locales/lo.
 */
const LAO_WORDS = [
  'ໂປຣໂມຊັນ',
  'ເຄຣດິດ',
  'ໂບນັດ',
  'ໂຫຼດ',
  'ເມນູ',
  'ອອນລາຍ',
  'ອິນເຕີເນັດ',
  'ສະແກນ',
  'ກະລຸນາ',
  'ຄາສິໂນ',
  'ບາຄາຣ່າ',
  'ຣູເລັດ',
  'ວໍເລັດ',
  'ເວັບໄຊ',
  'ລາຍລະອຽດ',
  'ປະຫວັດ',
  'ຍົກເລີກ',
  'ສຳລັບ',
  'ກຳລັງ',
  'ບໍລິການ',
  'ຜູ້ໃຊ້',
  'ຜູ້ຫຼິ້ນ',
  'ທີມງານ',
  'ຂັ້ນຕອນ',
  'ລ່າສຸດ',
  'ສຳເລັດ',
  'ເຊື່ອມຕໍ່',
  'ພວກເຮົາ',
];

/** The same for Thai (its dictionary is larger; these are the words of this app it still splits). */
const THAI_WORDS = [
  'โปรโมชั่น',
  'เทิร์น',
  'แจ็คพอต',
  'รูเล็ต',
  'บาคาร่า',
  'คาสิโน',
  'ตรวจสอบ',
  'ช่องทาง',
  'ภายหลัง',
  'ตัวตน',
];

/** The glossary of each language whose words must not be broken across lines. */
export const UNBREAKABLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  lo: LAO_WORDS,
  th: THAI_WORDS,
};

const WORD_JOINER = '\u2060';

function joinLetters(word: string): string {
  // Joiners go between grapheme clusters only: a vowel sign or tone mark stays on its consonant.
  const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
  return Array.from(graphemes.segment(word), (part) => part.segment).join(WORD_JOINER);
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One matcher per language, longest word first so a compound wins over the word it starts with. */
const matchers = new Map<string, { pattern: RegExp; joined: Map<string, string> }>();

function matcherFor(language: string) {
  const cached = matchers.get(language);
  if (cached) return cached;
  const words = UNBREAKABLE_WORDS[language];
  if (!words || typeof Intl.Segmenter !== 'function') return null;
  const sorted = [...words].sort((a, b) => b.length - a.length);
  const matcher = {
    pattern: new RegExp(sorted.map(escapeRegExp).join('|'), 'g'),
    joined: new Map(sorted.map((word) => [word, joinLetters(word)])),
  };
  matchers.set(language, matcher);
  return matcher;
}

/** The text with the glossary words of `language` made unbreakable; other languages come back unchanged. */
export function keepWordsWhole(text: string, language: string | undefined): string {
  const matcher = language ? matcherFor(language) : null;
  if (!matcher || text.length === 0) return text;
  return text.replace(matcher.pattern, (word) => matcher.joined.get(word) ?? word);
}

/** The text as a person typed it: without the joiners `keepWordsWhole` added (for copying and comparing). */
export function withoutWordJoiners(text: string): string {
  return text.replaceAll(WORD_JOINER, '');
}
