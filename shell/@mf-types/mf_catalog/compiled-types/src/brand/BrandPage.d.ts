/** /brand/{slug}: brand logo buttons, '{brand name} Products', product cards with quick view. */
export default function BrandPage(): JSX.Element;
