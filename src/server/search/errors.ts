/** An error Typesense would answer with `{message}` and this status code. */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

export const badRequest = (message: string) => new SearchError(400, message);
