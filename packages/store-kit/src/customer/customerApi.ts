import type { Address, AddressBody, AddressSavedResponse, CustomerProfile, MessageResponse } from '@shop/api-types';
import { api } from '../api';

/** POST /api/profile/update: the password only when the customer changes it; the current password with a new email or password. */
export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password?: string;
  password_confirmation?: string;
  current_password?: string;
}

/**
 * The signed-in customer's profile and saved addresses (spec section 7), defined once for every
 * remote that shows them: the account pages edit them, the checkout and the assistant prefill
 * their forms from them. One definition means one cache entry per call, so an edit on one page
 * refreshes the others through the same tags.
 */
export const customerApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<CustomerProfile, void>({ query: () => 'get-profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<MessageResponse, ProfileUpdate>({
      query: (body) => ({ url: 'profile/update', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    getAddresses: build.query<Address[], void>({ query: () => 'addresses', providesTags: ['Address'] }),
    createAddress: build.mutation<AddressSavedResponse, AddressBody>({
      query: (body) => ({ url: 'addresses', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<AddressSavedResponse, AddressBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `addresses/update/${id}`, method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useGetAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = customerApi;
