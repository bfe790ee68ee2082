import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { County, SubCounty } from '@shop/api-types';
import { createI18n, LanguageProvider, switchLanguage, type CartProduct } from '@shop/store-kit';
import { catalogProblems } from '@shop/store-kit/i18n/catalogCheck';
import { mockApi, renderWithStore, resetShopState } from '@shop/store-kit/testing';
import { AddToCartControl } from '../AddToCartControl';
import { Loading } from '../Loading';
import { NotFound } from '../NotFound';
import { CountyFields } from '../places/CountyFields';
import { Price } from '../Price';
import en from './locales/en.json';
import sw from './locales/sw.json';

const flour: CartProduct = {
  id: 2,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-maize-meal-2kg',
  image: '/media/products/mlima-gold-sifted-maize-meal-2kg.svg',
  unit: '2 kg',
  price: 179.5,
  offer: { offer_price: 165, discount: { name: '8.08%', percent: 8.08 } },
  limit: { minimum_quantity: 1, maximum_quantity: 2 },
};

const MOMBASA: County = { id: 1, name: 'Mombasa' };
const NYALI: SubCounty = { id: 11, name: 'Nyali' };

const inRouter = (ui: JSX.Element) => <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{ui}</MemoryRouter>;

describe("storefront-ui's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    expect(catalogProblems({ en, translations: { sw }, sourceDir: `${__dirname}/..` })).toEqual([]);
  });
});

describe('the shared pieces on a page in Swahili (the header switch)', () => {
  beforeEach(async () => {
    await act(async () => switchLanguage('sw'));
  });
  afterEach(async () => {
    await act(async () => switchLanguage('en'));
    resetShopState();
  });

  it('Add to Cart, its toast, the stepper and its maximum speak Swahili', async () => {
    renderWithStore(<AddToCartControl product={flour} />);
    const add = screen.getByRole('button', { name: `Weka kwenye kikapu: ${flour.name}` });
    expect(add.textContent).toBe('Weka kwenye kikapu');

    fireEvent.click(add);
    expect(await screen.findByText(`${flour.name} imewekwa kwenye kikapu`)).toBeTruthy();

    const stepper = screen.getByRole('group', { name: `Idadi ya ${flour.name}` });
    const quantity = within(stepper).getByRole('spinbutton', { name: `Idadi ya ${flour.name}` }) as HTMLInputElement;
    fireEvent.click(within(stepper).getByRole('button', { name: `Ongeza ${flour.name} moja zaidi` }));
    expect(quantity.value).toBe('2');
    fireEvent.click(within(stepper).getByRole('button', { name: `Ongeza ${flour.name} moja zaidi` }));
    expect(await screen.findByText('Umefikia kiwango cha juu unachoweza kuweka kwenye kikapu kwa bidhaa hii')).toBeTruthy();

    fireEvent.click(within(stepper).getByRole('button', { name: `Punguza ${flour.name} moja` }));
    fireEvent.click(within(stepper).getByRole('button', { name: `Punguza ${flour.name} moja` }));
    expect(await screen.findByText(`${flour.name} imeondolewa kwenye kikapu`)).toBeTruthy();
    expect(screen.getByRole('button', { name: `Weka kwenye kikapu: ${flour.name}` })).toBeTruthy();
  });

  it('NotFound: heading, message and the way back in Swahili; a message given is kept', () => {
    const { rerender } = render(inRouter(<NotFound />));
    expect(screen.getByRole('heading', { level: 1, name: 'Ukurasa haupatikani' })).toBeTruthy();
    expect(screen.getByText('Hatukupata ukurasa huo. Huenda umehamishwa, au kiungo si sahihi.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Endelea kununua' }).getAttribute('href')).toBe('/shop/all');

    rerender(inRouter(<NotFound message="Hatukupata bidhaa hiyo." />));
    expect(screen.getByText('Hatukupata bidhaa hiyo.')).toBeTruthy();
    expect(screen.queryByText(/Huenda umehamishwa/)).toBeNull();
  });

  it("Loading's own label, and the struck price's label, prices still as KSh", () => {
    render(<Loading />);
    expect(screen.getByRole('status').textContent).toBe('Inapakia…');
    render(<Price price={1980} offer={{ offer_price: 1850, discount: { name: '6.57%', percent: 6.57 } }} />);
    expect(screen.getByText('KSh 1,980.00').getAttribute('aria-label')).toBe('awali KSh 1,980.00');
  });

  it('CountyFields labels its dropdowns in Swahili without being told, and keeps labels it is given', async () => {
    mockApi({
      'GET /site/counties': () => [MOMBASA],
      'GET /site/counties/subcounty/1': () => [NYALI],
    });
    const fields = (labels?: Parameters<typeof CountyFields>[0]['labels']) => (
      <CountyFields countyId="" subCountyId="" onChange={() => undefined} labels={labels} />
    );
    const { unmount } = renderWithStore(fields());
    const county = screen.getByRole('combobox', { name: 'Kaunti' });
    const subCounty = screen.getByRole('combobox', { name: 'Kaunti ndogo' });
    expect(await within(county).findByRole('option', { name: 'Mombasa' })).toBeTruthy();
    expect(within(county).getByRole('option', { name: 'Chagua kaunti' })).toBeTruthy();
    expect(within(subCounty).getByRole('option', { name: 'Chagua kaunti kwanza' })).toBeTruthy();
    unmount();

    renderWithStore(
      fields({
        county: 'County of delivery',
        subCounty: 'Area',
        loadingCounties: '…',
        selectCounty: 'Pick one',
        selectCountyFirst: 'Pick a county first',
        loadingSubCounties: '…',
        selectSubCounty: 'Pick an area',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'County of delivery' })).toBeTruthy();
    expect(within(screen.getByRole('combobox', { name: 'Area' })).getByRole('option', { name: 'Pick a county first' })).toBeTruthy();
  });
});

describe('a drawing in Swahili (a first-screen renderer)', () => {
  it("loads this package's catalog without the app naming it", async () => {
    const i18n = await createI18n('sw', []);
    render(
      <LanguageProvider i18n={i18n}>
        <Loading />
      </LanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Inapakia…');
  });
});
