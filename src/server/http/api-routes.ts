import type { FastifyPluginAsync } from 'fastify';
import {
  formSubmissionEndpoint,
  postEndpoint,
  postListEndpoint,
  siteContentEndpoint,
} from '../../shared/api/content.ts';
import { websiteConfigEndpoint } from '../../shared/api/website-config.ts';
import { isFormId } from '../../shared/forms.ts';
import { listPosts, readPost } from '../content/post-repository.ts';
import { readSiteContent } from '../content/site-content-repository.ts';
import { readWebsiteConfig } from '../content/website-config-repository.ts';
import { readSearchConfig } from '../catalogue/search-index/products-collection.ts';
import { saveFormSubmission } from '../forms/form-submissions.ts';
import { addressAutocompleteEndpoint } from '../../shared/api/address-autocomplete.ts';
import { searchConfigEndpoint } from '../../shared/api/catalogue.ts';
import type { DataOf } from '../../shared/api/endpoint.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { checkForm, signupSchema } from '../../shared/validators.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AutocompleteUnavailableError } from '../addresses/autocomplete-provider.ts';
import { createAddressAutocomplete } from '../addresses/address-autocomplete.ts';
import type { OrderContext } from '../orders/order-context.ts';
import { answerForEveryone, CONTENT_MAX_AGE_SECONDS } from './cache-control.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { noRoute } from './errors.ts';
import { giftCardBalanceRoutes } from './gift-card-routes.ts';
import { orderRoutes } from './order-routes.ts';
import { productRoutes } from './product-routes.ts';
import { Refusal, serveEndpoint } from './serve-endpoint.ts';

interface ApiRoutesOptions {
  config: ServerConfig;
  db: Db;
  orders: OrderContext;
}

/** The public JSON API under /api (spec section 7). */
export const apiRoutes: FastifyPluginAsync<ApiRoutesOptions> = async (app, { config, db, orders }) => {
  const addressAutocomplete = createAddressAutocomplete(config);
  await app.register(catalogueRoutes, { db });
  await app.register(orderRoutes, { orders });
  await app.register(giftCardBalanceRoutes, { orders });
  await app.register(productRoutes, { db });
  serveEndpoint(app, websiteConfigEndpoint, async ({ reply }) => {
    const websiteConfig = await readWebsiteConfig(db, config.brand);
    if (!websiteConfig) return new Refusal(503, { error: 'The shop has not been set up yet' });
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return websiteConfig;
  });

  serveEndpoint(app, searchConfigEndpoint, async ({ reply }) => {
    const searchConfig = await readSearchConfig(db);
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return searchConfig;
  });

  /** A page's content, or `{data: null}` when there is none (spec section 7: "or empty"). */
  serveEndpoint(app, siteContentEndpoint, async ({ params, reply }) => {
    const content = await readSiteContent(db, params['*']);
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return content;
  });

  serveEndpoint(app, postListEndpoint, async ({ query, reply }) => {
    const posts = await listPosts(db, query.kind, query.offset, query.limit, new Date());
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return posts;
  });

  serveEndpoint(app, postEndpoint, async ({ params, reply }) => {
    const post = await readPost(db, params.kind, params.slug, new Date());
    if (!post) return new Refusal(404, { error: 'That post was not found' });
    answerForEveryone(reply, CONTENT_MAX_AGE_SECONDS);
    return post;
  });

  /** Only the forms that exist take submissions; the e-mail is checked with the spec's own rule and message. */
  const signedUp: DataOf<typeof formSubmissionEndpoint> = {
    success: true,
    messages: [{ type: 'success', text: MESSAGES.signupThanks }],
  };
  serveEndpoint(app, formSubmissionEndpoint, async ({ params: { formId }, body }) => {
    if (!isFormId(formId)) return new Refusal(404, { error: 'That form was not found' });
    const { form_id: bodyFormId, email, ...fields } = body;
    if (bodyFormId !== undefined && bodyFormId !== formId)
      return new Refusal(400, { error: 'form_id does not match the form' });
    // Every form block asks for the address to write to, as the footer's sign-up does.
    const checked = checkForm(signupSchema, { email });
    if (!checked.ok) return new Refusal(400, { error: checked.message });
    await saveFormSubmission(db, { formId, email: checked.value.email, fields }, new Date());
    return signedUp;
  });

  // A provider that fails or is too slow gives no suggestions, so the dropdown closes silently (spec section 8).
  serveEndpoint(app, addressAutocompleteEndpoint, async ({ query }) => {
    const sample = addressAutocomplete.provider === 'built-in';
    try {
      return { suggestions: await addressAutocomplete.suggest(query), sample };
    } catch (error) {
      if (error instanceof AutocompleteUnavailableError) return { suggestions: [], sample };
      throw error;
    }
  });

  app.all('/*', noRoute);
};
