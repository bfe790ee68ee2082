import { useGetCountiesQuery, useGetSubCountiesQuery } from './placesApi';
import { useT } from '../i18n';
import styles from '../ui.module.css';

/** The words of the two dropdowns, for a remote that words them its own way (by default this package's, in the page's language). */
export interface CountyFieldsLabels {
  county: string;
  subCounty: string;
  loadingCounties: string;
  selectCounty: string;
  selectCountyFirst: string;
  loadingSubCounties: string;
  selectSubCounty: string;
}

interface CountyFieldsProps {
  countyId: number | '';
  subCountyId: number | '';
  onChange(value: { countyId: number | ''; subCountyId: number | '' }): void;
  /** Prefix for element ids when a page has two address forms. */
  idPrefix?: string;
  required?: boolean;
  /** The page's language from this package's catalog unless given. */
  labels?: CountyFieldsLabels;
}

/** County and sub-county dropdowns: choosing a county loads its sub-counties and clears the old choice. */
export function CountyFields({
  countyId,
  subCountyId,
  onChange,
  idPrefix = 'address',
  required = true,
  labels: givenLabels,
}: CountyFieldsProps): JSX.Element {
  const t = useT();
  const labels = givenLabels ?? {
    county: t('places.county'),
    subCounty: t('places.subCounty'),
    loadingCounties: t('places.loadingCounties'),
    selectCounty: t('places.selectCounty'),
    selectCountyFirst: t('places.selectCountyFirst'),
    loadingSubCounties: t('places.loadingSubCounties'),
    selectSubCounty: t('places.selectSubCounty'),
  };
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
