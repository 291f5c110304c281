/**
 * The hidden field that says where a post without the app's code returns to (form-flash.ts); the app drops it.
 * On its own, so the footer's plain sign-up form names it without loading the forms' code.
 */
export const RETURN_TO_FIELD = 'return_to';
