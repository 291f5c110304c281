import { MESSAGES } from '../../../shared/messages.ts';

/** The website config's delivery and returns notes, each under its heading; nothing for an empty note. */
export function ProductNotes({ delivery, returns }: { delivery: string; returns: string }) {
  const notes = [
    { title: MESSAGES.delivery, text: delivery },
    { title: MESSAGES.returns, text: returns },
  ].filter((note) => note.text.trim() !== '');
  if (!notes.length) return null;
  return (
    <div className="mt-8 flex flex-col gap-5 border-t border-line pt-6">
      {notes.map((note) => (
        <section key={note.title}>
          <h2 className="text-xs font-bold uppercase tracking-widest">{note.title}</h2>
          <p className="mt-2 text-sm leading-relaxed text-ink-muted">{note.text}</p>
        </section>
      ))}
    </div>
  );
}
