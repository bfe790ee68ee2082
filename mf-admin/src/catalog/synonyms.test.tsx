import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchSynonym } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { cellTexts, findToast, headerTexts, jsonBody, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

const dialog = () => screen.getByRole('dialog');
const synonym = (id: number, phrase: string, terms: string[]): SearchSynonym => ({
  id,
  phrase,
  terms,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const SYNONYMS = [synonym(1, 'mchele', ['rice']), synonym(2, 'unga wa ngano', ['wheat flour', 'baking flour'])];

describe('search synonyms', () => {
  it('lists what shoppers type and what it finds, filters them, and adds one (a 422 shown under its field)', async () => {
    const bodies: unknown[] = [];
    let listCalls = 0;
    let fail = true;
    mockApi({
      'GET /admin/products/synonyms': () => {
        listCalls += 1;
        return SYNONYMS;
      },
      'POST /admin/products/synonyms/store': async (request) => {
        bodies.push(await jsonBody(request));
        if (fail)
          return respond(422, {
            message: 'The phrase "mchele" is already in the table.',
            errors: { phrase: ['The phrase "mchele" is already in the table.'] },
          });
        return { message: 'Synonym successfully saved.', synonym: synonym(3, 'mcele', ['rice']) };
      },
    });
    renderAdmin('/admin/synonyms');
    await screen.findByText('unga wa ngano');
    expect(headerTexts()).toEqual(['Shoppers type', 'Finds', 'Action']);
    expect(tableRows().map(cellTexts)).toEqual([
      ['mchele', 'rice', 'Action'],
      ['unga wa ngano', 'wheat flourbaking flour', 'Action'],
    ]);
    fireEvent.change(screen.getByLabelText('Filter synonyms'), { target: { value: 'baking' } });
    expect(tableRows().map((row) => cellTexts(row)[0])).toEqual(['unga wa ngano']);

    fireEvent.click(screen.getByRole('button', { name: /Add Synonym/ }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Synonym' }));
    expect(await within(dialog()).findByText('Please enter the word or phrase.')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Shoppers type'), { target: { value: ' Mchele ' } });
    fireEvent.change(within(dialog()).getByLabelText('Catalogue terms'), { target: { value: 'rice' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Synonym' }));
    expect(await within(dialog()).findByText('The phrase "mchele" is already in the table.')).toBeTruthy();
    fail = false;
    fireEvent.change(within(dialog()).getByLabelText('Shoppers type'), { target: { value: 'mcele' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Synonym' }));
    await findToast('Synonym successfully saved.');
    expect(bodies).toEqual([
      { phrase: 'Mchele', terms: 'rice' },
      { phrase: 'mcele', terms: 'rice' },
    ]);
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('edits a synonym and deletes one after confirmation', async () => {
    const calls: Array<{ path: string; body: unknown }> = [];
    mockApi({
      'GET /admin/products/synonyms': () => SYNONYMS,
      'POST /admin/products/synonyms/update/\\d+': async (request) => {
        calls.push({ path: new URL(request.url).pathname, body: await jsonBody(request) });
        return { message: 'Synonym successfully updated.', synonym: SYNONYMS[1] };
      },
      'POST /admin/products/synonyms/delete/\\d+': async (request) => {
        calls.push({ path: new URL(request.url).pathname, body: null });
        return { message: 'mchele deleted.' };
      },
    });
    renderAdmin('/admin/synonyms');
    await screen.findByText('unga wa ngano');
    fireEvent.click(screen.getByRole('button', { name: 'Action: unga wa ngano' }));
    fireEvent.click(await screen.findByText('Edit'));
    await screen.findByText('Edit Synonym');
    const terms = within(dialog()).getByLabelText('Catalogue terms') as HTMLInputElement;
    expect(terms.value).toBe('wheat flour, baking flour');
    fireEvent.change(terms, { target: { value: 'wheat flour, chapati' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update Synonym' }));
    await findToast('Synonym successfully updated.');
    expect(calls).toEqual([
      { path: '/api/admin/products/synonyms/update/2', body: { phrase: 'unga wa ngano', terms: 'wheat flour, chapati' } },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Action: mchele' }));
    const deleteItems = await screen.findAllByText('Delete');
    fireEvent.click(deleteItems.at(-1)!);
    const title = await screen.findByText('Delete mchele?', { selector: '.shop-admin-modal-confirm-title' });
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/products/synonyms/delete/1'));
    await findToast('mchele deleted.');
  });
});
