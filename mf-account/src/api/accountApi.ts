import type {
  CustomerOrdersResponse,
  LoginBody,
  LoginResponse,
  MessageResponse,
  Order,
  PointsHistory,
  RegisterBody,
  RegisterResponse,
} from '@shop/api-types';
import { api } from '@shop/store-kit';

export interface ForgotPasswordBody {
  email: string;
  code?: string;
  password?: string;
  password_confirmation?: string;
}

/**
 * The customer account calls (spec section 7), injected into the storefront's one api. The profile
 * and addresses are the store kit's (customerApi), shared with the checkout and the assistant.
 */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({ query: (body) => ({ url: 'login', method: 'POST', body }) }),
    register: build.mutation<RegisterResponse, RegisterBody>({ query: (body) => ({ url: 'site/register', method: 'POST', body }) }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: 'forgot-password', method: 'POST', body }),
    }),
    logout: build.mutation<MessageResponse, void>({ query: () => ({ url: 'logout', method: 'POST' }) }),
    getPoints: build.query<PointsHistory, void>({ query: () => 'points', providesTags: ['Points'] }),
    getOrders: build.query<CustomerOrdersResponse, void>({ query: () => 'orders', providesTags: ['Order'] }),
    getOrder: build.query<Order, string>({
      query: (orderNumber) => `orders/view/${encodeURIComponent(orderNumber)}`,
      providesTags: ['Order'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useLogoutMutation,
  useGetPointsQuery,
  useGetOrdersQuery,
  useGetOrderQuery,
} = accountApi;
