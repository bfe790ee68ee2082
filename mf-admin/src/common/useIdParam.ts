import { useParams } from 'react-router-dom';

/** The route's :id as a positive whole number, or null for anything else (shown as NotFound). */
export function useIdParam(): number | null {
  const { id = '' } = useParams();
  return /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
}
