import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES, type AdminProductDetail } from '@shop/api-types';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { BRANDS, CATEGORIES, PRODUCTS, SKUS, STATUSES, product } from '../testFixtures';
import { cellTexts, findToast, headerTexts, pickOption, query, renderAdmin, storeAdminSession, tableRows } from '../testUtils';
import { IMAGE_MESSAGES } from './productForm';

// draft-js needs a real browser to type into; the form is tested with a plain HTML field here and the
// editor's conversion rules in richText.test.ts.
jest.mock('./RichTextEditor', () => ({
  __esModule: true,
  default: ({ id, label, value, onChange }: { id?: string; label: string; value?: string; onChange?: (html: string) => void }) => (
    <textarea id={id} aria-label={label} defaultValue={value} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

beforeEach(() => storeAdminSession());
afterEach(() => resetShopState());

interface Sent {
  url: string;
  fields: Record<string, string>;
  image: File | null;
}

function catalogue(extra: Record<string, (request: Request) => unknown> = {}) {
  const listQueries: Array<Record<string, string>> = [];
  const sent: Sent[] = [];
  // The test's own routes first: the first matching route answers.
  const spy = mockApi({
    ...extra,
    'GET /admin/products(\\?.*)?': (request) => {
      listQueries.push(query(request));
      return PRODUCTS;
    },
    'GET /admin/brands': () => BRANDS,
    'GET /admin/categories': () => CATEGORIES,
    'GET /site/skus': () => SKUS,
    'POST /admin/products/(store|update/\\d+)': async (request) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      let image: File | null = null;
      form.forEach((value, key) => {
        if (typeof value === 'string') fields[key] = value;
        else image = value as File;
      });
      sent.push({ url: new URL(request.url).pathname, fields, image });
      return { message: 'ok', product: product() };
    },
  });
  return { listQueries, sent, spy };
}

const dialog = () => screen.getByRole('dialog');
const openAdd = async () => {
  await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'a' });
  fireEvent.click(screen.getAllByRole('button', { name: /Add Product/ })[0]!);
  return screen.findByRole('dialog');
};
const typeInto = (label: string, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });

async function fillValidForm(): Promise<void> {
  typeInto('Product Name', 'Jogoo Maize Meal 5kg');
  await pickOption('Brand', 'Jogoo', dialog());
  await pickOption('Product Category', 'Maize Flour', dialog());
  await pickOption('SKU', '5kg', dialog());
  typeInto('Unit', '5kg');
  typeInto('Regular Price', '560');
  typeInto('Offer Price', '499.99');
  typeInto('Short Description', '<p>Sifted</p>');
  typeInto('Product Description', '<p>Sifted maize meal, 5kg.</p>');
}

