import { randomBytes } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_GROUP_LENGTH, GIFT_CARD_CODE_GROUPS } from '../../shared/gift-card.ts';

/**
 * A new gift card code from the system's secure random source: 16 characters of a 32-character alphabet, 80
 * bits, so with lookups rate-limited per address no one finds a card by guessing. 256 is a multiple of 32, so
 * taking each byte modulo 32 favours no character.
 */
export function newGiftCardCode(): string {
  const length = GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH;
  const characters = [...randomBytes(length)].map(
    (byte) => GIFT_CARD_CODE_ALPHABET[byte % GIFT_CARD_CODE_ALPHABET.length] ?? '',
  );
  const groups = Array.from({ length: GIFT_CARD_CODE_GROUPS }, (_, group) =>
    characters.slice(group * GIFT_CARD_CODE_GROUP_LENGTH, (group + 1) * GIFT_CARD_CODE_GROUP_LENGTH).join(''),
  );
  return groups.join('-');
}
