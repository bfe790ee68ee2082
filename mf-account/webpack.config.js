const { createConfig } = require('@shop/mf-config');

module.exports = createConfig({
  dir: __dirname,
  name: 'mf_account',
  exposes: {
    './LoginPage': './src/auth/LoginPage.tsx',
    './RegisterPage': './src/auth/RegisterPage.tsx',
    './ForgotPasswordPage': './src/auth/ForgotPasswordPage.tsx',
    './ProfileArea': './src/profile/ProfileArea.tsx',
  },
});
