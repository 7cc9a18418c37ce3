import { describe, expect, it } from 'vitest';
import { containsWholeWord, fold } from './text';

describe('fold', () => {
  it('drops accents and case, unifies apostrophes and dashes, collapses spaces', () => {
    expect(fold('  Sofía  ÁLVAREZ – O’Neil Straße Łódź ')).toBe("sofia alvarez - o'neil strasse lodz");
  });
});

describe('containsWholeWord', () => {
  it('finds whole words only, in any script', () => {
    expect(containsWholeWord('Ana', 'Thanks, ana!')).toBe(true);
    expect(containsWholeWord('Ana', 'banana')).toBe(false);
    expect(containsWholeWord('Ana', 'Anaïs')).toBe(false);
    expect(containsWholeWord('José', 'jose’s rate')).toBe(true);
    expect(containsWholeWord('Анна', 'Привет, Анна')).toBe(true);
    expect(containsWholeWord('Анна', 'Аннабель')).toBe(false);
    expect(containsWholeWord('さくら', 'さくらさんの動画')).toBe(true);
  });

  it('finds a phrase across line breaks and extra spaces', () => {
    expect(containsWholeWord('Maya Chen', 'with Maya\n  Chen next week')).toBe(true);
  });

  it('takes no phrase without letters or digits', () => {
    expect(containsWholeWord('  ', 'anything')).toBe(false);
    expect(containsWholeWord('@', 'a@b')).toBe(false);
  });
});
