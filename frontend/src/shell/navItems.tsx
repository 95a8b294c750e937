import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';

type NavIcon = typeof DashboardOutlined;

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
  /** Other paths that highlight this item (the dashboard is also at /dashboard). */
  alsoActiveOn?: readonly string[];
  extra?: 'documents-count' | 'live';
}

/** Sidebar links in the spec's order (doc 1 §2 "Signed-in shell"). */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: DashboardOutlined, alsoActiveOn: ['/dashboard'] },
  { label: 'Documents', to: '/documents', icon: FolderOutlined, extra: 'documents-count' },
  { label: 'Claims Tracker', to: '/claims', icon: AssignmentTurnedInOutlined },
  { label: 'Analytics', to: '/analytics', icon: InsightsOutlined },
  { label: 'AI Copilot', to: '/ai-copilot', icon: SmartToyOutlined, extra: 'live' },
  { label: 'Benefits Learning', to: '/benefits-learning-center', icon: SchoolOutlined },
  { label: 'Templates', to: '/templates', icon: ArticleOutlined },
];

/** Shown only to staff (adjudicators, support, administrators): the staff console. */
export const STAFF_NAV: NavItem = { label: 'Staff console', to: '/console', icon: AdminPanelSettingsOutlined };

export const SECONDARY_NAV: readonly NavItem[] = [
  { label: 'Billing', to: '/billing', icon: CreditCardOutlined },
  { label: 'Settings', to: '/settings', icon: SettingsOutlined },
  { label: 'Help & Support', to: '/help', icon: HelpOutline },
];

/** "/" matches only itself; other items match their path and anything below it. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const paths = [item.to, ...(item.alsoActiveOn ?? [])];
  return paths.some((path) => (path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`)));
}
