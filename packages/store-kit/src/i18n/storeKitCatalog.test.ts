import { join } from 'node:path';
import type { Product } from '@shop/api-types';
import type { CartProduct } from '../cart/cartSlice';
import { cartChangeMessage } from '../cart/cartPrices';
import { addToCart, changeQuantity, removeFromCart } from '../cart/cartThunks';
import { apiErrorMessages } from '../errors';
import { applyPageMeta } from '../pageMeta';
import { createShopStore } from '../store';
import { onToast, type ToastRequest } from '../toasts';
import { toggleWishlist } from '../wishlist/wishlistSlice';
import { catalogProblems, idsUsedIn } from './catalogCheck';
import { switchLanguage } from './language';
import en from './locales/en.json';
import sw from './locales/sw.json';

const raised: ToastRequest[] = [];
onToast((request) => raised.push(request));
const messages = () => raised.map((request) => request.message);

const flour: CartProduct = {
  id: 7,
  name: 'Mlima Gold Sifted Maize Meal 2kg',
  slug: 'mlima-gold-sifted-2kg',
  image: '/media/products/x.svg',
  unit: '2 kg',
  price: 180,
  offer: null,
  limit: { minimum_quantity: 1, maximum_quantity: 2 },
};

beforeEach(() => {
  localStorage.clear();
  raised.length = 0;
});

describe("store-kit's catalog", () => {
  it('has every id the code uses, each translated into Swahili with the same arguments', () => {
    const source = join(__dirname, '..');
    // The i18n machinery's comments show the pattern with other apps' ids: only the rest of the kit speaks.
    const examples = idsUsedIn(__dirname);
    const unknown = [...idsUsedIn(source)].filter((id) => !examples.has(id) && !(id in en));
    expect(unknown).toEqual([]);
    expect(idsUsedIn(source).has('cart.added')).toBe(true);
    expect(catalogProblems({ en, translations: { sw } })).toEqual([]);
  });
});

describe('the kit in Swahili', () => {
  beforeEach(async () => {
    await switchLanguage('sw');
  });
  afterEach(async () => {
    await switchLanguage('en');
  });

  it("says the cart's toasts in Swahili", () => {
    const store = createShopStore();
    store.dispatch(addToCart(flour));
    store.dispatch(addToCart(flour));
    store.dispatch(changeQuantity(flour.id, 3));
    store.dispatch(removeFromCart(flour.id));
    expect(messages()).toEqual([
      'Mlima Gold Sifted Maize Meal 2kg imewekwa kwenye kikapu',
      'Idadi ya Mlima Gold Sifted Maize Meal 2kg kwenye kikapu imebadilishwa',
      'Umefikia kiwango cha juu unachoweza kuweka kwenye kikapu kwa bidhaa hii',
      'Mlima Gold Sifted Maize Meal 2kg imeondolewa kwenye kikapu',
    ]);
  });

  it("says the wishlist's toasts in Swahili", () => {
    const store = createShopStore();
    // The toasts read the name alone.
    const product = { id: 3, name: 'Mlima Gold Sifted Maize Meal 2kg' } as Product;
    store.dispatch(toggleWishlist(product));
    store.dispatch(toggleWishlist(product));
    expect(messages()).toEqual([
      'Mlima Gold Sifted Maize Meal 2kg imewekwa kwenye orodha ya matamanio',
      'Mlima Gold Sifted Maize Meal 2kg imeondolewa kwenye orodha ya matamanio',
    ]);
  });

  it("says what the cart's re-pricing changed in Swahili, prices still as KSh 1,930.00", () => {
    expect(cartChangeMessage({ kind: 'price', id: 7, name: 'Pishori Rice 5kg', unitCents: 193000 })).toBe(
      'Bei ya Pishori Rice 5kg sasa ni KSh 1,930.00',
    );
    expect(cartChangeMessage({ kind: 'limit', id: 7, name: 'Pishori Rice 5kg', maximum: 3 })).toBe(
      'Unaweza kuagiza Pishori Rice 5kg zisizozidi 3: kikapu chako kimerekebishwa',
    );
    expect(cartChangeMessage({ kind: 'unavailable', id: 7, name: 'Pishori Rice 5kg' })).toBe(
      'Pishori Rice 5kg haipatikani tena. Tafadhali iondoe kwenye kikapu chako.',
    );
  });

  it("falls back to a Swahili plea for a failed call with no message, and the shop's description in Swahili", () => {
    expect(apiErrorMessages({ status: 'FETCH_ERROR' })).toEqual(['Hitilafu imetokea. Tafadhali jaribu tena.']);
    applyPageMeta({ title: 'Kikapu' });
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(sw['meta.description']);
  });

  it('speaks English again after a switch back, in the English of the spec', async () => {
    await switchLanguage('en');
    expect(cartChangeMessage({ kind: 'price', id: 7, name: 'Pishori Rice 5kg', unitCents: 193000 })).toBe(
      'The price of Pishori Rice 5kg is now KSh 1,930.00',
    );
    expect(apiErrorMessages({ status: 'FETCH_ERROR' })).toEqual(['Something went wrong. Please try again.']);
  });
});
