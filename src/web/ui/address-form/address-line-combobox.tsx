import { useId, useState, type KeyboardEvent } from 'react';
import { type AddressSuggestion } from '../../../shared/address-autocomplete.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { FIELD_CLASSES, FieldFrame } from '../form-field.tsx';
import { useAddressSuggestions, type SuggestionQuery } from './use-address-suggestions.ts';

export interface AddressLineComboboxProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  /** The shopper typed: the new value. */
  onType: (value: string) => void;
  onBlur: () => void;
  /** A suggestion of one entry was chosen. */
  onChoose: (suggestion: AddressSuggestion) => void;
}

/** How a suggestion reads in the list: '200 N Spring St Rm (3 addresses), Los Angeles CA 90012'. */
function suggestionText(suggestion: AddressSuggestion): string {
  const street = [suggestion.street_line, suggestion.secondary].filter(Boolean).join(' ');
  const units = suggestion.entries > 1 ? ` (${MESSAGES.suggestionUnits(suggestion.entries)})` : '';
  return `${street}${units}, ${suggestion.city} ${suggestion.state} ${suggestion.zipcode}`;
}

/**
 * Address line 1 with US suggestions, an ARIA combobox over a listbox: typing asks for suggestions, the
 * arrow keys move through them, Enter chooses, Escape closes. Choosing a building lists its units; choosing
 * one address hands it to the form.
 */
export function AddressLineCombobox({ name, label, value, error, onType, onBlur, onChoose }: AddressLineComboboxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const [query, setQuery] = useState<SuggestionQuery | null>(null);
  const [active, setActive] = useState(-1);
  const { list: suggestions, sample } = useAddressSuggestions(query);
  const open = query !== null && suggestions.length > 0;
  // From a sample, an address the shopper typed may be missing: they are told so even when nothing was found.
  const dropdown = open || (sample && query !== null);

  const close = () => {
    setQuery(null);
    setActive(-1);
  };

  const choose = (suggestion: AddressSuggestion) => {
    setActive(-1);
    if (suggestion.entries > 1) {
      setQuery({ search: suggestion.street_line, selected: suggestion });
      return;
    }
    close();
    onChoose(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const suggestion = suggestions[active];
      if (suggestion) choose(suggestion);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  return (
    <FieldFrame label={label} id={id} error={error} className="relative sm:col-span-2">
      {(described) => (
        <>
          <input
            id={id}
            name={name}
            value={value}
            autoComplete="address-line1"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            onChange={(event) => {
              onType(event.target.value);
              setActive(-1);
              setQuery({ search: event.target.value, selected: null });
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              close();
              onBlur();
            }}
            {...described}
            className={FIELD_CLASSES}
          />
          {/* Above the toasts (z-70): a message never hides the suggestion the shopper is choosing. */}
          <div
            hidden={!dropdown}
            className="absolute inset-x-0 top-full z-[75] mt-1 border border-line bg-surface shadow-xl"
          >
            <ul
              id={listId}
              role="listbox"
              aria-label={MESSAGES.addressSuggestions}
              aria-describedby={sample ? `${listId}-sample` : undefined}
              hidden={!open}
              className="max-h-72 overflow-y-auto"
            >
              {open &&
                suggestions.map((suggestion, index) => (
                  <li
                    key={suggestionText(suggestion)}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    // The input keeps the focus: a click chooses without blurring it first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(suggestion)}
                    className={`cursor-pointer px-3 py-3 text-sm ${index === active ? 'bg-ink text-page' : 'hover:bg-surface-muted'}`}
                  >
                    {suggestionText(suggestion)}
                  </li>
                ))}
            </ul>
            {sample && (
              <p id={`${listId}-sample`} className="border-t border-line px-3 py-2 text-xs text-ink-muted">
                {MESSAGES.addressSuggestionsSample}
              </p>
            )}
          </div>
        </>
      )}
    </FieldFrame>
  );
}
