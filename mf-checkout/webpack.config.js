const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_checkout',
  exposes: {
    './CartDrawer': './src/drawer/CartDrawer.tsx',
    './CartPage': './src/cart/CartPage.tsx',
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './SuccessPage': './src/success/SuccessPage.tsx',
    './FailedPage': './src/failed/FailedPage.tsx',
  },
});
