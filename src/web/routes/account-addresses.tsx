import { data, useSearchParams } from 'react-router';
import {
  accountAddressesEndpoint,
  addressCreateEndpoint,
  addressDeleteEndpoint,
  addressUpdateEndpoint,
} from '../../shared/api/accounts.ts';
import { refreshUserEndpoint } from '../../shared/api/sessions.ts';
import type { ServerApi } from '../../shared/load-context.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { PATHS } from '../../shared/paths.ts';
import { accountAddressFormSchema } from '../../shared/validators.ts';
import {
  ADDRESS_INTENTS,
  chosenIdSchema,
  FORM_IDS,
  INTENT_FIELD,
  STEP_PARAMS,
  type AccountFormReply,
} from '../features/account-area/account-area.ts';
import { AddressBook } from '../features/account-area/address-book.tsx';
import { answerChange, answerOrFail, askEndpoint, readForm } from '../lib/forms/form-action.ts';
import { readFlash } from '../lib/forms/form-flash.ts';
import { parseForm, type ApiAnswer } from '../lib/forms/form-reply.ts';
import { loadEndpoint } from '../lib/load-api.server.ts';
import { loginPathFrom } from '../lib/navigation/login-destination.ts';
import { pageMeta } from '../lib/navigation/meta.ts';
import { revalidateAfterForms } from '../lib/navigation/revalidation.ts';
import type { Route } from './+types/account-addresses';

const SIGNED_OUT_TO = loginPathFrom(PATHS.accountAddresses);

export async function loader({ context }: Route.LoaderArgs) {
  const options = { signedOutTo: SIGNED_OUT_TO };
  const [user, addresses] = await Promise.all([
    loadEndpoint(context, refreshUserEndpoint, {}, options),
    loadEndpoint(context, accountAddressesEndpoint, {}, options),
  ]);
  return { user, addresses };
}

/** Done, the address book again with what changed said at its top; refused, the form says why. */
const settle = (
  submission: Parameters<typeof answerChange>[0],
  answer: ApiAnswer,
  success: string,
  extra: Pick<AccountFormReply, 'intent' | 'id'>,
) =>
  answerChange(submission, answer, {
    back: PATHS.accountAddresses,
    flashId: FORM_IDS.addressBook,
    success,
    signedOutTo: SIGNED_OUT_TO,
    extra,
  });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The API names an address's fields as they are (postcode); the form names them inside its address fieldset. */
function inAddressFieldset(answer: ApiAnswer): ApiAnswer {
  const { body } = answer;
  if (!isRecord(body) || !isRecord(body.fields)) return answer;
  return {
    ...answer,
    body: {
      ...body,
      fields: Object.fromEntries(Object.entries(body.fields).map(([name, text]) => [`address.${name}`, text])),
    },
  };
}

/** A new address (no id) or a change of one, with whether it becomes a default. */
async function saveAddress(api: ServerApi, formData: FormData) {
  const posted = formData.get('id');
  const id = typeof posted === 'string' && posted !== '' ? posted : null;
  const extra = { intent: ADDRESS_INTENTS.save, ...(id ? { id } : {}) };
  const submission = parseForm(formData, accountAddressFormSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>({ ...extra, result: submission.reply() }, { status: 400 });
  const { address, ...flags } = submission.value;
  const body = { ...address, ...flags };
  const answer = id
    ? await askEndpoint(api, addressUpdateEndpoint, { params: { id }, body })
    : await askEndpoint(api, addressCreateEndpoint, { body });
  return settle(submission, inAddressFieldset(answer), MESSAGES.addressSaved, extra);
}

/**
 * One of the addresses becomes the default shipping or billing one: the address as saved, with that flag set
 * (the API takes the other flag as it is, and ignores the id in the body).
 */
async function makeDefault(
  api: ServerApi,
  formData: FormData,
  intent: typeof ADDRESS_INTENTS.defaultShipping | typeof ADDRESS_INTENTS.defaultBilling,
) {
  const submission = parseForm(formData, chosenIdSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>({ intent, result: submission.reply() }, { status: 400 });
  const { id } = submission.value;
  const shipping = intent === ADDRESS_INTENTS.defaultShipping;
  const done = (answer: ApiAnswer) =>
    settle(submission, answer, shipping ? MESSAGES.defaultShippingChanged : MESSAGES.defaultBillingChanged, {
      intent,
      id,
    });
  const list = await askEndpoint(api, accountAddressesEndpoint, {});
  if (!list.data) return done(list);
  const saved = list.data.find((address) => address._id === id);
  if (!saved) return done({ status: 404, body: { error: MESSAGES.addressNotFound } });
  const body = { ...saved, ...(shipping ? { is_default_shipping: true } : { is_default_billing: true }) };
  return done(await askEndpoint(api, addressUpdateEndpoint, { params: { id }, body }));
}

async function deleteAddress(api: ServerApi, formData: FormData) {
  const intent = ADDRESS_INTENTS.delete;
  const submission = parseForm(formData, chosenIdSchema);
  if (submission.status !== 'success')
    return data<AccountFormReply>({ intent, result: submission.reply() }, { status: 400 });
  const { id } = submission.value;
  const answer = await askEndpoint(api, addressDeleteEndpoint, { params: { id } });
  return settle(submission, answer, MESSAGES.addressDeleted, { intent, id });
}

/** Every form of the address book posts here; the hidden intent says which. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get(INTENT_FIELD);
  if (intent === ADDRESS_INTENTS.delete) return deleteAddress(context.api, formData);
  if (intent === ADDRESS_INTENTS.defaultShipping || intent === ADDRESS_INTENTS.defaultBilling)
    return makeDefault(context.api, formData, intent);
  return saveAddress(context.api, formData);
}

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => answerOrFail(serverAction);

/** Opening or closing a step (?new, ?edit, ?delete), or a flash in the query, changes nothing the loader read. */
export const shouldRevalidate = revalidateAfterForms;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ matches, title: MESSAGES.accountSectionNames.addresses, noindex: true });
}

export default function AccountAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const step = {
    adding: searchParams.has(STEP_PARAMS.add),
    editingId: searchParams.get(STEP_PARAMS.edit),
    deletingId: searchParams.get(STEP_PARAMS.delete),
  };
  return (
    <AddressBook
      {...loaderData}
      step={step}
      reply={actionData ?? null}
      flash={readFlash(searchParams, FORM_IDS.addressBook)}
    />
  );
}
