/** The account pages' addresses that the server's mail links to (the route table names them). */
export const accountResetPath = (customerId: string, token: string) =>
  `/account-reset/${encodeURIComponent(customerId)}/${encodeURIComponent(token)}`;
export const accountVerifyPath = (customerId: string, token: string) =>
  `/account-verify/${encodeURIComponent(customerId)}/${encodeURIComponent(token)}`;
export const LOGIN_PATH = '/login';
export const ACCOUNT_FORGOT_PATH = '/account-forgot';

/** The reset page's rememberMe query (spec 2.1): true when it is 1 or true ('1' and 1 read the same in a query). */
export const rememberMeFromQuery = (value: string | null): boolean => value === '1' || value === 'true';
