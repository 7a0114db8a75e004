/** The memorial-day and name-embroidery rules the API and the forms share (contracts/memorial-choices.ts). */
import { describe, expect, it } from 'vitest';
import { characterCount, EMBROIDERY_TEXT, isMemorialDay } from '../../contracts/memorial-choices.ts';

describe('isMemorialDay', () => {
  it('accepts every day of the year including 2月29日', () => {
    const lengths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    lengths.forEach((days, i) => {
      for (let d = 1; d <= days; d++) expect(isMemorialDay(i + 1, d), `${i + 1}/${d}`).toBe(true);
      expect(isMemorialDay(i + 1, days + 1), `${i + 1}/${days + 1}`).toBe(false);
    });
  });
  it('refuses what is not a month or day', () => {
    for (const [m, d] of [
      [0, 1],
      [13, 1],
      [1, 0],
      [1, 32],
      [2, 30],
      [1.5, 1],
      [1, Number.NaN],
    ])
      expect(isMemorialDay(m, d)).toBe(false);
  });
});

describe('embroidery text', () => {
  it('takes kana, kanji, letters, digits, spaces and the listed marks', () => {
    for (const ok of ['山田 花子', 'やまだ・はなこ', 'ヤマダ ハナコ', "O'Neil & Co.", 'ＹＡＭＡＤＡ１２', '佐々木', 'Jean-Luc', 'ケーキ'])
      expect(EMBROIDERY_TEXT.test(ok), ok).toBe(true);
  });
  it('refuses symbols and emoji the machine cannot stitch', () => {
    for (const bad of ['I ♥ YOU', '😀', 'a/b', '<b>', 'ｱｲｳ', '#1', 'tab\there']) expect(EMBROIDERY_TEXT.test(bad), bad).toBe(false);
  });
  it('counts a character outside the BMP once', () => {
    expect(characterCount('𠮷野家')).toBe(3);
  });
});
