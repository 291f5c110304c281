import { data, redirect } from 'react-router';
import { redirectTarget } from '../lib/navigation/redirects.ts';
import type { Route } from './+types/redirect';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = redirectTarget(url.pathname, url.search);
  if (!target) throw data(null, { status: 404 });
  return redirect(target, 301);
}
