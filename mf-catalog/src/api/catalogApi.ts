import { api } from '@shop/store-kit';
import type { Brand, Category, Product, ProductFilterResult, ProductSort, SearchAnswer } from '@shop/api-types';

export interface FilterArgs {
  brand: string;
  category?: string;
  sort?: ProductSort;
}

/**
 * The API answers a malformed slug (/product/Foo) 400: to the shopper and the gateway's status it
 * is a page that does not exist, like an unknown slug, not one that could not load.
 */
const slugNotFound = <Error extends { status: unknown }>(error: Error): Error => (error.status === 400 ? { ...error, status: 404 } : error);

/** The catalogue's calls (spec section 7), injected into the storefront's one api. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBrands: build.query<Brand[], void>({ query: () => 'site/brands', providesTags: ['Brand'] }),
    getCategories: build.query<Category[], void>({ query: () => 'site/categories', providesTags: ['Category'] }),
    getFeatured: build.query<Product[], void>({ query: () => 'site/products/featured', providesTags: ['Product'] }),
    getFavorites: build.query<Product[], void>({ query: () => 'site/products/favorites', providesTags: ['Product'] }),
    getTopProducts: build.query<Product[], void>({ query: () => 'site/products/sort_filter?sort=popular', providesTags: ['Product'] }),
    filterProducts: build.query<ProductFilterResult, FilterArgs>({
      query: ({ brand, category, sort }) => {
        const params = new URLSearchParams();
        if (category && category !== 'all') params.set('category', category);
        if (sort && sort !== 'default') params.set('sort', sort);
        const query = params.toString() ? `?${params}` : '';
        return brand === 'all'
          ? `site/products/filter?brand=all${query ? `&${params}` : ''}`
          : `site/products/filter/${encodeURIComponent(brand)}${query}`;
      },
      transformErrorResponse: slugNotFound,
      providesTags: ['Product'],
    }),
    getProduct: build.query<Product, string>({
      query: (slug) => `site/products/view/${encodeURIComponent(slug)}`,
      transformErrorResponse: slugNotFound,
      providesTags: ['Product'],
    }),
    /** The shop's one search (the header's suggestions and the assistant ask it too). */
    searchProducts: build.query<SearchAnswer, string>({
      query: (search) => `site/search?q=${encodeURIComponent(search)}`,
      providesTags: ['Product'],
    }),
  }),
});

export const {
  useGetBrandsQuery,
  useGetCategoriesQuery,
  useGetFeaturedQuery,
  useGetFavoritesQuery,
  useGetTopProductsQuery,
  useFilterProductsQuery,
  useGetProductQuery,
  useSearchProductsQuery,
} = catalogApi;

/** A 404 from the API, as RTK Query reports it. */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
