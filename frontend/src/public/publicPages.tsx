import { FullPageLoading } from '../common/FullPageLoading';
import { lazyComponent } from '../common/lazyComponent';

/**
 * The public pages, each its own chunk, shared by PublicSite (before the app starts) and the app's
 * routes (after it has): the same lazy component, so a page is fetched once whichever tree shows it.
 */
const full = <FullPageLoading />;
export const LandingPage = lazyComponent(() => import('../landing/LandingPage'), 'LandingPage', full);
export const LoginPage = lazyComponent(() => import('../login/LoginPage'), 'LoginPage', full);
export const PrivacyPolicyPage = lazyComponent(() => import('../legal/PrivacyPolicyPage'), 'PrivacyPolicyPage', full);
export const TermsPage = lazyComponent(() => import('../legal/TermsPage'), 'TermsPage', full);
export const AiPolicyPage = lazyComponent(() => import('../legal/AiPolicyPage'), 'AiPolicyPage', full);
export const ForgotPasswordPage = lazyComponent(() => import('../login/PasswordResetPages'), 'ForgotPasswordPage', full);
export const ResetPasswordPage = lazyComponent(() => import('../login/PasswordResetPages'), 'ResetPasswordPage', full);
