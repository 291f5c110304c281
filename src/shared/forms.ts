/**
 * The forms that take submissions (`POST /api/forms/{form id}`): a submission to any other id is refused, and a
 * content form block that collects submissions names one of these.
 */
export const FORM_IDS = ['footer-signup'] as const;
export type FormId = (typeof FORM_IDS)[number];

/** The fixed form id of the footer's e-mail sign-up (spec 2.4). */
export const FOOTER_SIGNUP_FORM_ID = 'footer-signup' satisfies FormId;

export const isFormId = (value: string): value is FormId => FORM_IDS.some((formId) => formId === value);
