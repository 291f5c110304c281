/**
 * The known-device cookie (accounts/known-devices.ts): set on every sign-in, HttpOnly and SameSite=Lax like
 * the session's, and behind https Secure with the __Host- prefix; it outlives sign-out, as it names only a
 * browser that has signed in before, never a session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  KNOWN_DEVICE_LIFETIME_MS,
  knownDeviceKey,
  knownDeviceValue,
  readKnownDevice,
  type KnownDevice,
} from '../accounts/known-devices.ts';

export interface DeviceCookie {
  name: string;
  secure: boolean;
  key: Buffer;
}

export function deviceCookieFor(publicUrl: string, captchaSecret: string): DeviceCookie {
  const secure = publicUrl.startsWith('https:');
  return { name: secure ? '__Host-did' : 'did', secure, key: knownDeviceKey(captchaSecret) };
}

/** The known device the request's cookie names, if it is one the shop signed. */
export const knownDeviceOf = (request: FastifyRequest, cookie: DeviceCookie): KnownDevice | null =>
  readKnownDevice(cookie.key, request.cookies[cookie.name]);

/** Marks this browser as a device the customer has signed in on. */
export function rememberDevice(reply: FastifyReply, cookie: DeviceCookie, customerId: string): void {
  reply.setCookie(cookie.name, knownDeviceValue(cookie.key, customerId), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: Math.floor(KNOWN_DEVICE_LIFETIME_MS / 1000),
  });
}
