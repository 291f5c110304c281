import { parseUser, type User } from '../../shared/user.ts';
import { USER_STORAGE_KEY } from '../../shared/storage-keys.ts';
import { persistedStore, useStore } from './store.ts';

export const userStore = () => persistedStore<User | null>(USER_STORAGE_KEY, null, parseUser);

/** The signed-in user from local storage (null until hydration and when signed out). */
export const useUser = () => useStore(userStore());