function pickImage(file: File): void {
  const input = dialog().querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

/** rc-upload takes the file in asynchronously: wait until the form shows it. */
async function pickGoodImage(file: File): Promise<void> {
  pickImage(file);
  await waitFor(() => expect(dialog().querySelectorAll('.shop-admin-upload-list-item')).toHaveLength(1));
}

const png = (bytes = 1024, type = 'image/png', name = 'maize.png') => new File([new Uint8Array(bytes)], name, { type });

describe('products list', () => {
  it('shows #, Product (linked), Brand, Category, SKU, Price with the offer, Status, Featured and an action menu', async () => {
    catalogue();
    renderAdmin('/admin/products');
    await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'a' });
    expect(headerTexts()).toEqual(['#', 'Product', 'Brand', 'Category', 'SKU', 'Price', 'Status', 'Featured', 'Action']);
    const [first, second] = tableRows().map(cellTexts);
    expect(first).toEqual(['1', 'Jogoo Maize Meal 2kg', 'Jogoo', 'Maize Flour', '2kg', 'KSh 235.00', 'Published', 'No', 'Action']);
    expect(second).toEqual([
      '2',
      'Pembe Home Baking Flour 2kg',
      'Pembe',
      'Wheat Flour',
      '2kg',
      'KSh 1,700.00KSh 1,930.5011.94% off',
      'Draft',
      'Featured',
      'Action',
    ]);
    expect(screen.getByRole('link', { name: 'Jogoo Maize Meal 2kg' }).getAttribute('href')).toBe('/admin/product/7');
  });

  it('the sort select and the brand filter change the request', async () => {
    const { listQueries } = catalogue();
    renderAdmin('/admin/products');
    await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'a' });
    expect(listQueries[0]).toEqual({});
    await pickOption('Sort by', 'Price: Low to High');
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ sort: 'price-low-high' }));
    await pickOption('Sort by', 'Top Rated');
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ sort: 'top-rated' }));
    await pickOption('Brand', 'Pembe');
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ sort: 'top-rated', brand_id: '2' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: 'maize' } });
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ sort: 'top-rated', brand_id: '2', q: 'maize' }));
  });

  it('archives only after confirmation, then reloads the list', async () => {
    const archived: string[] = [];
    const { listQueries } = catalogue({
      'POST /admin/products/archive/\\d+': (request) => {
        archived.push(new URL(request.url).pathname);
        return { message: 'Jogoo Maize Meal 2kg archived.' };
      },
    });
    renderAdmin('/admin/products');
    await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Action: Jogoo Maize Meal 2kg' }));
    fireEvent.click(await screen.findByText('Archive'));
    const confirm = await screen.findByText('Archive Jogoo Maize Meal 2kg?', { selector: '.shop-admin-modal-confirm-title' });
    expect(archived).toEqual([]);
    const box = confirm.closest('.shop-admin-modal-confirm') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(archived).toEqual(['/api/admin/products/archive/7']));
    await findToast('Jogoo Maize Meal 2kg archived.');
    await waitFor(() => expect(listQueries.length).toBe(2));
  });

  it("shows 'Add Products' when there are none", async () => {
    mockApi({ 'GET /admin/products(\\?.*)?': () => [], 'GET /admin/brands': () => BRANDS });
    renderAdmin('/admin/products');
    expect(await screen.findByRole('button', { name: 'Add Products' })).toBeTruthy();
  });
});

