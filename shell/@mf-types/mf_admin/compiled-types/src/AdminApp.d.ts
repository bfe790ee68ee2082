/**
 * The whole back office, mounted by the shell at /admin/* outside the storefront layout. antd lives
 * only here, under its own ConfigProvider and class prefix, so its styles never reach the shop.
 */
export default function AdminApp(): JSX.Element;
