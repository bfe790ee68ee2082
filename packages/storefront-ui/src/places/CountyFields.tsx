import { useGetCountiesQuery, useGetSubCountiesQuery } from './placesApi';
import styles from '../ui.module.css';

interface CountyFieldsProps {
  countyId: number | '';
  subCountyId: number | '';
  onChange(value: { countyId: number | ''; subCountyId: number | '' }): void;
  /** Prefix for element ids when a page has two address forms. */
  idPrefix?: string;
  required?: boolean;
}

/** County and sub-county dropdowns: choosing a county loads its sub-counties and clears the old choice. */
export function CountyFields({ countyId, subCountyId, onChange, idPrefix = 'address', required = true }: CountyFieldsProps): JSX.Element {
  const counties = useGetCountiesQuery();
  const subCounties = useGetSubCountiesQuery(Number(countyId), { skip: countyId === '' });
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-county`}>County{required && <span aria-hidden="true"> *</span>}</label>
        <select
          id={`${idPrefix}-county`}
          required={required}
          value={countyId}
          onChange={(event) => onChange({ countyId: event.target.value ? Number(event.target.value) : '', subCountyId: '' })}
        >
          <option value="">{counties.isLoading ? 'Loading counties…' : 'Select a county'}</option>
          {counties.data?.map((county) => (
            <option key={county.id} value={county.id}>
              {county.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-sub-county`}>Sub-county{required && <span aria-hidden="true"> *</span>}</label>
        <select
          id={`${idPrefix}-sub-county`}
          required={required}
          value={subCountyId}
          disabled={countyId === ''}
          onChange={(event) => onChange({ countyId, subCountyId: event.target.value ? Number(event.target.value) : '' })}
        >
          <option value="">
            {countyId === '' ? 'Select a county first' : subCounties.isFetching ? 'Loading sub-counties…' : 'Select a sub-county'}
          </option>
          {subCounties.data?.map((subCounty) => (
            <option key={subCounty.id} value={subCounty.id}>
              {subCounty.name}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
