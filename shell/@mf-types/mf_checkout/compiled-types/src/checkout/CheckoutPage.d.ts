/** /checkout: details, shipping, coupon, Shwari Points, summary and payment (spec section 2). */
export default function CheckoutPage(): JSX.Element;