describe('product modal', () => {
  it("'Add New Product' checks the required fields and sends nothing", async () => {
    const { sent } = catalogue();
    renderAdmin('/admin/products');
    await openAdd();
    expect(within(dialog()).getByText('Add New Product')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Product' }));
    for (const text of [
      'Please enter the product name.',
      'Please choose a brand.',
      'Please choose a category.',
      'Please choose a SKU.',
      'Please enter the unit, e.g. 2kg.',
      'Please enter the regular price.',
      'Please enter a short description.',
      'Please enter the product description.',
      IMAGE_MESSAGES.required,
    ]) {
      expect(await within(dialog()).findByText(text)).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it("shows the computed discount as 'N% off' (2 decimals) and refuses an offer at or above the price", async () => {
    catalogue();
    renderAdmin('/admin/products');
    await openAdd();
    typeInto('Regular Price', '235');
    typeInto('Offer Price', '199.99');
    await waitFor(() => expect(within(dialog()).getByTestId('discount').textContent).toBe('14.90% off'));
    typeInto('Offer Price', '240');
    await waitFor(() => expect(within(dialog()).getByTestId('discount').textContent).toBe('—'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Product' }));
    expect(await within(dialog()).findByText('The offer price must be lower than the regular price.')).toBeTruthy();
  });

  it('refuses an image that is not JPEG, PNG or WebP, or larger than 2 MB', async () => {
    catalogue();
    renderAdmin('/admin/products');
    await openAdd();
    pickImage(new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    await findToast(IMAGE_MESSAGES.type);
    pickImage(png(2 * 1024 * 1024 + 1));
    await findToast(IMAGE_MESSAGES.size);
    expect(dialog().querySelectorAll('.shop-admin-upload-list-item')).toHaveLength(0);
    pickImage(png(2 * 1024 * 1024));
    await waitFor(() => expect(dialog().querySelectorAll('.shop-admin-upload-list-item')).toHaveLength(1));
  });

  it('Save Draft posts a multipart body with every field, status=draft, offer_percent and the image', async () => {
    const { sent } = catalogue();
    renderAdmin('/admin/products');
    await openAdd();
    await fillValidForm();
    fireEvent.click(within(dialog()).getByRole('switch'));
    await pickGoodImage(png(2048, 'image/webp', 'maize.webp'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/admin/products/store');
    expect(sent[0]!.fields).toEqual({
      name: 'Jogoo Maize Meal 5kg',
      brand_id: '1',
      category_id: '1',
      sku_id: '2',
      unit: '5kg',
      price: '560.00',
      offer_price: '499.99',
      offer_percent: '10.72',
      short_description: '<p>Sifted</p>',
      description: '<p>Sifted maize meal, 5kg.</p>',
      minimum_quantity: '1',
      maximum_quantity: '10',
      status: 'draft',
      is_featured: '1',
    });
    expect(sent[0]!.image?.name).toBe('maize.webp');
    expect(sent[0]!.image?.size).toBe(2048);
    await findToast(ADMIN_MESSAGES.productSaved);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Edit Product' starts from the product, sends status=published without a new image and says it was updated", async () => {
    const { sent } = catalogue();
    renderAdmin('/admin/products');
    await screen.findByText('Jogoo Maize Meal 2kg', { selector: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Action: Jogoo Maize Meal 2kg' }));
    fireEvent.click(await screen.findByText('Edit'));
    await screen.findByText('Edit Product');
    expect((within(dialog()).getByLabelText('Product Name') as HTMLInputElement).value).toBe('Jogoo Maize Meal 2kg');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/admin/products/update/7');
    expect(sent[0]!.fields.status).toBe('published');
    expect(sent[0]!.fields.is_featured).toBe('0');
    expect(sent[0]!.image).toBeNull();
    await findToast(ADMIN_MESSAGES.productUpdated);
  });

  it('a 422 shows each field message as an error toast and under its field', async () => {
    catalogue({
      'POST /admin/products/store': () =>
        respond(422, {
          message: 'The given data was invalid.',
          errors: { name: ['The name has already been taken.'], image: ['The image may not be greater than 2 MB.'] },
        }),
    });
    renderAdmin('/admin/products');
    await openAdd();
    await fillValidForm();
    await pickGoodImage(png());
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add Product' }));
    await findToast('The name has already been taken.');
    await findToast('The image may not be greater than 2 MB.');
    expect(
      within(dialog()).getByText('The name has already been taken.', { selector: '.shop-admin-form-item-explain-error' }),
    ).toBeTruthy();
  });

  it('closing resets the form', async () => {
    catalogue();
    renderAdmin('/admin/products');
    await openAdd();
    typeInto('Product Name', 'Half-typed');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: /Add Product/ })[0]!);
    await screen.findByRole('dialog');
    expect((within(dialog()).getByLabelText('Product Name') as HTMLInputElement).value).toBe('');
  });
});

describe('product detail', () => {
  it('shows the image, name, price, status and the orders containing the product', async () => {
    const detail: AdminProductDetail = {
      ...product({ offer: { offer_price: 199, discount: { name: '15.32%', percent: 15.32 } } }),
      order_items: [
        {
          order_id: 41,
          order_number: 'SHW-1041',
          customer_first_name: 'Juma',
          amount: 995,
          date: '2026-01-12T09:30:00.000Z',
          status: STATUSES[4]!,
          is_paid: 1,
        },
      ],
    };
    mockApi({ 'GET /admin/products/view/7': () => detail });
    renderAdmin('/admin/product/7');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jogoo Maize Meal 2kg' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Jogoo Maize Meal 2kg' }).getAttribute('src')).toBe(
      'http://localhost/media/products/jogoo-2kg.webp',
    );
    expect(screen.getByText('KSh 199.00')).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    expect(tableRows().map(cellTexts)).toEqual([['SHW-1041', 'Juma', 'KSh 995.00', '12 Jan 2026', 'Delivered', 'Paid']]);
    expect(screen.getByRole('link', { name: 'SHW-1041' }).getAttribute('href')).toBe('/admin/orders/41');
  });

  it('a product that does not exist shows NotFound', async () => {
    mockApi({ 'GET /admin/products/view/999': () => respond(404, { message: 'Product not found.' }) });
    renderAdmin('/admin/product/999');
    expect(await screen.findByText('This product was not found.')).toBeTruthy();
  });
});
