import { useState, type FormEvent } from 'react';
import { normaliseKenyanPhone, type Address, type AddressBody } from '@shop/api-types';
import { CountyFields, TextField } from '@shop/storefront-ui';
import { useT } from '../i18n';
import styles from '../profile/profile.module.css';

type Draft = Omit<AddressBody, 'county_id' | 'sub_county_id' | 'apartment'> & {
  apartment: string;
  county_id: number | '';
  sub_county_id: number | '';
};

const toDraft = (address?: Address): Draft => ({
  name: address?.name ?? '',
  email: address?.email ?? '',
  phone: address?.phone ?? '',
  street_address: address?.street_address ?? '',
  apartment: address?.apartment ?? '',
  town: address?.town ?? '',
  county_id: address?.county.id ?? '',
  sub_county_id: address?.sub_county.id ?? '',
});

interface AddressFormProps {
  address?: Address;
  saving: boolean;
  onSave(body: AddressBody): void;
  onCancel(): void;
}

export function AddressForm({ address, saving, onSave, onCancel }: AddressFormProps): JSX.Element {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => toDraft(address));
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const idPrefix = address ? `address-${address.id}` : 'address-new';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server checks every rule and answers with a message per field; an unchosen county or
    // sub-county goes out as missing, so the answer is 'County is required', not 'invalid'.
    onSave({
      ...draft,
      phone: normaliseKenyanPhone(draft.phone) ?? draft.phone,
      apartment: draft.apartment || undefined,
      county_id: draft.county_id === '' ? undefined : draft.county_id,
      sub_county_id: draft.sub_county_id === '' ? undefined : draft.sub_county_id,
    } as unknown as AddressBody);
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={address ? t('addresses.editLabel', { name: address.name }) : t('addresses.new')}
    >
      <div className={styles.row}>
        <TextField
          id={`${idPrefix}-name`}
          label={t('addressForm.name')}
          name="name"
          autoComplete="name"
          value={draft.name}
          onChange={set('name')}
          required
        />
        <TextField
          id={`${idPrefix}-phone`}
          label={t('addressForm.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={draft.phone}
          onChange={set('phone')}
          required
        />
      </div>
      <TextField
        id={`${idPrefix}-email`}
        label={t('addressForm.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={draft.email}
        onChange={set('email')}
        required
      />
      <TextField
        id={`${idPrefix}-street`}
        label={t('addressForm.street')}
        name="street_address"
        autoComplete="address-line1"
        value={draft.street_address}
        onChange={set('street_address')}
        required
      />
      <div className={styles.row}>
        <TextField
          id={`${idPrefix}-apartment`}
          label={t('addressForm.apartment')}
          name="apartment"
          autoComplete="address-line2"
          value={draft.apartment}
          onChange={set('apartment')}
        />
        <TextField
          id={`${idPrefix}-town`}
          label={t('addressForm.town')}
          name="town"
          autoComplete="address-level2"
          value={draft.town}
          onChange={set('town')}
          required
        />
      </div>
      <div className={styles.row}>
        <CountyFields
          idPrefix={idPrefix}
          countyId={draft.county_id}
          subCountyId={draft.sub_county_id}
          onChange={({ countyId, subCountyId }) => setDraft((current) => ({ ...current, county_id: countyId, sub_county_id: subCountyId }))}
        />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={saving}>
          {saving ? t('addressForm.saving') : t('addressForm.save')}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('addressForm.cancel')}
        </button>
      </div>
    </form>
  );
}
