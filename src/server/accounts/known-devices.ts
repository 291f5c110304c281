/**
 * Known devices (docs/decisions/030-sign-in-and-card-limits.md): a browser that has signed in to an account gets a
 * long-lived cookie naming the customer and a random device id, signed with HMAC-SHA256. While strangers'
 * wrong passwords throttle an account, the owner's own browser still signs in with the right password.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known after its last sign-in. */
export const KNOWN_DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60_000;

export interface KnownDevice {
  customerId: string;
  /** The browser's own id, so one browser's wrong passwords can be counted apart from another's. */
  deviceId: string;
}

/**
 * The signing key: made from the shop's captcha secret (one more anti-automation key, shared by every server
 * the same way) with a label of its own, so a device cookie and a captcha token can never stand for each other.
 */
export const knownDeviceKey = (captchaSecret: string): Buffer =>
  createHmac('sha256', captchaSecret).update('known-device-cookie').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** A new device cookie's value for the customer: `customer.device.signature`, each part base64url. */
export function knownDeviceValue(key: Buffer, customerId: string): string {
  const payload = `${Buffer.from(customerId).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The device a cookie's value names, or null for anything not signed with the key. */
export function readKnownDevice(key: Buffer, value: string | undefined): KnownDevice | null {
  if (!value || value.length > 400) return null;
  const [customer, deviceId, signature, extra] = value.split('.');
  if (!customer || !deviceId || !signature || extra !== undefined) return null;
  const expected = sign(key, `${customer}.${deviceId}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { customerId: Buffer.from(customer, 'base64url').toString('utf8'), deviceId };
}
