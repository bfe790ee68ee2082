import type {
  Address,
  AddressBody,
  AddressSavedResponse,
  CustomerOrdersResponse,
  CustomerProfile,
  LoginBody,
  LoginResponse,
  MessageResponse,
  Order,
  PointsHistory,
  RegisterBody,
  RegisterResponse,
} from '@shop/api-types';
import { api } from '@shop/store-kit';

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password?: string;
  password_confirmation?: string;
}

export interface ForgotPasswordBody {
  email: string;
  code?: string;
  password?: string;
  password_confirmation?: string;
}

/** The customer account calls (spec section 7), injected into the storefront's one api. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({ query: (body) => ({ url: 'login', method: 'POST', body }) }),
    register: build.mutation<RegisterResponse, RegisterBody>({ query: (body) => ({ url: 'site/register', method: 'POST', body }) }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({ query: (body) => ({ url: 'forgot-password', method: 'POST', body }) }),
    logout: build.mutation<MessageResponse, void>({ query: () => ({ url: 'logout', method: 'POST' }) }),
    getProfile: build.query<CustomerProfile, void>({ query: () => 'get-profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<MessageResponse, ProfileUpdate>({
      query: (body) => ({ url: 'profile/update', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    getPoints: build.query<PointsHistory, void>({ query: () => 'points', providesTags: ['Points'] }),
    getAddresses: build.query<Address[], void>({ query: () => 'addresses', providesTags: ['Address'] }),
    createAddress: build.mutation<AddressSavedResponse, AddressBody>({
      query: (body) => ({ url: 'addresses', method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<AddressSavedResponse, AddressBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `addresses/update/${id}`, method: 'POST', body }),
      invalidatesTags: ['Address'],
    }),
    getOrders: build.query<CustomerOrdersResponse, void>({ query: () => 'orders', providesTags: ['Order'] }),
    getOrder: build.query<Order, string>({ query: (orderNumber) => `orders/view/${encodeURIComponent(orderNumber)}`, providesTags: ['Order'] }),
    deleteAddress: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Address'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useLogoutMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useGetPointsQuery,
  useGetAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  useGetOrdersQuery,
  useGetOrderQuery,
} = accountApi;
