import { describe, expect, it } from 'vitest';
import { readKnownDevice } from '../accounts/known-devices.ts';
import { deviceCookieFor } from './device-cookie.ts';

describe('the known-device cookie', () => {
  it('is __Host-did and Secure behind https, did over plain http', () => {
    expect(deviceCookieFor('https://shop.example.com', 'secret')).toMatchObject({ name: '__Host-did', secure: true });
    expect(deviceCookieFor('http://127.0.0.1:3000', 'secret')).toMatchObject({ name: 'did', secure: false });
  });

  it('is signed with a key of its own, never the captcha secret itself', () => {
    const { key } = deviceCookieFor('http://127.0.0.1:3000', 'secret');
    expect(key.equals(Buffer.from('secret'))).toBe(false);
    expect(readKnownDevice(key, 'Y3VzdG9tZXI.ZGV2aWNl.AAAA')).toBeNull();
  });
});
