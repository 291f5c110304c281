/**
 * The outcome of what the shopper just did (an address saved, an order cancelled), at the top of the page.
 * Its id is the flash's hash, so the page scrolls to it; it can take the focus for the same reason.
 */
export function Notice({ id, text, className = 'mt-6' }: { id: string; text: string; className?: string }) {
  return (
    <p
      id={id}
      role="status"
      tabIndex={-1}
      className={`${className} border-l-4 border-success bg-surface-muted px-4 py-3 text-sm`}
    >
      {text}
    </p>
  );
}
