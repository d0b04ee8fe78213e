import { isKeyOf } from '@shared/records';
import {
  SHIPPING_ADDRESS_FIELDS,
  SHIPPING_ADDRESS_LABELS,
  type ShippingAddress,
  shippingAddressSchema,
} from '@shared/shipping';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { savedAddressQuery } from './api';

export type AddressErrors = Partial<Record<keyof ShippingAddress, string>>;
const EMPTY: ShippingAddress = { name: '', street: '', city: '', region: '', postalCode: '', country: '' };

const AUTOCOMPLETE: Record<keyof ShippingAddress, string> = {
  name: 'shipping name',
  street: 'shipping street-address',
  city: 'shipping address-level2',
  region: 'shipping address-level1',
  postalCode: 'shipping postal-code',
  country: 'shipping country-name',
};

/** The address checked with the shared schema: the address, or each field's first message. */
export function checkAddress(address: ShippingAddress): { address: ShippingAddress } | { errors: AddressErrors } {
  const parsed = shippingAddressSchema.safeParse(address);
  if (parsed.success) return { address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field !== undefined && isKeyOf(address, field)) errors[field] ??= issue.message;
  }
  return { errors };
}

/** The address state of a checkout, filled from the one saved with the account once it arrives. */
export function useShippingAddress(isNeeded: boolean) {
  const saved = useQuery({ ...savedAddressQuery, enabled: isNeeded });
  const [address, setAddress] = useState<ShippingAddress>(EMPTY);
  const [isTouched, setIsTouched] = useState(false);
  const savedAddress = saved.data?.address;
  useEffect(() => {
    if (savedAddress && !isTouched) setAddress(savedAddress);
  }, [savedAddress, isTouched]);
  return {
    address,
    isSaved: Boolean(savedAddress),
    change(field: keyof ShippingAddress, value: string) {
      setIsTouched(true);
      setAddress((current) => ({ ...current, [field]: value }));
    },
  };
}

/** 'Ship to': the six fields of a physical order's address, each with its message beside it. */
export function ShippingAddressForm({
  address,
  errors,
  isSaved,
  onChange,
}: {
  address: ShippingAddress;
  errors: AddressErrors;
  isSaved: boolean;
  onChange: (field: keyof ShippingAddress, value: string) => void;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-4" data-testid="shipping-address">
      <legend className="px-1 font-semibold">Ship to</legend>
      <p className="text-sm text-muted-foreground">
        {isSaved
          ? 'Your saved address. Change it here if this order goes elsewhere.'
          : 'Physical items need an address. We save it for your next order.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {SHIPPING_ADDRESS_FIELDS.map((field) => {
          const id = `ship-${field}`;
          return (
            <FormField
              key={field}
              id={id}
              label={SHIPPING_ADDRESS_LABELS[field]}
              error={errors[field]}
              className={field === 'name' || field === 'street' ? 'content-start sm:col-span-2' : 'content-start'}
            >
              <Input
                {...fieldAria(id, errors[field])}
                name={field}
                autoComplete={AUTOCOMPLETE[field]}
                value={address[field]}
                onChange={(event) => onChange(field, event.target.value)}
              />
            </FormField>
          );
        })}
      </div>
    </fieldset>
  );
}
