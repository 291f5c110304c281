/** Schemas more than one area's endpoints respond with. */
import * as z from 'zod/mini';

/** A picture the media host serves, with the size it was stored at. */
export const imageRefSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

/** A postal address as the API sends it (an order's, or one of the address book). */
export const addressSchema = z.object({
  _id: z.nullable(z.string()),
  country: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  phone: z.string(),
  is_validated: z.boolean(),
});
