import { useEffect } from 'react';
import { CountyFields } from '@shop/storefront-ui';
import type { FieldSectionProps } from './AccountDetailsFields';
import { CheckoutField, errorId } from './CheckoutField';
import { useServerMessage, useT } from '../i18n';
import styles from './checkout.module.css';

interface ShippingFieldsProps extends FieldSectionProps {
  choosePlace(place: { countyId: number | ''; subCountyId: number | '' }): void;
}

/** Where the order goes: street, apartment, county and sub-county, town. */
export function ShippingFields({ form, errors, change, choosePlace }: ShippingFieldsProps): JSX.Element {
  const t = useT();
  const countyError = errors.county_id;
  const subCountyError = errors.subcounty_id;
  return (
    <fieldset className={styles.panel}>
      <legend>{t('fields.shipping')}</legend>
      <CheckoutField
        name="street"
        label={t('fields.street')}
        autoComplete="address-line1"
        value={form.street}
        onChange={change('street')}
        error={errors.street}
        required
      />
      <CheckoutField
        name="apartment"
        label={t('fields.apartment')}
        autoComplete="address-line2"
        value={form.apartment}
        onChange={change('apartment')}
      />
      <div className={`${styles.row} ${countyError || subCountyError ? styles.invalid : ''}`}>
        <CountyFields
          idPrefix="checkout"
          countyId={form.county_id}
          subCountyId={form.subcounty_id}
          onChange={choosePlace}
          labels={{
            county: t('fields.county'),
            subCounty: t('fields.subCounty'),
            loadingCounties: t('fields.loadingCounties'),
            selectCounty: t('fields.selectCounty'),
            selectCountyFirst: t('fields.selectCountyFirst'),
            loadingSubCounties: t('fields.loadingSubCounties'),
            selectSubCounty: t('fields.selectSubCounty'),
          }}
        />
      </div>
      <SelectErrors county={countyError} subCounty={subCountyError} />
      <CheckoutField
        name="town"
        label={t('fields.town')}
        autoComplete="address-level2"
        value={form.town}
        onChange={change('town')}
        error={errors.town}
        required
      />
    </fieldset>
  );
}

/**
 * County and sub-county messages. CountyFields (storefront UI) takes no error props, so the two
 * selects are tied to their messages here, by their ids.
 */
function SelectErrors({ county, subCounty }: { county?: string; subCounty?: string }): JSX.Element | null {
  const say = useServerMessage();
  useEffect(() => {
    const pairs: Array<[string, string | undefined, string]> = [
      ['checkout-county', county, errorId('county_id')],
      ['checkout-sub-county', subCounty, errorId('subcounty_id')],
    ];
    for (const [id, message, describedBy] of pairs) {
      const select = document.getElementById(id);
      if (!select) continue;
      if (message) {
        select.setAttribute('aria-invalid', 'true');
        select.setAttribute('aria-describedby', describedBy);
      } else {
        select.removeAttribute('aria-invalid');
        select.removeAttribute('aria-describedby');
      }
    }
  }, [county, subCounty]);
  if (!county && !subCounty) return null;
  return (
    <>
      {county && (
        <p id={errorId('county_id')} className={styles.fieldError}>
          {say(county)}
        </p>
      )}
      {subCounty && (
        <p id={errorId('subcounty_id')} className={styles.fieldError}>
          {say(subCounty)}
        </p>
      )}
    </>
  );
}
