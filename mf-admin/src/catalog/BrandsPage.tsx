import { TaxonomyListPage } from './taxonomy';

export default function BrandsPage(): JSX.Element {
  return <TaxonomyListPage kind="brand" />;
}
