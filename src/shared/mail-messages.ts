/**
 * The texts of the e-mails the shop sends, spelled once for every mail builder. Apart from MESSAGES, whose texts
 * the browser shows, so that every page's script does not carry the e-mails.
 */
import { indefiniteArticle } from './messages.ts';

export const MAIL_MESSAGES = {
  giftCardMailSubject: (siteName: string, sender: string | null) =>
    `You've received ${indefiniteArticle(siteName)} ${siteName} gift card${sender ? ` from ${sender}` : ''}`,
  giftCardBonusMailSubject: (siteName: string) => `Your ${siteName} bonus gift card`,
  giftCardMailGreeting: (name: string) => (name ? `Hi ${name},` : 'Hi,'),
  giftCardMailIntro: (amount: string, sender: string | null) =>
    sender ? `${sender} sent you a ${amount} gift card.` : `You've received a ${amount} gift card.`,
  giftCardBonusMailIntro: (amount: string) =>
    `Here is your ${amount} bonus gift card, our thanks for buying gift cards.`,
  giftCardMailMessage: (message: string) => `Their message: “${message}”`,
  giftCardMailHowToUse:
    'To spend it, add the code under Gift cards when you check out. Gift cards never expire, and whatever you do not spend stays on the card for next time.',
  giftCardMailBalance: 'Check its balance',
  giftCardReceiptSubject: (siteName: string) => `Your ${siteName} gift card receipt`,
  giftCardReceiptIntro:
    'Thank you! Here is what you bought. Each recipient gets their card by e-mail on the day shown.',
  giftCardReceiptCard: (amount: string, name: string, email: string) => `${amount} gift card for ${name} (${email})`,
  giftCardReceiptBonusCard: (amount: string, name: string, email: string) =>
    `${amount} bonus gift card for ${name ? `${name} (${email})` : email}`,
  giftCardReceiptBonusCredit: (amount: string) => `${amount} bonus store credit, added to your account`,
  giftCardReceiptPaid: (brand: string, last4: string) => `Paid with ${brand} ending in ${last4}`,
  orderConfirmationSubject: (number: number) => `Your order ${number}`,
  orderLinkSubject: (number: number) => `Your order ${number}: the link to see it`,
  orderCancelledSubject: (number: number) => `Your order ${number} was cancelled`,
  orderCancelledIntro:
    'Your order was cancelled and will not ship. Everything you paid goes back to where it came from, as listed below.',
  orderRefundedSubject: (number: number) => `Your order ${number} was refunded`,
  orderRefundedIntro: 'Your order was refunded. Everything you paid goes back to where it came from, as listed below.',
  orderAddressChangedSubject: (number: number) => `Your order ${number} ships to a new address`,
  orderAddressChangedIntro: 'The shipping address of your order was changed. It now ships to:',
  orderShippedSubject: (number: number) => `Your order ${number} has shipped`,
  orderShippedIntro: 'Your order is on its way. Follow it with the tracking link below.',
  orderDeliveredSubject: (number: number) => `Your order ${number} was delivered`,
  orderDeliveredIntro: 'Your order has arrived. We hope you love it, and thank you for shopping with us.',
  paidWith: (way: string) => `Paid with ${way}`,
  giftCardRefundSubject: (siteName: string) => `Your ${siteName} gift card purchase was refunded`,
  giftCardRefundIntro: 'Your gift card purchase was refunded and its cards can no longer be spent.',
  giftCardRefundSpent: 'Already spent from the card (stays charged)',
  giftCardRefundBonus: 'Bonus taken back',
  verifyMailSubject: (siteName: string) => `Confirm your e-mail address for ${siteName}`,
  verifyMailText: 'Follow this link within 48 hours to confirm your e-mail address:',
  accountExistsMailSubject: (siteName: string) => `Your ${siteName} account`,
  accountExistsMailText:
    'Someone, perhaps you, asked to create an account with this e-mail address, which already has one. Sign in, or reset your password if you have forgotten it:',
  resetMailSubject: (siteName: string) => `Reset your ${siteName} password`,
  resetMailText:
    'Follow this link within an hour to choose a new password. If you did not ask for it, ignore this e-mail.',
  emailChangeMailSubject: (siteName: string) => `Confirm your new e-mail address for ${siteName}`,
  emailChangeMailText: 'Follow this link within 48 hours to make this your e-mail address for signing in:',
} as const;
