/** /product/{slug}: image, name, price, offer badge and price, short description, Add to Cart, Product Description. */
export default function ProductPage(): JSX.Element;
