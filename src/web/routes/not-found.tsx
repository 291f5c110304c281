import { data, Link } from 'react-router';
import { MESSAGES } from '../../shared/messages.ts';

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-3xl font-black uppercase">{MESSAGES.pageNotFoundTitle}</h1>
      <Link to="/shop">{MESSAGES.returnToShop}</Link>
    </main>
  );
}
