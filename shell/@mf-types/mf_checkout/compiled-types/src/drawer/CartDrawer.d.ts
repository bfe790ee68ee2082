/**
 * The cart drawer, mounted by the shell on every page and opened from the header (cart.open).
 * It loads on every page, so it only uses what the shell already shares (store kit, storefront UI).
 */
export default function CartDrawer(): JSX.Element | null;
