/** /cart: the lines with steppers and remove, Cart Totals, and the way on to the checkout. */
export default function CartPage(): JSX.Element;
