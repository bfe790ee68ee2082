/** /shop/all, /shop/{brand}, /shop/{brand}/{category}: brand and product-type filters, sort, grid or list. */
export default function ShopPage(): JSX.Element;
