import { redirect } from 'react-router';
import { websiteConfigEndpoint } from '../../shared/api/website-config.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import type { Route } from './+types/external';

/** /careers and /music/{any*} leave the shop for the external URLs the website config names. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = await loadEndpoint(context, websiteConfigEndpoint, {});
  const { pathname } = new URL(request.url);
  if (pathname.startsWith('/music')) {
    const rest = pathname.replace(/^\/music\/?/, '');
    return redirect(rest ? `${config.music_url.replace(/\/+$/, '')}/${rest}` : config.music_url, 302);
  }
  return redirect(config.careers_url, 302);
}
