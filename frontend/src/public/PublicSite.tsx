import { Route, Routes } from 'react-router-dom';
import { AiPolicyPage, ForgotPasswordPage, LandingPage, LoginPage, PrivacyPolicyPage, ResetPasswordPage, TermsPage } from './publicPages';
import { PublicTheme } from './PublicTheme';

/**
 * The pages a signed-out visitor opens first (landing, sign-in, legal, password reset), served
 * without react-admin: plain React, react-router and the MUI components each page uses. The app
 * (App.tsx) is fetched only when a signed-in route is opened or someone signs in.
 */
export function PublicSite() {
  return (
    <PublicTheme>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-and-conditions" element={<TermsPage />} />
        <Route path="/ai-policy" element={<AiPolicyPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </Routes>
    </PublicTheme>
  );
}
