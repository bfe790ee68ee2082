export { api, apiBaseUrl } from './api';
export { rootReducer, createShopStore, type RootState, type AppDispatch, type AppThunk, type ShopStore } from './store';
export { useAppDispatch, useAppSelector } from './hooks';
export * from './cart/cartSlice';
export * from './cart/cartThunks';
export * from './cart/selectors';
export * from './cart/cartPrices';
export * from './wishlist/wishlistSlice';
export * from './session/sessionSlice';
export {
  clearFormErrors,
  keepFormErrors,
  notify,
  onToast,
  showFormErrors,
  ToastHost,
  TOAST_DEFAULTS,
  type ToastKind,
  type ToastRequest,
} from './toasts';
export { applyPageMeta, setMeta, usePageMeta, SITE_NAME, type PageMeta } from './pageMeta';
export { safePaymentUrl } from './paymentUrl';
export { readStored, writeStored } from './storage';
export {
  readChatOrderInPayment,
  rememberChatOrderInPayment,
  forgetChatOrderInPayment,
  type ChatOrderInPayment,
} from './orderInPayment/chatOrder';
export { STORAGE_KEYS, SESSION_STORAGE_KEYS, CART_COOKIE, SIGNED_IN_COOKIE, LANGUAGE_COOKIE } from './storageKeys';
export {
  customerApi,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useGetAddressesQuery,
  useCreateAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
  type ProfileUpdate,
} from './customer/customerApi';
export { apiErrorMessages, apiErrorMessage, apiFieldErrors, errorStatus } from './errors';
export { useFormErrorToasts, type MessagesByField } from './useFormErrorToasts';
export { readFirstScreenState, loadFirstScreenQueries } from './firstScreen/loadFirstScreen';
export * from './i18n';
