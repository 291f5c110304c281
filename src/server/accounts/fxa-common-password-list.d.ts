/** Mozilla's list of common passwords of 8 characters or more (Firefox Accounts), CommonJS without types. */
declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
