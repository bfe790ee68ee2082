/** /wishlist: the products saved in this browser, to remove or add to the cart. */
export default function WishlistPage(): JSX.Element;
