import type { County, SubCounty } from '@shop/api-types';
import styles from './chat.module.css';

interface PlaceSelectProps {
  id: string;
  label: string;
  prompt: string;
  places: Array<County | SubCounty>;
  value: number | null;
  disabled: boolean;
  onChoose(place: County | SubCounty): void;
}

/** A county or sub-county dropdown from the assistant's reply: choosing one sends it at once. */
export function PlaceSelect({ id, label, prompt, places, value, disabled, onChoose }: PlaceSelectProps): JSX.Element {
  const known = value !== null && places.some((place) => place.id === value);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={known ? String(value) : ''}
        disabled={disabled}
        onChange={(event) => {
          const place = places.find((candidate) => String(candidate.id) === event.target.value);
          if (place) onChoose(place);
        }}
      >
        <option value="">{prompt}</option>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
      </select>
    </div>
  );
}
