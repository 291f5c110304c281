import { countryName, findRegion } from '../../shared/address-lists.ts';
import type { CartAddress } from '../../shared/cart.ts';
import { formatPhone } from '../../shared/phone.ts';

/** An address as a label prints it: name, street lines, city with the region's name and postcode, country, phone. */
export function AddressLines({ address }: { address: CartAddress }) {
  const region = findRegion(address.country, address.region)?.name ?? address.region;
  return (
    <address className="text-sm not-italic leading-relaxed">
      {address.first_name} {address.last_name}
      <br />
      {address.address1}
      {address.address2 && (
        <>
          <br />
          {address.address2}
        </>
      )}
      <br />
      {address.city}, {region} {address.postcode}
      <br />
      {countryName(address.country) ?? address.country}
      {address.phone && (
        <>
          <br />
          {formatPhone(address.phone, address.country)}
        </>
      )}
    </address>
  );
}
