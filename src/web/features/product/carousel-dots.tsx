import { MESSAGES } from '../../../shared/messages.ts';

interface CarouselDotsProps {
  /** One key per slide (the image URLs). */
  keys: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
}

/** One dot per slide, each a button that shows its slide; the current one is marked for assistive technology. */
export function CarouselDots({ keys, selected, onSelect }: CarouselDotsProps) {
  return keys.map((key, index) => (
    <button
      key={key}
      type="button"
      onClick={() => onSelect(index)}
      aria-label={MESSAGES.showImage(index + 1, keys.length)}
      aria-current={index === selected}
      className="group inline-flex size-6 items-center justify-center"
    >
      <span className="block size-2 rounded-full bg-line transition-colors group-aria-[current=true]:bg-ink" />
    </button>
  ));
}
