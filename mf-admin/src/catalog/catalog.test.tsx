import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBrandDetail, AdminCategoryDetail } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { BRANDS, CATEGORIES, PRODUCTS } from '../testFixtures';
import { cellTexts, findToast, headerTexts, jsonBody, renderAdmin, storeAdminSession, tableRows } from '../testUtils';

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

const dialog = () => screen.getByRole('dialog');

describe('categories', () => {
  it('lists #, Category (to its page), Products and actions; adds one with its name and reloads', async () => {
    const bodies: unknown[] = [];
    let listCalls = 0;
    mockApi({
      'GET /admin/categories': () => {
        listCalls += 1;
        return CATEGORIES;
      },
      'POST /admin/categories/store': async (request) => {
        bodies.push(await jsonBody(request));
        return {
          message: 'Category successfully saved.',
          category: { id: 3, name: 'Porridge Flour', slug: 'porridge-flour', products_count: 0, archived_at: null },
        };
      },
    });
    renderAdmin('/admin/categories');
    await screen.findByRole('link', { name: 'Maize Flour' });
    expect(headerTexts()).toEqual(['#', 'Category', 'Products', 'Action']);
    expect(tableRows().map(cellTexts)).toEqual([
      ['1', 'Maize Flour', '5', 'Action'],
      ['2', 'Wheat Flour', '0', 'Action'],
    ]);
    expect(screen.getByRole('link', { name: 'Maize Flour' }).getAttribute('href')).toBe('/admin/category/1');

    fireEvent.click(screen.getByRole('button', { name: /Add Category/ }));
    await screen.findByRole('dialog');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Category' }));
    expect(await within(dialog()).findByText('Please enter the category name.')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: ' Porridge Flour ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(bodies).toEqual([{ name: 'Porridge Flour' }]));
    await findToast('Category successfully saved.');
    await waitFor(() => expect(listCalls).toBe(2));
  });

  it('edits a category and archives one after confirmation', async () => {
    const calls: Array<{ path: string; body: unknown }> = [];
    mockApi({
      'GET /admin/categories': () => CATEGORIES,
      'POST /admin/categories/(update|archive)/\\d+': async (request) => {
        const path = new URL(request.url).pathname;
        calls.push({ path, body: await jsonBody(request) });
        // An update answers with the saved category, an archive with its message only (as the service does).
        return path.includes('/update/') ? { message: 'ok', category: CATEGORIES[1] } : { message: 'ok' };
      },
    });
    renderAdmin('/admin/categories');
    await screen.findByRole('link', { name: 'Wheat Flour' });
    fireEvent.click(screen.getByRole('button', { name: 'Action: Wheat Flour' }));
    fireEvent.click(await screen.findByText('Edit'));
    await screen.findByText('Edit Category');
    const name = within(dialog()).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Wheat Flour');
    fireEvent.change(name, { target: { value: 'Wheat & Baking Flour' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update Category' }));
    await findToast('Category successfully updated.');
    expect(calls).toEqual([{ path: '/api/admin/categories/update/2', body: { name: 'Wheat & Baking Flour' } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Action: Maize Flour' }));
    const archiveItems = await screen.findAllByText('Archive');
    fireEvent.click(archiveItems.at(-1)!);
    const title = await screen.findByText('Archive Maize Flour?', { selector: '.shop-admin-modal-confirm-title' });
    fireEvent.click(within(title.closest('.shop-admin-modal-confirm') as HTMLElement).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/admin/categories/archive/1'));
  });

  it("the category page shows its products, and 'No Products' when it has none", async () => {
    const maize: AdminCategoryDetail = { ...CATEGORIES[0]!, products: [PRODUCTS[0]!] };
    const wheat: AdminCategoryDetail = { ...CATEGORIES[1]!, products: [] };
    mockApi({ 'GET /admin/categories/view/1': () => maize, 'GET /admin/categories/view/2': () => wheat });
    const first = renderAdmin('/admin/category/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Maize Flour' })).toBeTruthy();
    expect(headerTexts()).toEqual(['#', 'Product', 'Brand', 'SKU', 'Price']);
    expect(tableRows().map(cellTexts)).toEqual([['1', 'Jogoo Maize Meal 2kg', 'Jogoo', '2kg', 'KSh 235.00']]);
    expect((document.querySelector('.shop-admin-breadcrumb') as HTMLElement).textContent).toBe('Dashboard/Categories/Category');
    first.unmount();
    renderAdmin('/admin/category/2');
    expect(await screen.findByText('No Products')).toBeTruthy();
  });
});

describe('brands', () => {
  it('adds a brand with name, company and colour; a 422 shows the field message', async () => {
    const bodies: unknown[] = [];
    let fail = true;
    mockApi({
      'GET /admin/brands': () => BRANDS,
      'POST /admin/brands/store': async (request) => {
        bodies.push(await jsonBody(request));
        if (fail)
          return respond(422, { message: 'The name has already been taken.', errors: { name: ['The name has already been taken.'] } });
        return { message: 'Brand successfully saved.', brand: { ...BRANDS[0]!, id: 3, products_count: 0 } };
      },
    });
    renderAdmin('/admin/brands');
    await screen.findByRole('link', { name: 'Jogoo' });
    expect(headerTexts()).toEqual(['#', 'Brand', 'Company', 'Products', 'Action']);
    expect(screen.getByRole('link', { name: 'Pembe' }).getAttribute('href')).toBe('/admin/brand/2');
    fireEvent.click(screen.getByRole('button', { name: /Add Brand/ }));
    await screen.findByRole('dialog');
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Jogoo' } });
    fireEvent.change(within(dialog()).getByLabelText('Company'), { target: { value: 'Unga Ltd' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Brand' }));
    await findToast('The name has already been taken.');
    fail = false;
    fireEvent.change(within(dialog()).getByLabelText('Name'), { target: { value: 'Dola' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Brand' }));
    await findToast('Brand successfully saved.');
    expect(bodies.at(-1)).toEqual({ name: 'Dola', company: 'Unga Ltd', color: '#1f6f3a' });
  });

  it('the brand page lists its products', async () => {
    const jogoo: AdminBrandDetail = { ...BRANDS[0]!, products: [PRODUCTS[0]!] };
    mockApi({ 'GET /admin/brands/view/1': () => jogoo });
    renderAdmin('/admin/brand/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jogoo' })).toBeTruthy();
    expect(screen.getByText('Unga Ltd')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jogoo Maize Meal 2kg' }).getAttribute('href')).toBe('/admin/product/7');
  });
});
