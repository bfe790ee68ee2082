import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router-dom';
import type { PageMeta } from '@shop/store-kit';
import { RemoteArea } from '../federation/RemoteArea';
import { Layout } from '../layout/Layout';
import { Loading, NotFound } from '@shop/storefront-ui';

const StaticPage = lazy(() => import('../pages/static/StaticPage'));

/** Route metadata: the page title and description set after every navigation. */
export interface RouteHandle {
  meta: PageMeta;
}

/** A page that lives in a remote; the boundary resets when the path changes. */
function RemotePage({ remote, module, area }: { remote: string; module: string; area: string }): JSX.Element {
  const location = useLocation();
  return <RemoteArea remote={remote} module={module} area={area} resetKey={location.pathname} />;
}

const CatalogPage = ({ module }: { module: string }) => <RemotePage remote="mf_catalog" module={module} area="catalogue" />;
const AccountPage = ({ module }: { module: string }) => <RemotePage remote="mf_account" module={module} area="account pages" />;
const CheckoutPage = ({ module }: { module: string }) => <RemotePage remote="mf_checkout" module={module} area="checkout" />;
const ChatPage = () => <RemotePage remote="mf_chat" module="ChatPage" area="shopping assistant" />;

const staticPage = (page: 'faqs' | 'return-policy' | 'privacy-policy' | 'terms'): ReactNode => (
  <Suspense fallback={<Loading tall />}>
    <StaticPage page={page} />
  </Suspense>
);

const route = (path: string, element: ReactNode, meta: PageMeta): RouteObject => ({ path, element, handle: { meta } satisfies RouteHandle });

/** The storefront's public route table (spec section 2). Areas not built yet fall through to NotFound. */
export const routes: RouteObject[] = [
  // The back office has its own layout (antd), outside the storefront's header and footer.
  route('/admin/*', <RemotePage remote="mf_admin" module="AdminApp" area="back office" />, { title: 'Back Office', description: 'Shwari Shop back office.' }),
  {
    element: <Layout />,
    children: [
      route('/', <CatalogPage module="HomePage" />, {
        title: 'Shwari Shop',
        description: 'Maize meal, wheat and baking flour, porridge flours, rice, cooking oil and animal feeds from our mills, delivered free across Kenya.',
      }),
      { path: '/shop', element: <Navigate to="/shop/all" replace /> },
      route('/shop/all', <CatalogPage module="ShopPage" />, { title: 'Shop', description: 'Every product from our mills, with brand and product-type filters.' }),
      route('/shop/:brandSlug', <CatalogPage module="ShopPage" />, { title: 'Shop', description: 'Products of one of our brands.' }),
      route('/shop/:brandSlug/:categorySlug', <CatalogPage module="ShopPage" />, { title: 'Shop', description: 'Products by brand and type.' }),
      route('/brand/:slug', <CatalogPage module="BrandPage" />, { title: 'Brand', description: 'Products of one of our brands.' }),
      route('/product/:slug', <CatalogPage module="ProductPage" />, { title: 'Product', description: 'Product details, price and offers.' }),
      route('/wishlist', <CatalogPage module="WishlistPage" />, { title: 'My Wishlist', description: 'Products you saved for later.' }),
      route('/search', <CatalogPage module="SearchPage" />, { title: 'Search', description: 'Search results.' }),
      route('/login', <AccountPage module="LoginPage" />, { title: 'Login', description: 'Sign in to your Shwari Shop account.' }),
      route('/register', <AccountPage module="RegisterPage" />, { title: 'Register', description: 'Create an account and earn 20 Shwari Points.' }),
      route('/forgot-password', <AccountPage module="ForgotPasswordPage" />, { title: 'Forgot Password', description: 'Reset your password with a code sent to your email.' }),
      route('/profile/*', <AccountPage module="ProfileArea" />, { title: 'My Account', description: 'Your profile, addresses and Shwari Points.' }),
      route('/cart', <CheckoutPage module="CartPage" />, { title: 'Cart', description: 'Your shopping cart. Free delivery countrywide.' }),
      route('/checkout', <CheckoutPage module="CheckoutPage" />, { title: 'Checkout', description: 'Delivery details and secure online payment.' }),
      route('/success', <CheckoutPage module="SuccessPage" />, { title: 'Thank you', description: 'Your order has been paid.' }),
      route('/failed', <CheckoutPage module="FailedPage" />, { title: 'Payment not completed', description: 'Your order could not be processed.' }),
      route('/chat', <ChatPage />, { title: 'Shopping Assistant', description: 'Ask our shopping assistant for products, fill your cart and pay, all in one conversation.' }),
      route('/faqs', staticPage('faqs'), { title: 'FAQs', description: 'Answers about orders, delivery, payment, returns and Shwari Points.' }),
      route('/return-policy', staticPage('return-policy'), { title: 'Return Policy', description: 'Refunds, returns and exchanges.' }),
      route('/privacy-policy', staticPage('privacy-policy'), { title: 'Privacy Policy', description: 'How we handle your data.' }),
      route('/terms', staticPage('terms'), { title: 'Terms and Conditions', description: 'The terms of buying from our shop.' }),
      route('*', <NotFound />, { title: 'Page not found', description: 'The page you asked for is not here.' }),
    ],
  },
];
