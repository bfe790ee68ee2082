import type { ThemeConfig } from 'antd';

/** antd classes carry this prefix, so no admin style can match (or be matched by) a storefront class. */
export const ADMIN_PREFIX = 'shop-admin';
export const ADMIN_ICON_PREFIX = 'shop-admin-icon';
export const PRIMARY_COLOUR = '#1f6f3a';
/** The spec's chart colour for the orders and revenue lines. */
export const LINE_COLOUR = '#6dd144';
export const CHART_HEIGHT = 350;

export const adminTheme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOUR, colorLink: PRIMARY_COLOUR, borderRadius: 6 },
  components: { Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 24px' } },
};
