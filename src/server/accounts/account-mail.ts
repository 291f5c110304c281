/** The accounts' e-mails: confirming an address, an account that already exists, and resetting a password. */
import { ACCOUNT_FORGOT_PATH, accountResetPath, accountVerifyPath, LOGIN_PATH } from '../../shared/account.ts';
import { MAIL_MESSAGES } from '../../shared/mail-messages.ts';
import { escapeHtml, type MailMessage } from '../mail/mailer.ts';

interface ShopSettings {
  publicUrl: string;
  siteName: string;
}

function mail(kind: string, to: string, subject: string, text: string, links: string[], siteName: string): MailMessage {
  return {
    kind,
    to,
    subject,
    text: [text, '', ...links, '', siteName].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif">',
      `<p>${escapeHtml(text)}</p>`,
      ...links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`),
      `<p>${escapeHtml(siteName)}</p>`,
      '</body></html>',
    ].join(''),
  };
}

export function verifyMail(shop: ShopSettings, to: string, customerId: string, token: string): MailMessage {
  const link = shop.publicUrl + accountVerifyPath(customerId, token);
  return mail(
    'account-verify',
    to,
    MAIL_MESSAGES.verifyMailSubject(shop.siteName),
    MAIL_MESSAGES.verifyMailText,
    [link],
    shop.siteName,
  );
}

export function emailChangeMail(shop: ShopSettings, to: string, customerId: string, token: string): MailMessage {
  const link = shop.publicUrl + accountVerifyPath(customerId, token);
  return mail(
    'account-email-change',
    to,
    MAIL_MESSAGES.emailChangeMailSubject(shop.siteName),
    MAIL_MESSAGES.emailChangeMailText,
    [link],
    shop.siteName,
  );
}

export function accountExistsMail(shop: ShopSettings, to: string): MailMessage {
  const links = [shop.publicUrl + LOGIN_PATH, shop.publicUrl + ACCOUNT_FORGOT_PATH];
  return mail(
    'account-exists',
    to,
    MAIL_MESSAGES.accountExistsMailSubject(shop.siteName),
    MAIL_MESSAGES.accountExistsMailText,
    links,
    shop.siteName,
  );
}

export function resetMail(shop: ShopSettings, to: string, customerId: string, token: string): MailMessage {
  const link = shop.publicUrl + accountResetPath(customerId, token);
  return mail(
    'account-reset',
    to,
    MAIL_MESSAGES.resetMailSubject(shop.siteName),
    MAIL_MESSAGES.resetMailText,
    [link],
    shop.siteName,
  );
}
