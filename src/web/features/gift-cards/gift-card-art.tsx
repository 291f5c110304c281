/** The looks of the shop's gift cards, drawn in CSS: a card-shaped panel with the brand and the amount. */

export type GiftCardLook = 0 | 1 | 2;

const LOOKS: Record<GiftCardLook, string> = {
  // A loud print: diagonal stripes over a warm ground.
  0: 'bg-[repeating-linear-gradient(135deg,#ff4f6d_0_18px,#ffb03b_18px_36px,#2dd4bf_36px_54px)] text-black',
  1: 'bg-[radial-gradient(circle_at_20%_20%,#4f46e5,#0b0b12_70%)] text-white',
  2: 'bg-[linear-gradient(135deg,#fde68a,#f472b6_55%,#7c3aed)] text-black',
};

/** A gift card as the shopper pictures it; `look` picks one of the three designs. Decorative: its words are said elsewhere. */
export function GiftCardArt({
  look,
  siteName,
  amount,
  label,
}: {
  look: GiftCardLook;
  siteName: string;
  amount?: string;
  label?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={`relative flex aspect-[1.586] w-full flex-col justify-between overflow-hidden rounded-xl p-4 shadow-md ${LOOKS[look]}`}
    >
      <span className="w-fit bg-white/85 px-2 py-0.5 font-display text-sm font-black uppercase tracking-widest text-black">
        {siteName}
      </span>
      <span className="flex items-end justify-between gap-2">
        {label ? (
          <span className="w-fit bg-white/85 px-2 py-0.5 text-xs font-bold uppercase tracking-wider text-black">
            {label}
          </span>
        ) : (
          <span />
        )}
        {amount && <span className="bg-black px-2 py-0.5 font-display text-2xl font-black text-white">{amount}</span>}
      </span>
    </div>
  );
}
