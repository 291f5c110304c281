import { data, redirect } from 'react-router';
import type { WebsiteConfig } from '../../shared/website-config.ts';
import type { Route } from './+types/external';

/** /careers and /music/{any*} leave the shop for the external URLs the website config names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const response = await context.api('/api/website-config');
  if (response.status !== 200) throw data(null, { status: 503 });
  const config = (response.body as { data: WebsiteConfig }).data;
  const { pathname } = new URL(request.url);
  if (pathname.startsWith('/music')) {
    const rest = pathname.replace(/^\/music\/?/, '');
    return redirect(rest ? `${config.music_url.replace(/\/+$/, '')}/${rest}` : config.music_url, 302);
  }
  return redirect(config.careers_url, 302);
}
