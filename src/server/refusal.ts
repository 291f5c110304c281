/**
 * How the server turns a request down, services and HTTP handlers alike (docs/decisions/041-one-refusal.md): a
 * service returns a Refusal beside its result, and serveEndpoint (http/serve-endpoint.ts) sends it as the
 * response's status and body.
 */

/** A request turned down: the status and the body `{error, ...}` the caller reads. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: { error: string } & Record<string, unknown>,
  ) {}
}

/** A refusal with its message and, for some, what the caller needs to put it right (the re-priced bag, the fields). */
export const refusal = (status: number, error: string, extra: Record<string, unknown> = {}): Refusal =>
  new Refusal(status, { error, ...extra });
