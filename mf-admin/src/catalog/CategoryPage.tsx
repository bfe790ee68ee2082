import { TaxonomyViewPage } from './taxonomy';

export default function CategoryPage(): JSX.Element {
  return <TaxonomyViewPage kind="category" />;
}
