import { TaxonomyViewPage } from './taxonomy';

export default function BrandPage(): JSX.Element {
  return <TaxonomyViewPage kind="brand" />;
}
