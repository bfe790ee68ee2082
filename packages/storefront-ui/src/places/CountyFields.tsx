import { useGetCountiesQuery, useGetSubCountiesQuery } from './placesApi';
import styles from '../ui.module.css';

/** The words of the two dropdowns, for a remote that shows them in the shopper's language. */
export interface CountyFieldsLabels {
  county: string;
  subCounty: string;
  loadingCounties: string;
  selectCounty: string;
  selectCountyFirst: string;
  loadingSubCounties: string;
  selectSubCounty: string;
}

const ENGLISH_LABELS: CountyFieldsLabels = {
  county: 'County',
  subCounty: 'Sub-county',
  loadingCounties: 'Loading counties…',
  selectCounty: 'Select a county',
  selectCountyFirst: 'Select a county first',
  loadingSubCounties: 'Loading sub-counties…',
  selectSubCounty: 'Select a sub-county',
};

interface CountyFieldsProps {
  countyId: number | '';
  subCountyId: number | '';
  onChange(value: { countyId: number | ''; subCountyId: number | '' }): void;
  /** Prefix for element ids when a page has two address forms. */
  idPrefix?: string;
  required?: boolean;
  /** English unless given. */
  labels?: CountyFieldsLabels;
}

/** County and sub-county dropdowns: choosing a county loads its sub-counties and clears the old choice. */
export function CountyFields({
  countyId,
  subCountyId,
  onChange,
  idPrefix = 'address',
  required = true,
  labels = ENGLISH_LABELS,
}: CountyFieldsProps): JSX.Element {
  const counties = useGetCountiesQuery();
  const subCounties = useGetSubCountiesQuery(Number(countyId), { skip: countyId === '' });
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-county`}>
          {labels.county}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        <select
          id={`${idPrefix}-county`}
          required={required}
          value={countyId}
          onChange={(event) => onChange({ countyId: event.target.value ? Number(event.target.value) : '', subCountyId: '' })}
        >
          <option value="">{counties.isLoading ? labels.loadingCounties : labels.selectCounty}</option>
          {counties.data?.map((county) => (
            <option key={county.id} value={county.id}>
              {county.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-sub-county`}>
          {labels.subCounty}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        <select
          id={`${idPrefix}-sub-county`}
          required={required}
          value={subCountyId}
          disabled={countyId === ''}
          onChange={(event) => onChange({ countyId, subCountyId: event.target.value ? Number(event.target.value) : '' })}
        >
          <option value="">
            {countyId === '' ? labels.selectCountyFirst : subCounties.isFetching ? labels.loadingSubCounties : labels.selectSubCounty}
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
