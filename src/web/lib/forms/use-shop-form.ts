import { useForm } from '@conform-to/react';
import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type * as z from 'zod/mini';
import { notify } from '../notifications/notifications.ts';
import { isProcessing, startProcessing } from '../processing/processing.ts';
import type { ProcessingType } from '../processing/processing-queue.ts';
import { RETURN_TO_FIELD } from './flash-query.ts';
import { parseForm, type FormReply } from './form-reply.ts';
import { submitForm } from './submit-rules.ts';

export interface ShopFormOptions<S extends z.ZodMiniType<Record<string, unknown>>, R extends FormReply = FormReply> {
  /** The form's fixed id: its element id, its fetcher's key and, unless processingKey says otherwise, its processing key. */
  id: string;
  /** The path of the route whose action takes the form, also where the browser posts it before the app has started. */
  action: string;
  /** The form's schema from src/shared/validators.ts, which the action parses with too. */
  schema: S;
  processingKey?: string;
  /** 'overlay' puts the loading overlay over the page while the form is sent (placing an order, signing in). */
  processingType?: ProcessingType;
  /** false when the form changes nothing the page's loaders read, so they are not run again after it. */
  revalidate?: boolean;
  /** The answer the page was rendered with (a flash after a post made before the app had started). */
  initialReply?: R | null;
  /** Adds what the values need before they are sent (a captcha token); the form is pending meanwhile. */
  prepareSubmit?: (formData: FormData) => Promise<void>;
}

/** The name of the hidden button Conform submits with when it validates a field as it changes. */
const CONFORM_INTENT = '__intent__';

/**
 * Conform's own submits (validating a field as the shopper corrects it) are no shopper's submit: the spec's
 * submit rules and the sending do not apply to them.
 */
export function isIntentSubmit(event: FormEvent<HTMLFormElement>): boolean {
  const native = event.nativeEvent;
  return (
    typeof SubmitEvent !== 'undefined' &&
    native instanceof SubmitEvent &&
    native.submitter?.getAttribute('name') === CONFORM_INTENT
  );
}

/**
 * The one way the shop's forms work. A real `<form method="post">` to a route action, so it works before the
 * app's code has started; once it has, the same action is reached through a fetcher and Conform holds the
 * state: the shared schema validates on submit (and again as the shopper corrects a field), errors sit at
 * their fields with aria-invalid and aria-describedby, the first invalid field takes the focus, and the
 * spec's submit rules apply (submit-rules.ts).
 */
export function useShopForm<S extends z.ZodMiniType<Record<string, unknown>>, R extends FormReply = FormReply>(
  options: ShopFormOptions<S, R>,
) {
  const {
    id,
    action,
    schema,
    processingKey = id,
    processingType = 'inline',
    revalidate = true,
    initialReply = null,
    prepareSubmit,
  } = options;
  const fetcher = useFetcher<R>({ key: id });
  const [preparing, setPreparing] = useState(false);
  const pending = preparing || fetcher.state !== 'idle';
  const reply = fetcher.data ?? initialReply;
  const sent = useRef(false);

  const [form, fields] = useForm<z.output<S>>({
    id,
    lastResult: pending ? null : reply?.result,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema),
    onSubmit(event, { formData }) {
      event.preventDefault();
      sent.current = true;
      formData.delete(RETURN_TO_FIELD);
      const stop = startProcessing({ key: processingKey, type: processingType, reason: id });
      const send = () =>
        fetcher.submit(formData, { method: 'post', action, ...(revalidate ? {} : { defaultShouldRevalidate: false }) });
      if (!prepareSubmit) {
        void send().finally(stop);
        return;
      }
      setPreparing(true);
      // A preparation that fails sends the values as they are: the action then says what is missing.
      void prepareSubmit(formData)
        .catch(() => undefined)
        .then(send)
        .finally(() => {
          setPreparing(false);
          stop();
        });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isIntentSubmit(event)) {
      form.onSubmit(event);
      return;
    }
    submitForm(event, {
      busy: isProcessing(processingKey),
      validateAndSend: () => {
        sent.current = false;
        form.onSubmit(event);
        return sent.current || !event.defaultPrevented;
      },
      notify,
    });
  };

  return {
    form,
    fields,
    pending,
    reply: pending ? null : reply,
    /** The form element's props: spread them on a plain <form>. */
    formProps: { id: form.id, method: 'post', action, noValidate: true, onSubmit } as const,
  };
}
