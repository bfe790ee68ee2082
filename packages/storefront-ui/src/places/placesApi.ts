import type { County, SubCounty } from '@shop/api-types';
import { api } from '@shop/store-kit';

/** Kenya's 47 counties and their sub-counties, for every address form of the storefront. */
export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCounties: build.query<County[], void>({ query: () => 'site/counties', keepUnusedDataFor: 3600 }),
    getSubCounties: build.query<SubCounty[], number>({
      query: (countyId) => `site/counties/subcounty/${countyId}`,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetCountiesQuery, useGetSubCountiesQuery } = placesApi;
