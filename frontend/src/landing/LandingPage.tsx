import Box from '@mui/material/Box';
import { useCallback, useRef } from 'react';
import { ClosingCallToAction } from './ClosingCallToAction';
import { FeatureCards } from './FeatureCards';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LandingHeader } from './LandingHeader';
import { PRODUCT_NAME, focusVisibleStyles, usePublicPage } from './publicPage';

export function LandingPage() {
  usePublicPage(PRODUCT_NAME);
  const featuresHeadingRef = useRef<HTMLHeadingElement>(null);

  const showFeatures = useCallback(() => {
    const heading = featuresHeadingRef.current;
    if (!heading) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // preventScroll keeps the smooth scroll above from being cut short by an instant jump.
    heading.focus({ preventScroll: true });
  }, []);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
        ...focusVisibleStyles,
      }}
    >
      <LandingHeader />
      <Box component="main" sx={{ flex: 1 }}>
        <Hero onLearnMore={showFeatures} />
        <FeatureCards headingRef={featuresHeadingRef} />
        <ClosingCallToAction />
      </Box>
      <LandingFooter />
    </Box>
  );
}
