import { adminApiBaseUrl } from '../api/baseQuery';
import { orderListParams, type OrderListArgs } from '../api/adminApi';
import { downloadBlob } from '../common/csv';

export class ExportError extends Error {
  constructor(readonly status: number) {
    super(`Export failed with ${status}`);
  }
}

/**
 * GET /api/admin/orders/export.csv with the list's filters, fetched with the staff session cookie
 * and handed to the browser as a file.
 */
export async function exportOrdersCsv(filters: Omit<OrderListArgs, 'page'>, filename: string): Promise<void> {
  const params = new URLSearchParams(Object.entries(orderListParams(filters)).map(([key, value]) => [key, String(value)]));
  const query = params.toString();
  const response = await fetch(`${adminApiBaseUrl()}admin/orders/export.csv${query ? `?${query}` : ''}`, {
    credentials: 'same-origin',
    headers: { accept: 'text/csv' },
  });
  if (!response.ok) throw new ExportError(response.status);
  downloadBlob(await response.blob(), filename);
}
