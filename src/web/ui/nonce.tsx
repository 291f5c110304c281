import { createContext, useContext } from 'react';

/** The CSP nonce of the server render; empty in the browser, which hides nonces from scripts anyway. */
export const NonceContext = createContext('');

export const useNonce = () => useContext(NonceContext);
