import type { ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale';
import datePickerEnglish from 'antd/es/date-picker/locale/en_US';

/** antd classes carry this prefix, so no admin style can match (or be matched by) a storefront class. */
export const ADMIN_PREFIX = 'shop-admin';
export const ADMIN_ICON_PREFIX = 'shop-admin-icon';
export const PRIMARY_COLOUR = '#1f6f3a';
/** The spec's chart colour for the orders and revenue lines. */
export const LINE_COLOUR = '#6dd144';
export const CHART_HEIGHT = 350;

/**
 * antd's defaults put secondary text, placeholders, the danger menu item and the preset green tags
 * below WCAG AA contrast (4.5:1): these tokens bring each to at least that on its background.
 */
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 6,
    // Secondary and description text (statistic titles, breadcrumbs, hints): 7:1 on white.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    // Tertiary text (the labels of a detail page's Descriptions, on their grey fill): 5.7:1 on #fafafa.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // Placeholders ('All statuses'): 4.6:1 on white.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Errors and 'Log Out' (a danger menu item): antd's red-7, 5.9:1 on white.
    colorError: '#cf1322',
    // The preset green (Paid, Published, Admin tags): a darker seed, so its tag text reads on its light fill.
    green: '#237804',
  },
  components: {
    Layout: { siderBg: '#ffffff', headerBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { itemSelectedBg: '#e3f1e7', itemSelectedColor: '#14532d', dangerItemColor: '#cf1322', dangerItemSelectedColor: '#cf1322' },
  },
};

/**
 * A status colour from the server made dark enough to read as tag text on the tag's light fill
 * (mixed with black; the hue stays): '#f59e0b' (amber, 2:1) becomes about 6:1.
 */
export function readableTagColour(hex: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return hex;
  const value = Number.parseInt(match[1]!, 16);
  const darken = (channel: number) =>
    Math.round(channel * 0.5)
      .toString(16)
      .padStart(2, '0');
  return `#${darken((value >> 16) & 255)}${darken((value >> 8) & 255)}${darken(value & 255)}`;
}

/**
 * antd's English, but the date picker's header buttons (the year "2026", the month "Nov") are
 * named by what they show: antd names them "Choose a year" and "Choose a month", so a voice
 * command "click 2026" finds nothing (WCAG 2.5.3). An empty aria-label leaves the name to the
 * button's text. Every other component keeps antd's default English.
 */
export const adminLocale: Locale = {
  locale: 'en',
  DatePicker: {
    ...datePickerEnglish,
    lang: { ...datePickerEnglish.lang, yearSelect: '', monthSelect: '', decadeSelect: '' },
  },
};
