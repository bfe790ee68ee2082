import { TaxonomyListPage } from './taxonomy';

export default function CategoriesPage(): JSX.Element {
  return <TaxonomyListPage kind="category" />;
}
