/** Porter2, the Snowball English stemmer Typesense stems with, CommonJS without types. */
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
