import { ComingSoon } from '../common/ComingSoon';
import { usePageTitle } from '../common/usePageTitle';
import type { PlannedPage as PlannedPageInfo } from '../routes';

/** A signed-in page that is not built yet. */
export function PlannedPage({ page }: { page: PlannedPageInfo }) {
  usePageTitle(page.title);
  return <ComingSoon title={page.title} description={page.description} />;
}
