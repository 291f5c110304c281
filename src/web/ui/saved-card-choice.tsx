import { MESSAGES } from '../../shared/messages.ts';
import { savedCardLabel } from '../../shared/payment-card.ts';
import type { SavedCard } from '../../shared/account-area.ts';

/** The customer's saved cards and a new card, as one choice; the chosen saved card is posted by its id under `name`. */
export function SavedCardChoice({
  name,
  cards,
  chosenId,
  choose,
}: {
  name: string;
  cards: readonly SavedCard[];
  chosenId: string | null;
  choose: (id: string | null) => void;
}) {
  const choices = [
    ...cards.map((card) => ({ id: card.id, label: savedCardLabel(card) })),
    { id: '', label: MESSAGES.newCard },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold">{MESSAGES.payWith}</legend>
      {choices.map((choice) => (
        <label
          key={choice.id || 'new'}
          className="flex min-h-12 cursor-pointer items-center gap-3 border border-line px-4 text-sm"
        >
          <input
            type="radio"
            name={name}
            value={choice.id}
            checked={(chosenId ?? '') === choice.id}
            onChange={() => choose(choice.id || null)}
            className="size-5 accent-current"
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
