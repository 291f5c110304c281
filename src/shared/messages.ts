/**
 * Every text the spec shows to shoppers, spelled exactly as the spec spells it (typos included: the spec's
 * wording is the contract). Components and the server import them from here and nowhere else.
 */
export const MESSAGES = {
  apiFailure: 'Oops an error has occured!',
  cartLoadFailure: 'Unable to load your bag.',
  websiteConfigFailure: 'Error fetching website config!',
  paymentClearedOnAddressChange: 'Payment method cleared due to address change. Please re-select your payment method.',
  promoSuccess: 'Promo successfully used.',
  formStillSubmitting: 'Please wait for the form to finish submitting.',
  correctTheErrors: 'Please correct the errors.',
  itemAdded: 'Item successfully added to cart',
  tooManyUniqueItems:
    'Items were removed from your bag. You can only have a maximum of 50 unique items in your bag at one time.',
  cartMaximum: (what: string) => `Your bag contains the maximum available quantity of ${what}.`,
  noSizeGuide: 'No Size Guide',
  searchPlaceholder: 'What are you looking for?',
  noRecentSearches: 'No recent searches',
  noMatches: 'No Matches',
  viewAllMatches: (count: number) => `View all ${count} matches`,
  remaining: (count: number) => `${count} remaining`,
  onlyLeft: (count: number) => `only ${count} left`,
  soldOut: 'Sold Out',
  recommendedForYou: 'Recommended For You',
  pageNotFoundTitle: 'Page Not Found',
  pageNotFoundText: 'Sorry, the page you requested was not found. Please check the spelling of the address and try again.',
  returnToShop: 'RETURN TO SHOP',
  overAge: 'Over the Age of 18',
  submit: 'SUBMIT',
  signupThanks: 'Thanks for signing up!',
  selectLocation: 'Select your location',
  allRightsReserved: 'All Rights Reserved',
  footerShop: 'SHOP',
  footerCompany: 'COMPANY',
  footerInfo: 'INFO',
  myAccount: 'My Account',
  signIn: 'Sign In',
  termsOfUse: 'Terms of Use',
  privacyPolicy: 'Privacy Policy',
  valueRequired: 'Value is required',
  invalidEmail: 'Value is not a valid email address',
  minLength: (min: number) => `This field should be at least ${min} characters long`,
  maxLength: (max: number) => `The maximum length allowed is ${max}`,
  minValue: (min: number | string) => `The minimum value allowed is ${min}`,
  maxValue: (max: number | string) => `The maximum value allowed is ${max}`,
  sameAs: (name: string) => `The value must be equal to the ${name} value`,
  close: 'Close',
  notifications: 'Notifications',
  dismissNotification: 'Dismiss notification',
  loading: 'Loading',
  scrollToTop: 'Scroll to top',
  colorTheme: 'Color theme',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
} as const;

/** The id of the danger message shown when an add would exceed the allowed quantity. */
export const CART_MAXIMUM_MESSAGE_ID = 'cart-maximum-warning-message';

/** Search suggestion terms shown when there are no recent searches. */
export const SEARCH_SUGGESTIONS = ['Underwear', 'Bras', 'Women', 'Men', 'Kids'] as const;
